/// Why a relay channel body cannot be produced or read (spec/04 §6.2).
public enum RelayChannelError: Error, Equatable, Sendable {
    /// The client secret is not exactly 32 bytes.
    case invalidSecret
    /// The nonce is not exactly 24 bytes.
    case invalidNonce
    /// A non-empty body shorter than the 24-byte nonce.
    case bodyTooShort(Int)
    /// The MAC does not verify under the client secret.
    case decryptionFailed
}
