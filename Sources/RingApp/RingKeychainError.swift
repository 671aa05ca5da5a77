import Keychain

/// Why Ring's private keychain could not do what was asked.
public enum RingKeychainError: Error, Equatable, CustomStringConvertible {
    /// A keychain call failed with this status.
    case status(OSStatus)
    /// The stored value is neither the JSON form nor 64 lowercase hex.
    case malformedSecret
    /// A stored secret derives another pubky than the item's service.
    case secretDoesNotMatch
    case mnemonicSecretMismatch
    case mnemonicPubkyMismatch

    public var description: String {
        switch self {
        case .status(let status): return "Keychain error \(status.rawValue)"
        case .malformedSecret: return "The stored secret key is malformed."
        case .secretDoesNotMatch: return "The stored secret key does not belong to this pubky."
        case .mnemonicSecretMismatch: return RingTexts.mnemonicSecretMismatch
        case .mnemonicPubkyMismatch: return RingTexts.mnemonicPubkyMismatch
        }
    }
}
