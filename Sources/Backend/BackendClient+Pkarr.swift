import Foundation
import PubkyCrypto
import PubkyProtocol

extension BackendClient {
    /// Publishes a `_pubky` record for `keyPair` pointing at `homeserver`, timestamped `timestamp`
    /// (default: now). Other records of the newest known packet are kept.
    public func publishHomeserver(
        keyPair: Ed25519KeyPair, homeserver: String, timestamp: Date? = nil
    )
        throws(BackendError) -> BackendReply<PkarrRecord>
    {
        guard let homeserverKey = PublicKey(z32: homeserver) else {
            throw .invalidInput("\(homeserver) is not a valid homeserver key")
        }
        return try call(.pkarrRelay, "PUT /\(keyPair.pubky)", subject: keyPair.pubky) { exchange in
            let micros = UInt64(max(0, (timestamp ?? exchange.now).microseconds))
            let existing = try PkarrNetwork(exchange: exchange).newestStored(PublicKey(keyPair))
            let packet =
                try existing?.republished(homeserver: homeserverKey, keyPair: keyPair, timestamp: micros)
                ?? PkarrPacket.pubky(keyPair: keyPair, homeserver: homeserverKey, timestamp: micros)
            try publish(packet, exchange)
            return PkarrRecord(packet)
        }
    }

    /// Publishes an already signed packet unchanged (same bytes, same timestamp).
    public func publish(_ record: PkarrRecord) throws(BackendError) -> BackendReply<Void> {
        guard let bytes = Hex.decode(record.packetHex), let packet = try? PkarrPacket(encoded: bytes)
        else {
            throw .invalidInput("the packet of \(record.pubky) is not a valid signed packet")
        }
        return try call(.pkarrRelay, "PUT /\(record.pubky)", subject: record.pubky) { exchange in
            try publish(packet, exchange)
        }
    }

    /// Resolves `pubky` from the DHT and the relays in parallel (spec/04 §10): found, not found (some
    /// source answered "no such key" in time) or unknown (nothing answered in time).
    public func resolve(_ pubky: String) throws(BackendError) -> BackendReply<PkarrResolution> {
        let key = try Self.publicKey(pubky)
        return try call(.pkarrDHT, "resolve", subject: key.z32) { exchange in
            switch try resolve(key, exchange) {
            case .found(let packet): return .found(PkarrRecord(packet))
            case .notFound: return .notFound
            case .unknown: return .unknown
            }
        }
    }

    /// Bitkit's "does this key have a record?" (spec/04 §10): a found packet is re-published unchanged
    /// before answering `found` (a failed re-publish throws); `notFound` only when a source confirmed
    /// it; `unknown` otherwise. The in-process cache of the real client is always empty here, since
    /// every simulated app action is a fresh process.
    public func hasIdentityRecord(
        _ pubky: String
    ) throws(BackendError) -> BackendReply<
        PkarrResolution
    > {
        let key = try Self.publicKey(pubky)
        return try call(.pkarrDHT, "resolve", subject: key.z32) { exchange in
            switch try resolve(key, exchange) {
            case .found(let packet):
                try publish(packet, exchange)
                return .found(PkarrRecord(packet))
            case .notFound: return .notFound
            case .unknown: return .unknown
            }
        }
    }

    // MARK: Shared steps

    /// What a resolve concluded, with the packet itself.
    enum PacketResolution {
        case found(PkarrPacket)
        case notFound
        case unknown
    }

    /// Queries the DHT and the relays in parallel; the call spends the time the client waited.
    func resolve(_ key: PublicKey, _ exchange: Exchange) throws -> PacketResolution {
        let network = PkarrNetwork(exchange: exchange)
        let attempts = [
            try exchange.attempt(
                .pkarrDHT, "GET \(key.z32)", host: PkarrNetwork.dhtHost, subject: key.z32,
                timeout: exchange.timeouts.resolve
            ) { try network.dhtGet(key: key) },
            try exchange.attempt(
                .pkarrRelay, "GET /\(key.z32)", host: PkarrNetwork.relayHost, subject: key.z32,
                timeout: exchange.timeouts.resolve
            ) { try network.relayGet(key: key) },
        ]
        let found = attempts.filter { $0.value != nil }
        if let newest = found.compactMap(\.value).max(by: { $1.isNewer(than: $0) }) {
            // The client answers as soon as a packet arrives.
            exchange.spend(found.map(\.latency).min() ?? 0)
            return .found(newest)
        }
        // Otherwise it waits until every source answered or timed out.
        exchange.spend(attempts.map(\.latency).max() ?? 0)
        let confirmedMissing = attempts.contains {
            if case .failure(let error) = $0.result { return error.isNotFound }
            return false
        }
        return confirmedMissing ? .notFound : .unknown
    }

    /// Publishes to the relays and the DHT in parallel; succeeds when either accepts. When both refuse,
    /// the relay's answer (e.g. 409 older than known) is the error.
    func publish(_ packet: PkarrPacket, _ exchange: Exchange) throws {
        let network = PkarrNetwork(exchange: exchange)
        let z32 = packet.publicKey.z32
        let relay = try exchange.attempt(
            .pkarrRelay, "PUT /\(z32)", host: PkarrNetwork.relayHost, subject: z32,
            timeout: exchange.timeouts.publish
        ) { try network.relayPut(payload: packet.relayPayload, key: packet.publicKey) }
        let dht = try exchange.attempt(
            .pkarrDHT, "PUT \(z32)", host: PkarrNetwork.dhtHost, subject: z32,
            timeout: exchange.timeouts.resolve
        ) { try network.dhtPut(packet) }
        let successes = [relay, dht].filter { $0.value != nil }
        if let fastest = successes.map(\.latency).min() {
            exchange.spend(fastest)
            return
        }
        exchange.spend(max(relay.latency, dht.latency))
        if case .failure(let error) = relay.result { throw error }
        if case .failure(let error) = dht.result { throw error }
    }

    static func publicKey(_ pubky: String) throws(BackendError) -> PublicKey {
        let bare = PubkyKey.isPrefixed(pubky) ? String(pubky.dropFirst(PubkyKey.prefix.count)) : pubky
        guard let key = PublicKey(z32: bare) else {
            throw .invalidInput("\(pubky) is not a valid pubky")
        }
        return key
    }
}
