import PubkyCrypto
import PubkyProtocol
import Testing

private let timestamp: UInt64 = 1_700_000_000_000_000
private let userZ32 = "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo"
private let productionZ32 = "8um71us3fyw6h8wbcxb5ar3rwusy1a6u49956ikzojg3gcwd1dty"
private let stagingZ32 = "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"
private let dnsHex =
    "000080000000000100000000065f7075626b79343870696e787867717334316e346169646964656e773561707170317572666d7a647a7472386a74346162726b646e34333565776f000041000100000e10003800003438756d37317573336679773668387762637862356172337277757379316136753439393536696b7a6f6a6733676377643164747900"
private let signatureHex =
    "ea6dfbb4b9f0fd015d5c2a15f4f5424e69360ccc9b3b4d5c2d530e9c37dfe33ec70cd4866cdaa402fd2e2f1919c46dde1952e16288a8aae500ea9cf858ed220b"

private func zeroPair() throws -> Ed25519KeyPair {
    try #require(Ed25519KeyPair(seed: [UInt8](repeating: 0, count: 32)))
}

private func specPacket() throws -> PkarrPacket {
    let homeserver = try #require(PublicKey(z32: productionZ32))
    return try PkarrPacket.pubky(
        keyPair: try zeroPair(), homeserver: homeserver, timestamp: timestamp)
}

@Test func pubkyRecordPacketMatchesTheSpecVectorByteForByte() throws {
    let packet = try specPacket()
    #expect(packet.dns.count == 139)
    #expect(Hex.encode(packet.dns) == dnsHex)
    #expect(Hex.encode(packet.signature) == signatureHex)
    let relay = packet.relayPayload
    #expect(relay.count == 211)
    #expect(Hex.encode(relay) == signatureHex + "00060a24181e4000" + dnsHex)
    #expect(packet.encoded.count == 243)
    #expect(Hex.encode(packet.encoded) == Hex.encode(packet.publicKey.bytes) + Hex.encode(relay))
}

@Test func signedMessageHasTheBencodePrefix() throws {
    let dns = try #require(Hex.decode(dnsHex))
    let message = PkarrPacket.signedMessage(timestamp: timestamp, dns: dns)
    #expect(Array(message.prefix(30)) == Array("3:seqi1700000000000000e1:v139:".utf8))
    #expect(Array(message.dropFirst(30)) == dns)
}

@Test func specPacketParsesFromBothEncodingsAndNamesItsHomeserver() throws {
    let dns = try #require(Hex.decode(dnsHex))
    let payload = try #require(Hex.decode(signatureHex + "00060a24181e4000" + dnsHex))
    let user = try #require(PublicKey(z32: userZ32))
    let fromRelay = try PkarrPacket(relayPayload: payload, publicKey: user)
    let fromCanonical = try PkarrPacket(encoded: user.bytes + payload)
    #expect(fromRelay == fromCanonical)
    #expect(fromRelay.timestamp == timestamp)
    #expect(fromRelay.dns == dns)
    #expect(fromRelay.homeserverTarget == productionZ32)
    #expect(fromRelay.homeserver?.z32 == productionZ32)
    #expect(fromRelay.records.count == 1)
    #expect(fromRelay.records[0].name == "_pubky." + userZ32)
    #expect(fromRelay.records[0].type == DNSRecord.typeHTTPS)
    #expect(fromRelay.records[0].ttl == 3600)
    #expect(fromRelay.cacheTTL == 3600)
}

@Test func tamperedOrForeignPacketsFailVerification() throws {
    var payload = try specPacket().relayPayload
    payload[payload.count - 3] ^= 1
    let user = try #require(PublicKey(z32: userZ32))
    #expect(throws: PkarrError.badSignature) {
        try PkarrPacket(relayPayload: payload, publicKey: user)
    }
    let other = try #require(PublicKey(z32: stagingZ32))
    #expect(throws: PkarrError.badSignature) {
        try PkarrPacket(relayPayload: try specPacket().relayPayload, publicKey: other)
    }
}

@Test func sizeBoundsAreEnforced() throws {
    #expect(throws: PkarrError.invalidLength(103)) {
        try PkarrPacket(encoded: [UInt8](repeating: 0, count: 103))
    }
    #expect(throws: PkarrError.invalidLength(1105)) {
        try PkarrPacket(encoded: [UInt8](repeating: 0, count: 1105))
    }
    let user = try #require(PublicKey(z32: userZ32))
    #expect(throws: PkarrError.invalidLength(71)) {
        try PkarrPacket(relayPayload: [UInt8](repeating: 0, count: 71), publicKey: user)
    }
    let big = DNSRecord(name: "big", type: 16, ttl: 300, rdata: [UInt8](repeating: 0x61, count: 950))
    #expect(throws: PkarrError.dnsTooLarge(1030)) {
        try PkarrPacket.sign(keyPair: try zeroPair(), records: [big], timestamp: timestamp)
    }
}

@Test func relativeNamesBecomeAbsoluteUnderTheKey() throws {
    let user = try #require(PublicKey(z32: userZ32))
    #expect(PkarrPacket.absoluteName("@", under: user) == userZ32)
    #expect(PkarrPacket.absoluteName("foo", under: user) == "foo." + userZ32)
    #expect(PkarrPacket.absoluteName("_pubky." + userZ32 + ".", under: user) == "_pubky." + userZ32)
}

/// A hand-made packet using name compression, an SVCB `_pubky` record and records of other types.
private func compressedDNS() throws -> [UInt8] {
    let staging = Array(stagingZ32.utf8)
    var dns: [UInt8] = [0, 0, 0x84, 0, 0, 0, 0, 3, 0, 0, 0, 0]
    // 1: TXT at `<user>` (name at offset 12), ttl 7200.
    dns += [52] + Array(userZ32.utf8) + [0]
    dns += [0, 16, 0, 1, 0, 0, 0x1c, 0x20, 0, 4, 3] + Array("a=b".utf8)
    // 2: SVCB at `_pubky` + pointer to the user name; target uncompressed; ttl 600.
    dns += [6] + Array("_pubky".utf8) + [0xc0, 12]
    dns += [0, 64, 0, 1, 0, 0, 0x02, 0x58, 0, UInt8(2 + 54), 0, 1, 52] + staging + [0]
    // 3: CNAME at `www` + pointer whose data is a pointer to the user name; ttl 100.
    dns += [3] + Array("www".utf8) + [0xc0, 12]
    dns += [0, 5, 0, 1, 0, 0, 0, 100, 0, 2, 0xc0, 12]
    return dns
}

private func signedEncoding(dns: [UInt8], pair: Ed25519KeyPair, at stamp: UInt64) -> [UInt8] {
    let signature = pair.sign(PkarrPacket.signedMessage(timestamp: stamp, dns: dns))
    return pair.publicKey + signature + withUnsafeBytes(of: stamp.bigEndian) { Array($0) } + dns
}

@Test func compressedNamesAndSvcbRecordsAreRead() throws {
    let pair = try zeroPair()
    let packet = try PkarrPacket(
        encoded: signedEncoding(dns: try compressedDNS(), pair: pair, at: timestamp))
    #expect(packet.records.map(\.name) == [userZ32, "_pubky." + userZ32, "www." + userZ32])
    #expect(packet.homeserver?.z32 == stagingZ32)
    // The CNAME's compressed target is stored uncompressed.
    #expect(packet.records[2].rdata == [52] + Array(userZ32.utf8) + [0])
    #expect(packet.cacheTTL == 300)
}

@Test func republishingKeepsOtherRecordsAndReplacesPubkyOnes() throws {
    let pair = try zeroPair()
    let original = try PkarrPacket(
        encoded: signedEncoding(dns: try compressedDNS(), pair: pair, at: timestamp))
    let production = try #require(PublicKey(z32: productionZ32))
    let next = try original.republished(
        homeserver: production, keyPair: pair, timestamp: timestamp + 1)
    #expect(next.records.map(\.name) == [userZ32, "www." + userZ32, "_pubky." + userZ32])
    #expect(next.records[0] == original.records[0])
    #expect(next.records[1] == original.records[2])
    #expect(next.records[2].type == DNSRecord.typeHTTPS)
    #expect(next.homeserver == production)
    let reparsed = try PkarrPacket(encoded: next.encoded)
    #expect(reparsed == next)
    #expect(reparsed.isNewer(than: original))
}

@Test func republishingThePlainPubkyPacketReproducesTheVector() throws {
    let production = try #require(PublicKey(z32: productionZ32))
    let staging = try PkarrPacket.pubky(
        keyPair: try zeroPair(), homeserver: try #require(PublicKey(z32: stagingZ32)), timestamp: 1)
    let again = try staging.republished(
        homeserver: production, keyPair: try zeroPair(), timestamp: timestamp)
    #expect(again == (try specPacket()))
}

@Test func newerTimestampWinsAndTiesGoToTheLargerPacket() throws {
    let pair = try zeroPair()
    let staging = try #require(PublicKey(z32: stagingZ32))
    let older = try PkarrPacket.pubky(keyPair: pair, homeserver: staging, timestamp: timestamp - 1)
    let newer = try specPacket()
    #expect(newer.isNewer(than: older))
    #expect(!older.isNewer(than: newer))
    let tieA = try PkarrPacket.pubky(keyPair: pair, homeserver: staging, timestamp: timestamp)
    // Same timestamp: `u…` (staging) sorts after `8…` (production) in the DNS bytes.
    #expect(tieA.isNewer(than: newer))
    #expect(!newer.isNewer(than: tieA))
    #expect(!newer.isNewer(than: newer))
}

@Test func cacheTtlIsClampedBetweenFiveMinutesAndOneDay() throws {
    let pair = try zeroPair()
    func ttl(_ values: [UInt32]) throws -> UInt32 {
        let records = values.map { DNSRecord(name: "r", type: 16, ttl: $0, rdata: [1, 0x61]) }
        return try PkarrPacket.sign(keyPair: pair, records: records, timestamp: timestamp).cacheTTL
    }
    #expect(try ttl([]) == 300)
    #expect(try ttl([60, 4000]) == 300)
    #expect(try ttl([4000, 1000]) == 1000)
    #expect(try ttl([200_000]) == 86400)
}

@Test func malformedDnsIsReported() throws {
    let pair = try zeroPair()
    let truncated = Array(try #require(Hex.decode(dnsHex)).dropLast(5))
    #expect(throws: PkarrError.malformedDNS("record data runs past the end")) {
        try PkarrPacket(encoded: signedEncoding(dns: truncated, pair: pair, at: timestamp))
    }
    var loop: [UInt8] = [0, 0, 0x80, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0xc0, 12]
    loop += [0, 16, 0, 1, 0, 0, 0, 1, 0, 0]
    #expect(throws: PkarrError.malformedDNS("forward compression pointer")) {
        try PkarrPacket(encoded: signedEncoding(dns: loop, pair: pair, at: timestamp))
    }
}
