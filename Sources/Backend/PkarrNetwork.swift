import Foundation
import PubkyCrypto
import PubkyProtocol

/// The server side of PKARR (spec/04 §9.3): the relays (modelled as one store, since both relays
/// share what they learn) and the DHT. Both verify packets on publish and keep the newer one.
struct PkarrNetwork {
    /// Where a packet lives.
    enum Store: String {
        case relay
        case dht
    }

    let exchange: Exchange

    private var database: Database { exchange.database }
    private var knobs: BackendKnobs { exchange.knobs }

    /// The relay host name used in journal events.
    static let relayHost = "pkarr.pubky.app"
    /// The DHT's name in journal events.
    static let dhtHost = "mainline"

    // MARK: Relays

    /// `PUT /<z32>` with a relay payload: 204, 400 invalid, 409 older than known. A relay also pushes
    /// what it accepts to the DHT when the DHT is reachable, as the real relays do.
    func relayPut(payload: [UInt8], key: PublicKey) throws -> Answer<Void> {
        let latency = knobs.relayFoundLatency
        let packet: PkarrPacket
        do {
            packet = try PkarrPacket(relayPayload: payload, publicKey: key)
        } catch PkarrError.invalidLength(let count) where count > PkarrPacket.maximumLength - 32 {
            return .fail(relayError(413, "Payload too large"), after: latency)
        } catch {
            return .fail(relayError(400, "Invalid signed packet: \(error)"), after: latency)
        }
        return try database.transaction(.immediate) {
            guard try store(packet, in: .relay) else {
                return .fail(relayError(409, "Conflict: older than the known packet"), after: latency)
            }
            if knobs.dhtReachable { _ = try store(packet, in: .dht) }
            return .ok((), after: latency)
        }
    }

    /// `GET /<z32>`: the newest known packet (after the found latency), or 404 after the not-found
    /// latency knob.
    func relayGet(key: PublicKey) throws -> Answer<PkarrPacket> {
        if let packet = try load(key, from: .relay) {
            return .ok(packet, after: knobs.relayFoundLatency)
        }
        return .fail(relayError(404, "Not Found"), after: knobs.relayNotFoundLatency)
    }

    // MARK: DHT

    /// BEP 44 `put`: never answers while the DHT is unreachable; an older `seq` is refused.
    func dhtPut(_ packet: PkarrPacket) throws -> Answer<Void> {
        guard knobs.dhtReachable else { return unreachableDHT() }
        return try database.transaction(.immediate) {
            guard try store(packet, in: .dht) else {
                return .fail(
                    .http(
                        service: .pkarrDHT, host: Self.dhtHost, status: 302,
                        reason: "Sequence number less than current"),
                    after: knobs.dhtLatency)
            }
            return .ok((), after: knobs.dhtLatency)
        }
    }

    /// BEP 44 `get`: the packet or "no such key" after the DHT latency; nothing while unreachable.
    func dhtGet(key: PublicKey) throws -> Answer<PkarrPacket> {
        guard knobs.dhtReachable else { return unreachableDHT() }
        if let packet = try load(key, from: .dht) { return .ok(packet, after: knobs.dhtLatency) }
        return .fail(
            .http(service: .pkarrDHT, host: Self.dhtHost, status: 404, reason: "Not Found"),
            after: knobs.dhtLatency)
    }

    // MARK: Storage

    /// The newest packet any store holds, without a network round trip: what a client re-publishing
    /// its own record starts from.
    func newestStored(_ key: PublicKey) throws -> PkarrPacket? {
        let packets = [try load(key, from: .relay), try load(key, from: .dht)].compactMap { $0 }
        return packets.max { $1.isNewer(than: $0) }
    }

    /// Keeps `packet` unless the store holds a newer one; true when it is now the stored packet
    /// (also when the very same packet was already there).
    private func store(_ packet: PkarrPacket, in store: Store) throws -> Bool {
        if let current = try load(packet.publicKey, from: store) {
            if current == packet { return true }
            guard packet.isNewer(than: current) else { return false }
        }
        try database.run(
            "INSERT INTO pkarr_records(store, pubky, timestamp, packet, published_at, published_by) "
                + "VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(store, pubky) "
                + "DO UPDATE SET timestamp = ?3, packet = ?4, published_at = ?5, published_by = ?6",
            [
                .text(store.rawValue), .text(packet.publicKey.z32),
                .integer(Int64(clamping: packet.timestamp)),
                .blob(packet.encoded), .integer(exchange.nowMicroseconds), .text(exchange.app),
            ])
        return true
    }

    /// The stored packet; a stored packet that no longer verifies (edited by hand) counts as absent.
    private func load(_ key: PublicKey, from store: Store) throws -> PkarrPacket? {
        let bytes = try database.queryFirst(
            "SELECT packet FROM pkarr_records WHERE store = ?1 AND pubky = ?2",
            [.text(store.rawValue), .text(key.z32)]
        ) { $0.blob(0) }
        return bytes.flatMap { try? PkarrPacket(encoded: $0) }
    }

    private func relayError(_ status: Int, _ reason: String) -> BackendError {
        .http(service: .pkarrRelay, host: Self.relayHost, status: status, reason: reason)
    }

    private func unreachableDHT<T>() -> Answer<T> {
        .fail(.unreachable(service: .pkarrDHT, host: Self.dhtHost), after: .infinity)
    }
}
