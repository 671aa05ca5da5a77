import PubkyCrypto
import PubkyProtocol
import Testing

private let timestamp: UInt64 = 1_700_000_000_000_000
private let zeroSecret = String(repeating: "00", count: 32)
private let secretC = "5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51"
private let rootTokenHex =
    "072028a652776bb0aa92409809ad200896ac39894ccb96c2078158efdec3b7e093300a437dedf23d77f0cf7cf899b359e7ffbbb937a79ada3e812dbb9fe531065055424b593a415554480000060a24181e40003b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29042f3a7277"
private let appTokenHex =
    "4335a3e9729e05a6d80056c03bb5f302147c394d47f77eee074ede0c942cf462f5e5f94e23b632b62844ec38f000a4a735184696dc02e55d7eea4815aa462f0f5055424b593a415554480000060a24181e40003326b0f07db3ab1f085adf52f5928e7fda002dd4c2c5822146865ed6ba1ec4bf222f7075622f7075626b792e6170702f3a72772c2f7075622f7061796b69742f3a7277"

private func neverSeen(_: UInt64, _: [UInt8]) -> Bool { false }

private func rootToken() throws -> AuthToken {
    let pair = try #require(Ed25519KeyPair(secretHex: zeroSecret))
    return AuthToken.sign(keyPair: pair, capabilities: .root, timestamp: timestamp)
}

@Test func rootTokenOfTheZeroSecretMatchesTheSpecBytes() throws {
    let token = try rootToken()
    #expect(token.bytes.count == 120)
    #expect(Hex.encode(token.bytes) == rootTokenHex)
}

@Test func appTokenOfSecretCMatchesTheSpecBytes() throws {
    let pair = try #require(Ed25519KeyPair(secretHex: secretC))
    let caps = Capabilities(parsing: "/pub/pubky.app/:rw,/pub/paykit/:rw")
    let token = AuthToken.sign(keyPair: pair, capabilities: caps, timestamp: timestamp)
    #expect(token.bytes.count == 150)
    #expect(Hex.encode(token.bytes) == appTokenHex)
}

@Test func signingNormalisesTheCapabilities() throws {
    let pair = try #require(Ed25519KeyPair(secretHex: zeroSecret))
    let caps = Capabilities(parsing: "/:wr,/pub/x/:r")
    let token = AuthToken.sign(keyPair: pair, capabilities: caps, timestamp: timestamp)
    #expect(Hex.encode(token.bytes) == rootTokenHex)
}

@Test func specVectorsParseAndVerify() throws {
    let root = try AuthToken(bytes: try #require(Hex.decode(rootTokenHex)))
    #expect(root.timestamp == timestamp)
    #expect(root.publicKey.z32 == "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo")
    #expect(root.capabilities == .root)
    #expect(root.hasValidSignature)
    try root.verify(now: timestamp, isReplay: neverSeen)

    let app = try AuthToken(bytes: try #require(Hex.decode(appTokenHex)))
    #expect(app.publicKey.z32 == "gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o")
    #expect(app.capabilitiesText == "/pub/pubky.app/:rw,/pub/paykit/:rw")
    try app.verify(now: timestamp + 1, isReplay: neverSeen)
}

@Test func signatureCoversBytesFromSixtyFiveSoTheLeadingNamespaceByteIsNotSigned() throws {
    let token = try rootToken()
    let key = token.publicKey.bytes
    #expect(
        Ed25519.verify(signature: token.signature, message: Array(token.bytes[65...]), publicKey: key))
    #expect(
        !Ed25519.verify(signature: token.signature, message: Array(token.bytes[64...]), publicKey: key))
    var bytes = token.bytes
    // Byte 64 ('P') is outside the signed range; flipping it trips only the namespace check.
    bytes[64] = UInt8(ascii: "Q")
    #expect(throws: AuthTokenError.badNamespace) { try AuthToken(bytes: bytes) }
    // Byte 65 is signed.
    var signed = try rootToken().bytes
    signed[119] ^= 0x01
    #expect(try !AuthToken(bytes: signed).hasValidSignature)
}

@Test func tamperedSignatureIsRejected() throws {
    var bytes = try rootToken().bytes
    bytes[10] ^= 0x80
    let token = try AuthToken(bytes: bytes)
    #expect(throws: AuthTokenError.badSignature) {
        try token.verify(now: timestamp, isReplay: neverSeen)
    }
}

@Test func tokenCarryingAnotherEmbeddedKeyIsRejected() throws {
    var bytes = try rootToken().bytes
    let other = try #require(Ed25519KeyPair(secretHex: secretC))
    bytes.replaceSubrange(83..<115, with: other.publicKey)
    let token = try AuthToken(bytes: bytes)
    #expect(token.publicKey == PublicKey(other))
    #expect(throws: AuthTokenError.badSignature) {
        try token.verify(now: timestamp, isReplay: neverSeen)
    }
}

@Test func timeWindowIsOneHundredEightySecondsEachWay() throws {
    let token = try rootToken()
    let window: UInt64 = 180_000_000
    try token.verify(now: timestamp + window, isReplay: neverSeen)
    try token.verify(now: timestamp - window, isReplay: neverSeen)
    #expect(throws: AuthTokenError.expired) {
        try token.verify(now: timestamp + window + 1, isReplay: neverSeen)
    }
    #expect(throws: AuthTokenError.tooFarInFuture) {
        try token.verify(now: timestamp - window - 1, isReplay: neverSeen)
    }
}

@Test func replayedTokenIsRejectedAndTheReplayCheckSeesTimestampAndKey() throws {
    let token = try rootToken()
    var seen = Set<[UInt8]>()
    let record = { (stamp: UInt64, key: [UInt8]) -> Bool in
        var id = withUnsafeBytes(of: stamp.bigEndian) { Array($0) }
        id += key
        return !seen.insert(id).inserted
    }
    try token.verify(now: timestamp, isReplay: record)
    #expect(throws: AuthTokenError.alreadyUsed) { try token.verify(now: timestamp, isReplay: record) }
    #expect(seen.count == 1)
}

@Test func replayCheckIsNotConsultedForInvalidTokens() throws {
    var bytes = try rootToken().bytes
    bytes[0] ^= 1
    let token = try AuthToken(bytes: bytes)
    var asked = false
    #expect(throws: AuthTokenError.badSignature) {
        try token.verify(now: timestamp) { _, _ in
            asked = true
            return false
        }
    }
    #expect(!asked)
}

@Test func malformedTokensGiveTypedErrors() throws {
    let good = try rootToken().bytes
    #expect(throws: AuthTokenError.tooShort(115)) { try AuthToken(bytes: Array(good.prefix(115))) }
    var version = good
    version[74] = 1
    #expect(throws: AuthTokenError.unsupportedVersion(1)) { try AuthToken(bytes: version) }
    #expect(throws: AuthTokenError.badCapabilitiesLength) {
        try AuthToken(bytes: Array(good.dropLast()))
    }
    #expect(throws: AuthTokenError.badCapabilitiesLength) { try AuthToken(bytes: good + [0x20]) }
    var overlong = Array(good.prefix(115))
    overlong += [UInt8](repeating: 0xff, count: 11)
    #expect(throws: AuthTokenError.badCapabilitiesLength) { try AuthToken(bytes: overlong) }
    var badUTF8 = Array(good.prefix(115))
    badUTF8 += [0x02, 0xc3, 0x28]
    #expect(throws: AuthTokenError.badCapabilitiesEncoding) { try AuthToken(bytes: badUTF8) }
    #expect(throws: AuthTokenError.unsupportedVersion(1)) {
        try AuthToken.verified(bytes: version, now: timestamp, isReplay: neverSeen)
    }
}

@Test func longCapabilityListsUseAMultiByteLength() throws {
    let pair = try #require(Ed25519KeyPair(secretHex: zeroSecret))
    let scopes = (0..<20).map { "/pub/app\($0)/:rw" }.joined(separator: ",")
    let token = AuthToken.sign(
        keyPair: pair, capabilities: Capabilities(parsing: scopes), timestamp: timestamp)
    #expect(scopes.utf8.count > 127)
    #expect(token.bytes[115] & 0x80 != 0)
    let parsed = try AuthToken.verified(bytes: token.bytes, now: timestamp, isReplay: neverSeen)
    #expect(parsed.capabilitiesText == scopes)
}
