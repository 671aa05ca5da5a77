import Foundation
import Testing

@testable import Backend

@Suite struct StorageTests {
    @Test func putGetDeleteRoundTrip() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        _ = try client.put(
            session, path: "/pub/paykit/v0/bitkit/wallet/endpoints/btc-lightning-bolt11",
            data: Array("lnbc".utf8))
        #expect(
            try client.get(
                pubky: Fixture.a.pubky, path: "/pub/paykit/v0/bitkit/wallet/endpoints/btc-lightning-bolt11"
            ).value
                == Array("lnbc".utf8))
        _ = try client.put(
            session, path: "/pub/paykit/v0/bitkit/wallet/endpoints/btc-lightning-bolt11", data: [])
        #expect(
            try client.get(
                pubky: Fixture.a.pubky, path: "/pub/paykit/v0/bitkit/wallet/endpoints/btc-lightning-bolt11"
            ).value == [])
        _ = try client.delete(
            session, path: "/pub/paykit/v0/bitkit/wallet/endpoints/btc-lightning-bolt11")
        let missing = failure {
            try client.get(
                pubky: Fixture.a.pubky, path: "/pub/paykit/v0/bitkit/wallet/endpoints/btc-lightning-bolt11")
        }
        #expect(missing?.http == "404 Not Found")
        #expect(missing?.isNotFound == true)
        #expect(
            failure {
                try client.delete(
                    session, path: "/pub/paykit/v0/bitkit/wallet/endpoints/btc-lightning-bolt11")
            }?.status == 404)
        #expect(try world.store.accounts().accounts.first?.usedBytes == 0)
    }

    @Test func writesNeedAValidSessionWithWriteCapabilityForThePath() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        var forged = session
        forged.secret = "0000000000000000000000000Z"
        #expect(
            failure { try client.put(forged, path: "/pub/app/x", data: [1]) }?.http
                == "401 Missing or invalid session")
        var narrow = session
        narrow.capabilities = "/pub/other/:rw"  // the server trusts its own record, not the client's copy
        #expect(failure { try client.put(narrow, path: "/pub/app/x", data: [1]) } == nil)
        let requester = try grantedSession(world, capabilities: "/pub/example.app/:rw,/pub/readonly/:r")
        #expect(failure { try client.put(requester, path: "/pub/example.app/data", data: [1]) } == nil)
        #expect(
            failure { try client.put(requester, path: "/pub/example.app-evil/data", data: [1]) }?.http
                == "403 Forbidden: the session has no write access to /pub/example.app-evil/data")
        #expect(
            failure { try client.put(requester, path: "/pub/readonly/data", data: [1]) }?.status == 403)
        #expect(failure { try client.delete(requester, path: "/pub/app/x") }?.status == 403)
    }

    @Test func pathsOutsidePubOrMalformedAreRefused() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        for path in [
            "/private/x", "/pub/", "/pub//x", "/pub/a/../b", "/pub/a/./b", "pub/x", "/pub/a\nb",
        ] {
            #expect(failure { try client.put(session, path: path, data: [1]) }?.status == 400, "\(path)")
        }
    }

    @Test func sizeLimitsGive413And507() throws {
        let world = try TestWorld()
        let small = Fixture.c.pubky
        try world.store.addHomeserver(
            HomeserverSettings(
                pubky: small, name: "small", signupMode: .open, maxFileBytes: 10, quotaBytes: 25), now: Date())
        let client = world.client()
        let session = try client.signUp(keyPair: Fixture.a, homeserver: small, signupToken: nil).value
        #expect(
            failure { try client.put(session, path: "/pub/a", data: [UInt8](repeating: 1, count: 11)) }?
                .status == 413)
        _ = try client.put(session, path: "/pub/a", data: [UInt8](repeating: 1, count: 10))
        _ = try client.put(session, path: "/pub/b", data: [UInt8](repeating: 1, count: 10))
        #expect(
            failure { try client.put(session, path: "/pub/c", data: [UInt8](repeating: 1, count: 10)) }?
                .status == 507)
        // Replacing a file counts only the difference.
        _ = try client.put(session, path: "/pub/a", data: [UInt8](repeating: 1, count: 5))
        _ = try client.put(session, path: "/pub/c", data: [UInt8](repeating: 1, count: 5))
        #expect(try world.store.accounts().accounts.first?.usedBytes == 20)
    }

    @Test func listingsFollowTheHomeserverOptions() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        let paths = [
            "/pub/app/a", "/pub/app/b/1", "/pub/app/b/2", "/pub/app/c", "/pub/app-other/x", "/pub/apps",
        ]
        for path in paths { _ = try client.put(session, path: path, data: [1]) }
        let uri = { (path: String) in "pubky://\(Fixture.a.pubky)\(path)" }
        let all = try client.list(pubky: Fixture.a.pubky, directory: "/pub/app/").value
        #expect(all == ["/pub/app/a", "/pub/app/b/1", "/pub/app/b/2", "/pub/app/c"].map(uri))
        let shallow = try client.list(
            pubky: Fixture.a.pubky, directory: "/pub/app/", options: StorageListOptions(shallow: true)
        ).value
        #expect(shallow == ["/pub/app/a", "/pub/app/b/", "/pub/app/c"].map(uri))
        let page = try client.list(
            pubky: Fixture.a.pubky, directory: "/pub/app/", options: StorageListOptions(limit: 2)
        ).value
        #expect(page == ["/pub/app/a", "/pub/app/b/1"].map(uri))
        let next = try client.list(
            pubky: Fixture.a.pubky, directory: "/pub/app/",
            options: StorageListOptions(limit: 2, cursor: page.last)
        ).value
        #expect(next == ["/pub/app/b/2", "/pub/app/c"].map(uri))
        let reversed = try client.list(
            pubky: Fixture.a.pubky, directory: "/pub/app/",
            options: StorageListOptions(limit: 2, reverse: true)
        ).value
        #expect(reversed == ["/pub/app/c", "/pub/app/b/2"].map(uri))
        let afterDirectory = try client.list(
            pubky: Fixture.a.pubky, directory: "/pub/app/",
            options: StorageListOptions(cursor: "/pub/app/b/", shallow: true)
        ).value
        #expect(afterDirectory == ["/pub/app/c"].map(uri))
        #expect(try client.list(pubky: Fixture.a.pubky, directory: "/pub/none/").value.isEmpty)
        #expect(
            failure { try client.list(pubky: Fixture.a.pubky, directory: "/pub/app") }?.status == 400)
    }

    @Test func listingTenThousandFilesPagesQuickly() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        try world.store.database.transaction {
            for index in 0..<10_000 {
                try world.store.database.run(
                    "INSERT INTO storage(homeserver, pubky, path, data, updated_at, updated_by) VALUES(?1, ?2, ?3, x'01', 0, 't')",
                    [
                        .text(session.homeserver), .text(session.pubky),
                        .text(String(format: "/pub/many/%05d", index)),
                    ])
            }
        }
        let start = Date()
        var cursor: String?
        var seen = 0
        repeat {
            let page = try world.client().list(
                pubky: Fixture.a.pubky, directory: "/pub/many/",
                options: StorageListOptions(limit: 100, cursor: cursor)
            ).value
            seen += page.count
            cursor = page.count == 100 ? page.last : nil
        } while cursor != nil
        #expect(seen == 10_000)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func readsOfAnotherUserResolveTheirHomeserver() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        _ = try world.client().put(session, path: "/pub/pubky.app/follows/\(Fixture.b.pubky)", data: [])
        world.events.removeAll()
        _ = try world.client("app.pubkyring").get(
            pubky: Fixture.a.pubky, path: "/pub/pubky.app/follows/\(Fixture.b.pubky)")
        #expect(world.events.map(\.service) == [.pkarrDHT, .pkarrRelay, .homeserver])
        #expect(world.events.last?.host == KnownHomeservers.staging)
    }

    /// A session holding only `capabilities`, obtained the way a requester gets one.
    private func grantedSession(_ world: TestWorld, capabilities: String) throws -> HomeserverSession {
        let ticket = try world.client("simctl").createAuthRequest(capabilities: capabilities).value
        _ = try world.client().approveAuthRequest(link: ticket.link, keyPair: Fixture.a)
        _ = try world.client("simctl").authRequestStatus(ticket.channel)
        return try world.client("simctl").signInWithAuthRequest(ticket.channel).value
    }
}
