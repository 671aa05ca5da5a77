/// An error a command reports to the user; the tool maps it to an exit code (DESIGN §8).
public enum CLIError: Error, Equatable, CustomStringConvertible {
    /// Bad command line: exit 2.
    case usage(String)
    /// The action could not run: exit 1.
    case failure(String)

    public var description: String {
        switch self {
        case .usage(let message), .failure(let message): return message
        }
    }
}

/// Ends a command with an exit status after it printed its own report (e.g. failed scenarios).
public struct ExitStatus: Error, Equatable {
    public var code: Int32
    public init(code: Int32) { self.code = code }
}
