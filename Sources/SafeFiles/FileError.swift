/// A system call on a file failed: which call, on which path, and the errno it returned.
public enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
    case io(operation: String, path: String, errno: Int32)

    public var path: String {
        switch self {
        case .io(_, let path, _): return path
        }
    }

    /// The failure without the path: `flock failed: Bad file descriptor`.
    public var reason: String {
        switch self {
        case .io(let operation, _, let code): return "\(operation) failed: \(Posix.errorMessage(code))"
        }
    }

    public var description: String {
        switch self {
        case .io(let operation, let path, let code):
            return "\(operation) failed for \(path): \(Posix.errorMessage(code))."
        }
    }
}
