import PubkyCrypto
import PubkyProtocol
import Testing

/// Replays fixed bytes, so encodings can be checked against values computed offline.
private struct FixedRandom: RandomSource {
    var queue: [UInt8]
    mutating func bytes(_ count: Int) -> [UInt8] {
        let out = Array(queue.prefix(count))
        queue.removeFirst(count)
        return out
    }
}

private let userZ32 = "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo"

@Test func sessionSecretIsCrockfordBase32OfSixteenBytes() throws {
    var counting = FixedRandom(queue: Array(0..<16) + [UInt8](repeating: 0xff, count: 16))
    #expect(SessionSecret.random(using: &counting).text == "000G40R40M30E209185GR38E1W")
    #expect(SessionSecret.random(using: &counting).text == "ZZZZZZZZZZZZZZZZZZZZZZZZZW")
}

@Test func seededSessionSecretsAreReproducibleAndWellFormed() throws {
    var a = SeededRandom(seed: 7)
    var b = SeededRandom(seed: 7)
    let first = SessionSecret.random(using: &a)
    #expect(first == SessionSecret.random(using: &b))
    #expect(first != SessionSecret.random(using: &a))
    #expect(try SessionSecret(first.text) == first)
}

@Test func sessionSecretValidationChecksLengthAndAlphabet() {
    #expect(throws: SessionSecretError.invalidLength(25)) {
        try SessionSecret("000G40R40M30E209185GR38E1")
    }
    #expect(throws: SessionSecretError.invalidCharacters) {
        try SessionSecret("000G40R40M30E209185GR38E1U")
    }
    #expect(throws: SessionSecretError.invalidCharacters) {
        try SessionSecret("000g40r40m30e209185gr38e1w")
    }
}

@Test func exportedSessionSplitsAtTheFirstColon() throws {
    let session = try ExportedSession(parsing: " \(userZ32):ABC:DEF\n")
    #expect(session.user.z32 == userZ32)
    #expect(session.secret == "ABC:DEF")
    #expect(session.description == "\(userZ32):ABC:DEF")
    #expect(session.cookie == "\(userZ32)=ABC:DEF")
}

@Test func exportedSessionRejectsMalformedStrings() {
    #expect(throws: ExportedSessionError.missingSeparator) { try ExportedSession(parsing: userZ32) }
    #expect(throws: ExportedSessionError.emptySecret) { try ExportedSession(parsing: userZ32 + ":") }
    #expect(throws: ExportedSessionError.invalidUser("pubky" + userZ32)) {
        try ExportedSession(parsing: "pubky\(userZ32):SECRET")
    }
}

@Test func sessionCookiesRoundTripAndAreFoundInACookieHeader() throws {
    var random = SeededRandom(seed: 1)
    let user = try #require(PublicKey(z32: userZ32))
    let session = ExportedSession(user: user, secret: SessionSecret.random(using: &random))
    #expect(try ExportedSession(cookie: session.cookie) == session)
    #expect(try ExportedSession(parsing: session.description) == session)
    let header = "theme=dark; \(session.cookie); other=1"
    #expect(ExportedSession.sessions(inCookieHeader: header) == [session])
}

@Test func signupTokenIsCrockfordBase32OfSevenBytesWithDashes() throws {
    var fixed = FixedRandom(queue: Array(1...7) + [UInt8](repeating: 0xff, count: 7))
    #expect(SignupToken.random(using: &fixed).text == "0410-6105-0R3G")
    #expect(SignupToken.random(using: &fixed).text == "ZZZZ-ZZZZ-ZZZG")
    var seeded = SeededRandom(seed: 3)
    let token = SignupToken.random(using: &seeded)
    #expect(try SignupToken(token.text) == token)
    #expect(token.text.count == 14)
}

@Test func signupTokenValidationIsStrict() throws {
    _ = try SignupToken("ABCD-EFGH-JKMN")
    #expect(throws: SignupTokenError.invalidLength(12)) { try SignupToken("ABCDEFGHJKMN") }
    #expect(throws: SignupTokenError.misplacedDash) { try SignupToken("ABCDE-FGH-JKMN") }
    #expect(throws: SignupTokenError.invalidCharacter(3)) { try SignupToken("ABCI-EFGH-JKMN") }
    #expect(throws: SignupTokenError.invalidCharacter(0)) { try SignupToken("abcd-efgh-jkmn") }
    #expect(throws: SignupTokenError.invalidLength(10)) { try SignupToken("1234567890") }
}
