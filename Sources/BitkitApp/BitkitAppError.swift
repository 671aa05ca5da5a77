/// An action the app cannot even start, because the input is wrong (the CLI exits 2).
public enum BitkitAppError: Error, Equatable, CustomStringConvertible {
    /// A bad argument, e.g. a row that is not on Pubky Choice or an invalid recovery phrase.
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .invalidArgument(let message): return message
        }
    }
}
