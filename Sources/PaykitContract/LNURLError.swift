/// Why a value is not an LNURL.
public enum LNURLError: Error, Equatable, Sendable {
    /// Not `lnurl1…` bech32, a LUD-17 scheme URL or a lightning address.
    case undecodable
    /// Decodes, but not to an `https` URL (or `http` on an onion host).
    case invalidURL
}
