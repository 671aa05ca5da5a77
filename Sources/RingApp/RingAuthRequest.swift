import PubkyProtocol

/// A `pubkyauth://` sign-in or signup link Ring is handling, as cleaned up and parsed (spec/03 §11).
public struct RingAuthRequest: Codable, Sendable, Equatable {
    /// The cleaned link text, parsed again when the token is signed.
    public var link: String
    /// The `caps` text as the link carried it, for display.
    public var capabilities: String
    public var successURL: String?
    public var errorURL: String?
    public var cancelURL: String?
    /// `x-source`: shown in the confirm title.
    public var source: String?

    public init(link: String, parsed: AuthLink) {
        self.link = link
        self.capabilities = parsed.capabilitiesText ?? ""
        self.successURL = parsed.callbacks.success
        self.errorURL = parsed.callbacks.error
        self.cancelURL = parsed.callbacks.cancel
        self.source = parsed.callbacks.source
    }
}
