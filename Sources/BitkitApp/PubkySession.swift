/// A live homeserver session as Bitkit holds it (the SDK's session object). Only `exported` is
/// persisted, as `paykit_session`.
public struct PubkySession: Sendable, Equatable {
    /// The user's bare z-base-32 key.
    public var pubky: String
    /// The homeserver holding the session.
    public var homeserver: String
    /// The session secret (cookie value).
    public var secret: String

    public init(pubky: String, homeserver: String, secret: String) {
        self.pubky = pubky
        self.homeserver = homeserver
        self.secret = secret
    }

    /// `<pubky>:<secret>`, the string saved as `paykit_session` (spec/04 §7).
    public var exported: String { "\(pubky):\(secret)" }

    /// The pubky part of a saved session string (split at the first `:`), or nil when malformed.
    public static func pubky(ofExported text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return nil }
        return String(text[..<colon])
    }
}
