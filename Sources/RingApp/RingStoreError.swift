/// Why Ring's private store could not do what was asked, or why what it holds cannot be used.
public enum RingStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A call of the store (on iOS the keychain) failed with this status.
    case status(Int32)
    /// The stored value is neither the JSON form nor 64 lowercase hex.
    case malformedSecret
    /// A stored secret derives another pubky than the item's service.
    case secretDoesNotMatch
    case mnemonicSecretMismatch
    case mnemonicPubkyMismatch

    public var description: String {
        switch self {
        case .status(let status): return "Keychain error \(status)"
        case .malformedSecret: return "The stored secret key is malformed."
        case .secretDoesNotMatch: return "The stored secret key does not belong to this pubky."
        case .mnemonicSecretMismatch: return RingTexts.mnemonicSecretMismatch
        case .mnemonicPubkyMismatch: return RingTexts.mnemonicPubkyMismatch
        }
    }
}
