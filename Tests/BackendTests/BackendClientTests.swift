import Foundation
import PubkyCrypto
import Testing

@testable import Backend

@Suite struct BackendClientTests {
    @Test func anOfflineAppGetsANetworkErrorWithoutTouchingTheDatabase() throws {
        let directory = TemporaryDirectory()
        // A corrupt file: opening it would fail loudly, so reaching it would show in the error.
        let path = directory.path("backend.sqlite")
        let garbage = Data("not a database at all, not even close".utf8)
        try garbage.write(to: URL(fileURLWithPath: path))
        var events: [BackendEvent] = []
        let client = BackendClient(
            databasePath: path, app: "to.bitkit", online: false, random: SeededRandom(seed: 1),
            observer: { events.append($0) })
        let calls: [() throws -> Void] = [
            { _ = try client.signIn(keyPair: Fixture.a) },
            { _ = try client.signUpThroughHomegate(keyPair: Fixture.a) },
            { _ = try client.importSession("\(Fixture.a.pubky):SECRET") },
            { _ = try client.resolve(Fixture.a.pubky) },
            { _ = try client.hasIdentityRecord(Fixture.a.pubky) },
            {
                _ = try client.publishHomeserver(keyPair: Fixture.a, homeserver: KnownHomeservers.staging)
            },
            { _ = try client.get(pubky: Fixture.a.pubky, path: "/pub/x") },
            { _ = try client.profile(of: Fixture.a.pubky, namespace: "bitkit.to") },
            { _ = try client.homegateSignupCode() },
            { _ = try client.payOnchain(address: "bcrt1q", amountSat: 1) },
        ]
        for call in calls { #expect(failure(call) == .offline(app: "to.bitkit")) }
        #expect(events.count == calls.count)
        #expect(
            events.allSatisfy { $0.outcome == .offline && $0.latency == 0 && $0.app == "to.bitkit" })
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

        let missing = BackendClient(
            databasePath: directory.path("absent.sqlite"), app: "to.bitkit", online: false)
        #expect(failure { try missing.resolve(Fixture.a.pubky) } == .offline(app: "to.bitkit"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("absent.sqlite")))
        #expect(BackendError.offline(app: "to.bitkit").isTransport)
    }

    @Test func goingOnlineAgainReachesTheWorld() throws {
        let world = try TestWorld()
        let client = world.client(online: false)
        #expect(failure { try client.resolve(Fixture.a.pubky) } == .offline(app: "to.bitkit"))
        client.online = true
        #expect(try client.resolve(Fixture.a.pubky).value == .notFound)
    }

    @Test func anOnlineCallOnABrokenWorldIsABrokenWorldError() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        let client = BackendClient(databasePath: path, app: "to.bitkit")
        let missing = failure { try client.resolve(Fixture.a.pubky) }
        #expect(missing == .databaseMissing(path: path))
        #expect(missing?.isBrokenWorld == true)
        try Data(repeating: 0xAB, count: 4096).write(to: URL(fileURLWithPath: path))
        let corrupt = failure { try client.resolve(Fixture.a.pubky) }
        #expect(corrupt?.isBrokenWorld == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: 0xAB, count: 4096))
    }

    @Test func everyRequestIsReportedWithItsServiceOutcomeAndLatency() throws {
        let world = try TestWorld()
        let token = try world.token()
        world.events.removeAll()
        let reply = try world.client("app.pubkyring").signUp(
            keyPair: Fixture.a, homeserver: KnownHomeservers.staging, signupToken: token)
        let events = world.events
        #expect(events.map(\.service) == [.homeserver, .pkarrRelay, .pkarrDHT])
        #expect(
            events.map(\.operation) == [
                "POST /signup", "PUT /\(Fixture.a.pubky)", "PUT \(Fixture.a.pubky)",
            ])
        #expect(
            events.allSatisfy {
                $0.app == "app.pubkyring" && $0.subject == Fixture.a.pubky && $0.outcome == .ok
            })
        #expect(events.first?.host == KnownHomeservers.staging)
        // Sign-up, then the publish that finishes with the faster relay.
        #expect(reply.latency == 0.05 + 0.2)

        world.events.removeAll()
        _ = failure {
            try world.client().signUp(
                keyPair: Fixture.a, homeserver: KnownHomeservers.staging, signupToken: nil)
        }
        #expect(world.events.count == 1)
        #expect(world.events.first?.outcome == .failed)
        #expect(world.events.first?.status == 409)
    }

    @Test func aResolveReportsTheTimeoutEachSourceSawAndTheWorldsWhatIfReplacesIt() throws {
        let world = try TestWorld()
        try world.knobs { $0.dhtReachable = false }
        world.events.removeAll()
        let unknown = try world.client().resolve(Fixture.b.pubky)
        // The DHT never answers and the relays' 404 (3.5 s) comes after the 2 s timeout: both give up at 2 s.
        #expect(unknown.value == .unknown)
        #expect(unknown.latency == 2)
        #expect(world.events.map(\.outcome) == [.timedOut, .timedOut])
        #expect(world.events.map(\.latency) == [2, 2])
        #expect(world.events.map(\.timeout) == [2, 2])

        try world.knobs { $0.resolveTimeout = 4 }
        world.events.removeAll()
        let notFound = try world.client().resolve(Fixture.b.pubky)
        #expect(notFound.value == .notFound)
        #expect(notFound.latency == 4)
        #expect(world.events.map(\.outcome) == [.timedOut, .notFound])
        #expect(world.events.map(\.latency) == [4, 3.5])
        #expect(world.events.map(\.timeout) == [4, 4])
        #expect(try world.store.knobs().resolveTimeout == 4)
        try world.knobs { $0.resolveTimeout = nil }
        #expect(try world.store.knobs().resolveTimeout == nil)
    }

    @Test func eventsEncodeAsStableJSON() throws {
        let event = BackendEvent(
            app: "to.bitkit", service: .pkarrRelay, operation: "GET /x", host: "pkarr.pubky.app",
            subject: "x",
            outcome: .timedOut, latency: 2)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(event), as: UTF8.self)
        #expect(
            json
                == #"{"app":"to.bitkit","host":"pkarr.pubky.app","latency":2,"operation":"GET \/x","outcome":"timed-out","service":"pkarr-relay","subject":"x"}"#
        )
        #expect(try JSONDecoder().decode(BackendEvent.self, from: Data(json.utf8)) == event)
    }

    @Test func errorDescriptionsAreSentencesAndReasonsAreTheServerText() {
        let errors: [BackendError] = [
            .databaseMissing(path: "/w/.sim/backend.sqlite"),
            .databaseExists(path: "/p"),
            .cannotCreate(path: "/p", reason: "No such file or directory"),
            .databaseCorrupt(path: "/p", reason: "file is not a database"),
            .schemaTooNew(path: "/p", found: 9, supported: 1),
            .database(SQLiteError(code: 1, operation: "run x")),
            .offline(app: "to.bitkit"),
            .timedOut(service: .pkarrRelay, host: "pkarr.pubky.app", after: 2),
            .unreachable(service: .homeserver, host: "hs"),
            .http(service: .homeserver, host: "hs", status: 409, reason: "User already exists"),
            .noHomeserver(pubky: "k"),
            .resolutionFailed(pubky: "k"),
            .invalidInput("bad"),
            .malformedDocument(path: "/pub/x", reason: "bad JSON"),
            .internalFailure("oops"),
        ]
        for error in errors {
            #expect(error.description.first?.isUppercase == true, "\(error)")
            #expect(error.description.hasSuffix("."), "\(error)")
            #expect(!error.reason.isEmpty)
        }
        #expect(
            BackendError.http(
                service: .homeserver, host: "hs", status: 409, reason: "User already exists"
            ).reason
                == "User already exists")
        #expect(
            BackendError.timedOut(service: .pkarrRelay, host: "h", after: 2).description.contains(
                "within 2 s"))
        #expect(
            BackendError.timedOut(service: .pkarrRelay, host: "h", after: 0.25).description.contains(
                "0.25 s"))
    }
}
