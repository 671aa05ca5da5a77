import Foundation

/// `simctl backend show sessions`: one live homeserver session.
public struct SessionRecord: Codable, Sendable, Equatable {
    public var homeserver: String
    public var pubky: String
    /// The cookie `<pubky>=<secret>`.
    public var cookie: String
    public var capabilities: String
    /// The app that created it.
    public var userAgent: String
    public var createdAt: Date
}
