import Keychain

/// A failure of Bitkit's private keychain store (spec/01 §12).
public enum PrivateKeychainError: Error, Equatable, CustomStringConvertible {
    /// The keychain answered a status other than success (or not-found where that is fine).
    case status(operation: String, key: String, OSStatus)
    /// The item exists but its data is not UTF-8 text.
    case undecodable(key: String)

    public var description: String {
        switch self {
        case .status(let operation, let key, let status):
            return "Keychain \(operation) of \(key) failed with status \(status.rawValue)"
        case .undecodable(let key):
            return "Keychain item \(key) does not hold UTF-8 text"
        }
    }
}
