/// Why AuthToken bytes are unusable (spec/04 §6.1). Any of these makes a homeserver answer 400.
public enum AuthTokenError: Error, Equatable, Sendable {
    /// Fewer bytes than the fixed header plus a capabilities length.
    case tooShort(Int)
    /// Bytes 64..<74 are not `PUBKY:AUTH`.
    case badNamespace
    /// A version byte other than 0.
    case unsupportedVersion(UInt8)
    /// The capabilities length is truncated, overlong, or does not end exactly at the last byte.
    case badCapabilitiesLength
    /// The capabilities are not valid UTF-8.
    case badCapabilitiesEncoding
    /// The signature does not verify for the embedded public key.
    case badSignature
    /// The timestamp lies more than the allowed window before now.
    case expired
    /// The timestamp lies more than the allowed window after now.
    case tooFarInFuture
    /// The (timestamp, public key) pair was already used inside the window.
    case alreadyUsed
}
