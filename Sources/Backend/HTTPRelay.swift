import Foundation

/// The server side of the inbox HTTP relay (spec/04 §6.2): one message per channel, kept about five
/// minutes or until acknowledged.
struct HTTPRelay {
    let exchange: Exchange
    /// The relay base URL, used as the journal host.
    let host: String

    /// How long an unacknowledged message is kept.
    static let retention: TimeInterval = 300

    private var database: Database { exchange.database }

    /// `POST <channel>`: stores (replaces) the channel's message.
    func post(channel: String, body: [UInt8]) throws -> Answer<Void> {
        try database.run(
            "INSERT INTO relay_messages(channel, body, posted_at, posted_by) VALUES(?1, ?2, ?3, ?4) "
                + "ON CONFLICT(channel) DO UPDATE SET body = ?2, posted_at = ?3, posted_by = ?4",
            [.text(channel), .blob(body), .integer(exchange.nowMicroseconds), .text(exchange.app)])
        return .ok((), after: ServiceLatency.httpRelay)
    }

    /// `GET <channel>` (long poll): the message, or 408 after about 25 s without one.
    func get(channel: String) throws -> Answer<[UInt8]> {
        if let body = try HTTPRelay.message(in: channel, database, now: exchange.nowMicroseconds) {
            return .ok(body, after: ServiceLatency.httpRelay)
        }
        return .fail(
            .http(service: .httpRelay, host: host, status: 408, reason: "Request Timeout"),
            after: ServiceLatency.relayPollExpiry)
    }

    /// `DELETE <channel>`: acknowledges (removes) the message.
    func acknowledge(channel: String) throws -> Answer<Void> {
        try database.run("DELETE FROM relay_messages WHERE channel = ?1", [.text(channel)])
        return .ok((), after: ServiceLatency.httpRelay)
    }

    /// The unexpired message of `channel`.
    static func message(in channel: String, _ database: Database, now: Int64) throws -> [UInt8]? {
        let oldest = now - Int64(retention * 1_000_000)
        return try database.queryFirst(
            "SELECT body FROM relay_messages WHERE channel = ?1 AND posted_at >= ?2",
            [.text(channel), .integer(oldest)]
        ) { $0.blob(0) }
    }
}
