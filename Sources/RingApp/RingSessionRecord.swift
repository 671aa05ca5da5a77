import Foundation

/// A homeserver session an entry holds: its id names the private item
/// `pubky-session:<pubky>:<id>` that keeps the secret (spec/01 §12).
public struct RingSessionRecord: Codable, Sendable, Equatable {
    /// Lowercase UUIDv5 of the session secret.
    public var id: String
    public var capabilities: String
    public var createdAt: Date

    public init(id: String, capabilities: String, createdAt: Date) {
        self.id = id
        self.capabilities = capabilities
        self.createdAt = createdAt
    }
}
