import PubkyCrypto
import PubkyProtocol
import Testing

private let upstreamHex =
    "00" + "3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29" + "00" + "00"
    + "03666f6f" + "01"
    + "042f3a7277"

private func upstreamInfo() throws -> SessionInfo {
    let pair = try #require(Ed25519KeyPair(seed: [UInt8](repeating: 0, count: 32)))
    return SessionInfo(
        publicKey: PublicKey(pair), createdAt: 0, userAgent: "foo", capabilities: .root)
}

@Test func sessionInfoEncodesTheUpstreamVector() throws {
    #expect(Hex.encode(try upstreamInfo().bytes) == upstreamHex)
}

@Test func sessionInfoDecodesTheUpstreamVector() throws {
    let info = try SessionInfo(bytes: try #require(Hex.decode(upstreamHex)))
    #expect(info == (try upstreamInfo()))
    #expect(info.publicKey.z32 == "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo")
    #expect(info.name.isEmpty)
}

@Test func sessionInfoRoundTripsLargeTimestampsAndSeveralCapabilities() throws {
    let pair = try #require(Ed25519KeyPair(seed: [UInt8](repeating: 2, count: 32)))
    let info = SessionInfo(
        publicKey: PublicKey(pair), createdAt: 1_700_000_000_000_000, userAgent: "bitkit-sim/1.0",
        capabilities: Capabilities(parsing: "/pub/bitkit.to/:rw,/pub/paykit/:r"))
    #expect(try SessionInfo(bytes: info.bytes) == info)
}

@Test func malformedSessionInfoGivesTypedErrors() throws {
    let good = try #require(Hex.decode(upstreamHex))
    var version = good
    version[0] = 1
    #expect(throws: SessionInfoError.unsupportedVersion(1)) { try SessionInfo(bytes: version) }
    #expect(throws: SessionInfoError.truncated) { try SessionInfo(bytes: Array(good.dropLast())) }
    #expect(throws: SessionInfoError.truncated) { try SessionInfo(bytes: Array(good.prefix(20))) }
    #expect(throws: SessionInfoError.trailingBytes(1)) { try SessionInfo(bytes: good + [0]) }
    var badCap = good
    badCap[badCap.count - 4] = UInt8(ascii: "x")
    #expect(throws: SessionInfoError.invalidCapability("x:rw")) { try SessionInfo(bytes: badCap) }
    var badUTF8 = good
    badUTF8[36] = 0xff
    #expect(throws: SessionInfoError.invalidUTF8) { try SessionInfo(bytes: badUTF8) }
}
