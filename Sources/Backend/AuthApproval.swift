/// What an authenticator delivered when it approved a `pubkyauth://` link.
public struct AuthApproval: Codable, Sendable, Equatable {
    /// The approving pubky (bare z-base-32).
    public var pubky: String
    /// The normalised capabilities signed into the token.
    public var capabilities: String
    /// The relay channel URL the encrypted token was posted to.
    public var channel: String
}
