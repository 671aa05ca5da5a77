import Foundation
import PubkyCrypto
import PubkyProtocol
import Testing

@testable import Backend

@Suite struct HomeserverTests {
    @Test func signUpCreatesTheAccountASessionAndAPubkyRecord() throws {
        let world = try TestWorld()
        let token = try world.token()
        let session = try world.client("app.pubkyring").signUp(
            keyPair: Fixture.a, homeserver: KnownHomeservers.staging, signupToken: token
        ).value
        #expect(session.pubky == Fixture.a.pubky)
        #expect(session.homeserver == KnownHomeservers.staging)
        #expect(session.capabilities == "/:rw")
        #expect(session.secret.count == 26)
        #expect(session.cookie == "\(Fixture.a.pubky)=\(session.secret)")
        #expect(session.exported == "\(Fixture.a.pubky):\(session.secret)")

        let accounts = try world.store.accounts()
        #expect(accounts.accounts.map(\.pubky) == [Fixture.a.pubky])
        #expect(accounts.accounts.first?.createdBy == "app.pubkyring")
        #expect(accounts.signupTokens.first { $0.token == token }?.usedBy == Fixture.a.pubky)
        #expect(try world.store.sessions().map(\.cookie) == [session.cookie])
        let records = try world.store.pkarrRecords(pubky: Fixture.a.pubky)
        #expect(records.map(\.store).sorted() == ["dht", "relay"])
        #expect(
            records.allSatisfy {
                $0.homeserver == KnownHomeservers.staging && $0.timestamp == world.now.micros
            })
    }

    @Test func signUpTokenRulesGiveTheHomeserversStatusesAndTexts() throws {
        let world = try TestWorld()
        let client = world.client()
        func signUp(_ key: Ed25519KeyPair, _ token: String?) -> String? {
            failure {
                try client.signUp(keyPair: key, homeserver: KnownHomeservers.staging, signupToken: token)
            }?.http
        }
        #expect(signUp(Fixture.a, nil) == "400 Token required")
        #expect(signUp(Fixture.a, "") == "400 Token required")
        #expect(signUp(Fixture.a, "not-a-token") == "400 Invalid token format")
        #expect(signUp(Fixture.a, "AAAA-BBBB-CCCC") == "401 Invalid token")
        let productionToken = try world.token(on: KnownHomeservers.production)
        #expect(signUp(Fixture.a, productionToken) == "401 Invalid token")
        let token = try world.token()
        #expect(signUp(Fixture.a, token) == nil)
        #expect(signUp(Fixture.b, token) == "401 Token already used")
        // An existing user is refused before the signup token is even looked at.
        world.now += 1
        #expect(signUp(Fixture.a, nil) == "409 User already exists")
        #expect(try world.store.accounts().accounts.map(\.pubky) == [Fixture.a.pubky])
    }

    @Test func anOpenHomeserverNeedsNoToken() throws {
        let world = try TestWorld()
        let open = Fixture.c.pubky
        try world.store.addHomeserver(HomeserverSettings(pubky: open, name: "open", signupMode: .open), now: Date())
        let session = try world.client().signUp(keyPair: Fixture.a, homeserver: open, signupToken: nil)
            .value
        #expect(session.homeserver == open)
    }

    @Test func signInResolvesTheHomeserverAndOpensASession() throws {
        let world = try TestWorld()
        try world.signUp(Fixture.a)
        world.now += 60
        let session = try world.client("to.bitkit").signIn(keyPair: Fixture.a).value
        #expect(session.homeserver == KnownHomeservers.staging)
        #expect(session.capabilities == "/:rw")
        #expect(
            try world.store.sessions(pubky: Fixture.a.pubky).map(\.userAgent) == [
                "app.pubkyring", "to.bitkit",
            ])
    }

    @Test func signInOfAKeyWithARecordButNoAccountIs404AndLeavesTheRecord() throws {
        let world = try TestWorld()
        let client = world.client("simctl")
        let record = try client.publishHomeserver(
            keyPair: Fixture.c, homeserver: KnownHomeservers.staging
        ).value
        world.now += 10
        let error = failure { try world.client().signIn(keyPair: Fixture.c) }
        #expect(error?.http == "404 User not found")
        #expect(error?.reason == "User not found")
        #expect(
            try world.store.pkarrRecords(pubky: Fixture.c.pubky).allSatisfy {
                $0.packetHex == record.packetHex
            })
    }

    @Test func signInWithoutAnyRecordHasNoHomeserverToContact() throws {
        let world = try TestWorld()
        let error = failure { try world.client().signIn(keyPair: Fixture.b) }
        #expect(error == .noHomeserver(pubky: Fixture.b.pubky))
    }

    @Test func aTokenSignedByAnotherKeyIsRefused() throws {
        let world = try TestWorld()
        try world.signUp(Fixture.a)
        // A's key in the token, B's signature over it.
        let genuine = AuthToken.sign(
            keyPair: Fixture.a, capabilities: .root, timestamp: world.now.micros)
        var forged = genuine.bytes
        forged.replaceSubrange(0..<64, with: Fixture.b.sign(Array(genuine.bytes[65...])))
        let error = failure { try world.client().signIn(authToken: forged) }
        #expect(error?.http == "400 Invalid AuthToken signature")
        // B's own valid token presented for A.
        try world.signUp(Fixture.b)
        let other = AuthToken.sign(
            keyPair: Fixture.b, capabilities: .root, timestamp: world.now.micros + 1)
        let wrongUser = failure {
            try world.client().signIn(authToken: other.bytes, as: Fixture.a.pubky)
        }
        #expect(wrongUser?.http == "400 AuthToken signed by another key")
    }

    @Test func aReplayedTokenIsRefused() throws {
        let world = try TestWorld()
        try world.signUp(Fixture.a)
        let token = AuthToken.sign(
            keyPair: Fixture.a, capabilities: .root, timestamp: world.now.micros + 5)
        let client = world.client()
        _ = try client.signIn(authToken: token.bytes)
        world.now += 30
        let error = failure { try client.signIn(authToken: token.bytes) }
        #expect(error?.http == "400 AuthToken already used")
    }

    @Test func aStaleOrFutureTokenOutsideTheWindowIsRefused() throws {
        let world = try TestWorld()
        try world.signUp(Fixture.a)
        let client = world.client()
        let micros = world.now.micros
        let stale = AuthToken.sign(
            keyPair: Fixture.a, capabilities: .root, timestamp: micros - 181_000_000)
        let future = AuthToken.sign(
            keyPair: Fixture.a, capabilities: .root, timestamp: micros + 181_000_000)
        let justInside = AuthToken.sign(
            keyPair: Fixture.a, capabilities: .root, timestamp: micros - 179_000_000)
        #expect(
            failure { try client.signIn(authToken: stale.bytes) }?.http
                == "400 AuthToken has a timestamp that is more than 180 seconds in the past")
        #expect(
            failure { try client.signIn(authToken: future.bytes) }?.http
                == "400 AuthToken has a timestamp that is more than 180 seconds in the future")
        #expect(failure { try client.signIn(authToken: justInside.bytes) } == nil)
    }

    @Test func aSkewedDeviceClockMakesEveryTokenStale() throws {
        let world = try TestWorld()
        try world.signUp(Fixture.a)
        // The token is stamped by the device clock and checked against the same simulated world time;
        // a token minted from another clock is outside the window.
        let client = world.client()
        let skewed = AuthToken.sign(
            keyPair: Fixture.a, capabilities: .root, timestamp: world.now.addingTimeInterval(-600).micros)
        #expect(failure { try client.signIn(authToken: skewed.bytes) }?.status == 400)
    }

    @Test func anExportedSessionImportsUntilSignOut() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client("to.bitkit")
        let imported = try client.importSession(session.exported).value
        #expect(imported == session)
        _ = try client.signOut(imported)
        #expect(failure { try client.importSession(session.exported) }?.http == "404 Session not found")
        #expect(failure { try client.signOut(imported) }?.status == 401)
        #expect(try world.store.sessions().isEmpty)
    }

    @Test func aMalformedSessionStringIsInvalidInput() throws {
        let world = try TestWorld()
        for text in ["", "nocolon", "notakey:SECRET", "\(Fixture.a.pubky):"] {
            guard case .invalidInput = failure({ try world.client().importSession(text) }) else {
                Issue.record("\(text) should be invalid input")
                continue
            }
        }
    }

    @Test func aDownHomeserverRefusesConnectionsWithoutAStatus() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        try world.knobs { $0.homeserversDown = [KnownHomeservers.staging] }
        let client = world.client()
        let error = failure { try client.signIn(keyPair: Fixture.a) }
        #expect(error == .unreachable(service: .homeserver, host: KnownHomeservers.staging))
        #expect(error?.status == nil)
        #expect(error?.isTransport == true)
        #expect(failure { try client.importSession(session.exported) } == error)
        #expect(world.events.last?.outcome == .unreachable)
        try world.knobs { $0.homeserversDown = [] }
        #expect(failure { try client.signIn(keyPair: Fixture.a) } == nil)
    }

    @Test func theStorageReadFaultFailsReadsWhileSignInAndWritesWork() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        _ = try client.put(session, path: "/pub/app/file", data: [1])
        try world.knobs { $0.storageReadFaults = [KnownHomeservers.staging] }
        #expect(
            failure { try client.get(pubky: Fixture.a.pubky, path: "/pub/app/file") }?.http
                == "500 Internal Server Error")
        #expect(failure { try client.list(pubky: Fixture.a.pubky, directory: "/pub/") }?.status == 500)
        #expect(failure { try client.signIn(keyPair: Fixture.a) } == nil)
        #expect(failure { try client.put(session, path: "/pub/app/file", data: [2]) } == nil)
        try world.knobs { $0.storageReadFaults = [] }
        #expect(try client.get(pubky: Fixture.a.pubky, path: "/pub/app/file").value == [2])
    }

    @Test func signInRepublishesARecordOlderThanAnHour() throws {
        let world = try TestWorld()
        try world.signUp(Fixture.a)
        let published = world.now.micros
        world.now += 1800
        _ = try world.client().signIn(keyPair: Fixture.a)
        #expect(
            try world.store.pkarrRecords(pubky: Fixture.a.pubky).map(\.timestamp) == [
                published, published,
            ])
        world.now += 1801
        _ = try world.client().signIn(keyPair: Fixture.a)
        let refreshed = try world.store.pkarrRecords(pubky: Fixture.a.pubky)
        #expect(refreshed.map(\.timestamp) == [world.now.micros, world.now.micros])
        #expect(refreshed.allSatisfy { $0.homeserver == KnownHomeservers.staging })
    }

    @Test func sessionSecretsComeFromTheInjectedRandomSource() throws {
        func secret() throws -> String {
            let world = try TestWorld()
            return try world.client("app.pubkyring", seed: 42).signUp(
                keyPair: Fixture.a, homeserver: KnownHomeservers.staging, signupToken: world.token()
            ).value.secret
        }
        #expect(try secret() == secret())
    }

    @Test func twoClientsSeededAlikeStillGetDistinctSessions() throws {
        let world = try TestWorld()
        try world.signUp(Fixture.a)
        let first = try world.client("to.bitkit", seed: 5).signIn(keyPair: Fixture.a).value
        world.now += 1
        let second = try world.client("app.pubkyring", seed: 5).signIn(keyPair: Fixture.a).value
        #expect(first.secret != second.secret)
    }
}
