/// Why a text is not a usable `pubkyauth://` link (spec/04 §5).
public enum AuthLinkError: Error, Equatable, Sendable {
    /// No `<scheme>://` at all.
    case notALink
    /// A scheme other than `pubkyauth` or `pubkyring`.
    case unsupportedScheme(String)
    /// An intent (host) this simulator does not support, e.g. `signin_grant`.
    case unknownIntent(String)
    /// A parameter the intent requires is absent.
    case missingParameter(String)
    /// A parameter name or value has a broken percent-escape.
    case badPercentEncoding(String)
    /// `secret` is not base64url without padding of exactly 32 bytes.
    case invalidSecret
    /// `relay` is not an absolute http(s) URL.
    case invalidRelay(String)
    /// `hs` is not a bare z-base-32 public key.
    case invalidHomeserver(String)
}
