/// A journey that cannot run as given: a usage error (exit 2), or a setup that failed (exit 1).
public enum JourneyRunError: Error, Equatable, CustomStringConvertible {
    case usage(String)
    case setupFailed(String)

    public var description: String {
        switch self {
        case .usage(let message), .setupFailed(let message): message
        }
    }
}
