import Foundation

/// `simctl backend show pkarr`: a packet held by the relays or the DHT.
public struct PkarrStoreRecord: Codable, Sendable, Equatable {
    /// `relay` or `dht`.
    public var store: String
    public var pubky: String
    /// The `_pubky` target, nil when absent or when the packet does not verify.
    public var homeserver: String?
    /// The packet timestamp (µs since the Unix epoch).
    public var timestamp: UInt64
    public var publishedAt: Date
    /// The app that published it.
    public var publishedBy: String
    /// Whether the stored bytes still verify.
    public var valid: Bool
    /// The canonical packet bytes as hex.
    public var packetHex: String
}
