/// Why a report could not be written.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    case cannotCreateFolder(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason): return "Cannot create the report folder \(path): \(reason)"
        case .cannotWrite(let path, let reason): return "Cannot write \(path): \(reason)"
        }
    }
}
