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

    /// `callbacks` come from the link as received, decoded once (not from the cleaned `link`).
    public init(link: String, parsed: AuthLink, callbacks: XCallbacks) {
        self.link = link
        self.capabilities = parsed.capabilitiesText ?? ""
        self.successURL = callbacks.success
        self.errorURL = callbacks.error
        self.cancelURL = callbacks.cancel
        self.source = callbacks.source
    }
}
