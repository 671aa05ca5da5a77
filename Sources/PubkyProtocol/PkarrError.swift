/// Why a PKARR signed packet or its DNS content is unusable (spec/04 §9).
public enum PkarrError: Error, Equatable, Sendable {
    /// The canonical encoding is outside 104–1104 bytes (the relay payload outside 72–1072).
    case invalidLength(Int)
    /// The DNS packet exceeds 1000 bytes.
    case dnsTooLarge(Int)
    /// The signature does not verify for the packet's public key.
    case badSignature
    /// The DNS packet cannot be parsed.
    case malformedDNS(String)
    /// A name cannot be encoded (empty label, label over 63 bytes, name over 255 bytes).
    case invalidName(String)
}
