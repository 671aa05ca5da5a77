import PubkyProtocol

/// A `pubkyring://session?x-success=…` request Ring is handling (spec/03 §11): the requesting app
/// wants a homeserver session of a pubky the user picks, returned to `successURL`.
public struct RingSessionRequest: Codable, Sendable, Equatable {
    /// Where the session goes: `pubky`, `session_secret` and `capabilities` are appended.
    public var successURL: String
    public var errorURL: String?
    public var cancelURL: String?
    public var source: String?

    public init(successURL: String, callbacks: XCallbacks) {
        self.successURL = successURL
        self.errorURL = callbacks.error
        self.cancelURL = callbacks.cancel
        self.source = callbacks.source
    }

    /// Ring refuses an x-success that is not a URL it can open (`Invalid callback URL provided`).
    public var hasValidCallback: Bool { successURL.contains("://") }
}
