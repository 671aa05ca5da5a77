import Foundation

/// A live session on a homeserver (spec/04 §7): what the client holds after sign-up, sign-in or import.
public struct HomeserverSession: Codable, Sendable, Equatable {
    /// The user's bare z-base-32 key.
    public var pubky: String
    /// The homeserver holding the session.
    public var homeserver: String
    /// The 26-character session secret (the cookie value).
    public var secret: String
    /// The granted capabilities, normalised (`/:rw` for the key holder).
    public var capabilities: String
    /// When the homeserver created the session.
    public var createdAt: Date

    /// A session.
    public init(
        pubky: String, homeserver: String, secret: String, capabilities: String, createdAt: Date
    ) {
        self.pubky = pubky
        self.homeserver = homeserver
        self.secret = secret
        self.capabilities = capabilities
        self.createdAt = createdAt
    }

    /// The request cookie `<user z32>=<secret>`.
    public var cookie: String { "\(pubky)=\(secret)" }

    /// The exported session string `<user z32>:<secret>` that apps persist and import.
    public var exported: String { "\(pubky):\(secret)" }
}
