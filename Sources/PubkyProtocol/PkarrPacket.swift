import PubkyCrypto

/// A signed PKARR packet (spec/04 §9.2): canonical encoding `public key(32) ‖ signature(64) ‖
/// timestamp(8, BE µs) ‖ DNS packet`; the signature covers `3:seqi<ts>e1:v<len>:` ‖ DNS packet.
public struct PkarrPacket: Hashable, Sendable {
    /// Smallest canonical encoding: a header without DNS bytes.
    public static let minimumLength = 104
    /// Largest canonical encoding.
    public static let maximumLength = 1104
    /// Largest DNS packet.
    public static let maximumDNSLength = 1000
    /// TTL of the `_pubky` record.
    public static let pubkyRecordTTL: UInt32 = 3600
    /// Cache TTL bounds in seconds.
    public static let cacheTTLRange: ClosedRange<UInt32> = 300...86400

    /// The signer, whose records these are.
    public let publicKey: PublicKey
    /// The 64-byte Ed25519 signature.
    public let signature: [UInt8]
    /// Microseconds since the Unix epoch; doubles as the DHT `seq`.
    public let timestamp: UInt64
    /// The DNS packet bytes exactly as signed.
    public let dns: [UInt8]
    /// The parsed answer records.
    public let records: [DNSRecord]

    /// The canonical encoding `pk ‖ sig ‖ ts ‖ dns`.
    public var encoded: [UInt8] { publicKey.bytes + relayPayload }

    /// What relays exchange: the canonical encoding without the leading public key.
    public var relayPayload: [UInt8] {
        var out = signature
        withUnsafeBytes(of: timestamp.bigEndian) { out.append(contentsOf: $0) }
        return out + dns
    }

    /// The bytes that are signed: `3:seqi<timestamp>e1:v<DNS length>:` followed by the DNS packet.
    public static func signedMessage(timestamp: UInt64, dns: [UInt8]) -> [UInt8] {
        Array("3:seqi\(timestamp)e1:v\(dns.count):".utf8) + dns
    }

    /// Signs `records` at `timestamp`; relative names are made absolute under the key first.
    public static func sign(
        keyPair: Ed25519KeyPair, records: [DNSRecord], timestamp: UInt64
    ) throws(PkarrError) -> PkarrPacket {
        let key = PublicKey(keyPair)
        let absolute = records.map {
            DNSRecord(
                name: absoluteName($0.name, under: key), type: $0.type, recordClass: $0.recordClass,
                ttl: $0.ttl, rdata: $0.rdata)
        }
        let dns = try DNSPacket(answers: absolute).bytes()
        guard dns.count <= maximumDNSLength else { throw .dnsTooLarge(dns.count) }
        let signature = keyPair.sign(signedMessage(timestamp: timestamp, dns: dns))
        return PkarrPacket(
            publicKey: key, signature: signature, timestamp: timestamp, dns: dns, records: absolute)
    }

    /// A packet holding only the `_pubky` record of `keyPair` pointing at `homeserver`.
    public static func pubky(
        keyPair: Ed25519KeyPair, homeserver: PublicKey, timestamp: UInt64
    ) throws(PkarrError) -> PkarrPacket {
        try sign(
            keyPair: keyPair, records: [try pubkyRecord(homeserver: homeserver)], timestamp: timestamp)
    }

    /// The relative `_pubky` record: HTTPS, TTL 3600, SvcPriority 0, target the homeserver's bare z32.
    public static func pubkyRecord(homeserver: PublicKey) throws(PkarrError) -> DNSRecord {
        try DNSRecord.serviceBinding(
            name: "_pubky", ttl: pubkyRecordTTL, priority: 0, target: homeserver.z32)
    }

    /// `@` (or an empty name) becomes `<z32>`, `foo` becomes `foo.<z32>`; names already ending in the
    /// key are kept.
    public static func absoluteName(_ name: String, under key: PublicKey) -> String {
        let origin = key.z32
        let trimmed = name.hasSuffix(".") ? String(name.dropLast()) : name
        if trimmed.isEmpty || trimmed == "@" { return origin }
        let last = trimmed.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return last == origin ? trimmed : trimmed + "." + origin
    }

    /// Parses and verifies a canonical encoding.
    public init(encoded bytes: [UInt8]) throws(PkarrError) {
        guard (Self.minimumLength...Self.maximumLength).contains(bytes.count) else {
            throw .invalidLength(bytes.count)
        }
        try self.init(
            publicKey: PublicKey(uncheckedBytes: Array(bytes[0..<32])), payload: Array(bytes[32...]))
    }

    /// Parses and verifies a relay payload for `publicKey`.
    public init(relayPayload: [UInt8], publicKey: PublicKey) throws(PkarrError) {
        let bounds = (Self.minimumLength - 32)...(Self.maximumLength - 32)
        guard bounds.contains(relayPayload.count) else { throw .invalidLength(relayPayload.count) }
        try self.init(publicKey: publicKey, payload: relayPayload)
    }

    private init(publicKey: PublicKey, payload: [UInt8]) throws(PkarrError) {
        let signature = Array(payload[0..<64])
        var timestamp: UInt64 = 0
        for byte in payload[64..<72] { timestamp = timestamp << 8 | UInt64(byte) }
        let dns = Array(payload[72...])
        guard dns.count <= Self.maximumDNSLength else { throw .dnsTooLarge(dns.count) }
        guard
            Ed25519.verify(
                signature: signature, message: Self.signedMessage(timestamp: timestamp, dns: dns),
                publicKey: publicKey.bytes)
        else { throw .badSignature }
        let records = try DNSPacket(bytes: dns).answers
        self.init(
            publicKey: publicKey, signature: signature, timestamp: timestamp, dns: dns, records: records)
    }

    private init(
        publicKey: PublicKey, signature: [UInt8], timestamp: UInt64, dns: [UInt8], records: [DNSRecord]
    ) {
        self.publicKey = publicKey
        self.signature = signature
        self.timestamp = timestamp
        self.dns = dns
        self.records = records
    }

    /// The target of the first HTTPS or SVCB record named `_pubky.<z32>`: the user's homeserver.
    public var homeserverTarget: String? {
        let name = "_pubky." + publicKey.z32
        return records.lazy.filter { $0.hasName(name) }.compactMap(\.serviceTarget).first {
            !$0.isEmpty
        }
    }

    /// The homeserver target read as a bare public key, when it is one.
    public var homeserver: PublicKey? { homeserverTarget.flatMap { PublicKey(z32: $0) } }

    /// PKARR's "newer wins": a later timestamp wins; on equal timestamps the DNS packet that is larger
    /// in byte order wins (pkarr's `more_recent_than` compares encoded packets as byte strings).
    public func isNewer(than other: PkarrPacket) -> Bool {
        timestamp == other.timestamp
            ? other.dns.lexicographicallyPrecedes(dns) : timestamp > other.timestamp
    }

    /// How long a cache keeps the packet: the smallest record TTL clamped to 300–86400 s (300 without
    /// records).
    public var cacheTTL: UInt32 {
        let smallest = records.map(\.ttl).min() ?? Self.cacheTTLRange.lowerBound
        return min(max(smallest, Self.cacheTTLRange.lowerBound), Self.cacheTTLRange.upperBound)
    }

    /// A re-signed packet that keeps every record not named `_pubky*` and replaces those with one
    /// `_pubky` record pointing at `homeserver`, appended last.
    public func republished(
        homeserver: PublicKey, keyPair: Ed25519KeyPair, timestamp: UInt64
    ) throws(PkarrError) -> PkarrPacket {
        let kept = records.filter { !$0.name.lowercased().hasPrefix("_pubky") }
        return try Self.sign(
            keyPair: keyPair, records: kept + [try Self.pubkyRecord(homeserver: homeserver)],
            timestamp: timestamp)
    }
}
