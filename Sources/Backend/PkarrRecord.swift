import Foundation
import PubkyProtocol

/// A signed PKARR packet as the client sees it: whose it is, where its `_pubky` record points, and
/// the exact bytes (so a found packet can be re-published unchanged).
public struct PkarrRecord: Codable, Sendable, Equatable {
    /// The owner's bare z-base-32 key.
    public var pubky: String
    /// The `_pubky` target (the user's homeserver), nil when the packet has none.
    public var homeserver: String?
    /// The packet timestamp in microseconds since the Unix epoch.
    public var timestamp: UInt64
    /// The canonical encoding `public key ‖ signature ‖ timestamp ‖ DNS packet`, as lowercase hex.
    public var packetHex: String

    init(_ packet: PkarrPacket) {
        pubky = packet.publicKey.z32
        homeserver = packet.homeserverTarget
        timestamp = packet.timestamp
        packetHex = packet.encoded.map { String(format: "%02x", $0) }.joined()
    }

    /// The packet time.
    public var date: Date { Date(timeIntervalSince1970: Double(timestamp) / 1_000_000) }
}
