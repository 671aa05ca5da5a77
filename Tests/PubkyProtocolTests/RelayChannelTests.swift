import PubkyCrypto
import PubkyProtocol
import Testing

private let secretText = "kqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8"
private let rootTokenHex =
    "072028a652776bb0aa92409809ad200896ac39894ccb96c2078158efdec3b7e093300a437dedf23d77f0cf7cf899b359e7ffbbb937a79ada3e812dbb9fe531065055424b593a415554480000060a24181e40003b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29042f3a7277"
private let bodyHex =
    "000102030405060708090a0b0c0d0e0f1011121314151617cf87a47089d72a76047c63cebea69434dca816c9dd562b5ab481063fac143ab5f83ffbddc5321e1f64c528c53ee78f4b208287889061c529ff656e64f81db8e0a21df0cbea52b6591263c21d12fe5d606e265c2b87cd8a3ed2826abc562e15cf5cb4d18d23789da384c896836f146699cdd7513b4fb8d142bafb82515437f72ab143a1a35707bb17"

private func linkSecret() throws -> [UInt8] { try #require(Base64URL.decode(secretText)) }
private let nonce = (0..<24).map { UInt8($0) }

@Test func channelIdsMatchTheSpecVectors() throws {
    #expect(
        Hex.encode(Blake3.hash(try linkSecret()))
            == "05def0708751dbdfe772c0096d1908a560e0fe912f67350bc9c1dd879173e106")
    #expect(
        try RelayChannel.channelID(secret: try linkSecret())
            == "Bd7wcIdR29_ncsAJbRkIpWDg_pEvZzULycHdh5Fz4QY")
    #expect(
        try RelayChannel.channelID(secret: [UInt8](repeating: 0, count: 32))
            == "KtqDwYGaU3La4SOPwd7RI8gQT9qhWGKq7mlCihgg_No")
}

@Test func channelUrlDropsOneTrailingSlashOfTheRelay() throws {
    let expected = "https://httprelay.pubky.app/inbox/Bd7wcIdR29_ncsAJbRkIpWDg_pEvZzULycHdh5Fz4QY"
    #expect(
        try RelayChannel.url(relay: "https://httprelay.pubky.app/inbox", secret: try linkSecret())
            == expected)
    #expect(
        try RelayChannel.url(relay: "https://httprelay.pubky.app/inbox/", secret: try linkSecret())
            == expected)
}

@Test func sealedTokenMatchesTheSpecBody() throws {
    let token = try #require(Hex.decode(rootTokenHex))
    let body = try RelayChannel.seal(token, secret: try linkSecret(), nonce: nonce)
    #expect(body.count == 24 + 16 + 120)
    #expect(Hex.encode(body) == bodyHex)
    #expect(try RelayChannel.open(body, secret: try linkSecret()) == token)
}

@Test func emptyPlaintextIsAnEmptyBodyAndShortBodiesAreErrors() throws {
    #expect(try RelayChannel.seal([], secret: try linkSecret(), nonce: nonce) == [])
    #expect(try RelayChannel.open([], secret: try linkSecret()) == [])
    #expect(throws: RelayChannelError.bodyTooShort(1)) {
        try RelayChannel.open([0], secret: try linkSecret())
    }
    #expect(throws: RelayChannelError.bodyTooShort(23)) {
        try RelayChannel.open(Array(nonce.prefix(23)), secret: try linkSecret())
    }
    #expect(throws: RelayChannelError.decryptionFailed) {
        try RelayChannel.open(nonce, secret: try linkSecret())
    }
}

@Test func wrongSecretOrTamperedBodyFailsToOpen() throws {
    var body = try #require(Hex.decode(bodyHex))
    #expect(throws: RelayChannelError.decryptionFailed) {
        try RelayChannel.open(body, secret: [UInt8](repeating: 0, count: 32))
    }
    body[50] ^= 1
    #expect(throws: RelayChannelError.decryptionFailed) {
        try RelayChannel.open(body, secret: try linkSecret())
    }
}

@Test func secretAndNonceLengthsAreChecked() throws {
    #expect(throws: RelayChannelError.invalidSecret) {
        try RelayChannel.channelID(secret: [1, 2, 3])
    }
    #expect(throws: RelayChannelError.invalidSecret) {
        try RelayChannel.seal([1], secret: [1], nonce: nonce)
    }
    #expect(throws: RelayChannelError.invalidNonce) {
        try RelayChannel.seal([1], secret: try linkSecret(), nonce: [0])
    }
}

@Test func randomNonceBodiesDifferButOpen() throws {
    var random = SeededRandom(seed: 42)
    let secret = try linkSecret()
    let first = try RelayChannel.seal([1, 2, 3], secret: secret, random: &random)
    let second = try RelayChannel.seal([1, 2, 3], secret: secret, random: &random)
    #expect(first.count == 24 + 16 + 3)
    #expect(first != second)
    #expect(try RelayChannel.open(first, secret: secret) == [1, 2, 3])
    #expect(try RelayChannel.open(second, secret: secret) == [1, 2, 3])
}
