/// A failure of Bitkit's private store (spec/01 §12): on iOS its keychain group.
public enum PrivateStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store answered a status other than success (or not-found where that is fine).
    case status(operation: String, key: String, code: Int32)
    /// The item exists but its data is not UTF-8 text.
    case undecodable(key: String)

    public var description: String {
        switch self {
        case .status(let operation, let key, let code):
            return "Keychain \(operation) of \(key) failed with status \(code)"
        case .undecodable(let key):
            return "Keychain item \(key) does not hold UTF-8 text"
        }
    }
}
