import Foundation
import PubkyCrypto
import PubkyProtocol
import Testing

@testable import Backend

/// Follows as pubky.app stores them and Bitkit reads them (spec/09 §1): the listing, the lookups, their
/// simulated time, and the bad data a follows folder or a profile can hold.
@Suite struct FollowsTests {
    let namespace = "staging.bitkit.to"

    /// spec/09 §1.4's table: follow i's bare pubky and placeholder name.
    static let table: [(pubky: String, placeholder: String)] = [
        ("i1mnt4hiywditswo3hd57t9bubcs38zmneajwphcfjzpozk5x9so", "i1mn...x9so"),
        ("19jo9ek9y1xur58m9z3ood9gkz1nrykj1xtqepbykd4hr7pdx4by", "19jo...x4by"),
        ("u64tuozgbwkety8f1h98echx16chp9nyf34jhheyrdo696pxjkmy", "u64t...jkmy"),
        ("qbxscyqqgsm319pt4dz3wcpjenk1fywxdrw3t5bimddiek184ebo", "qbxs...4ebo"),
        ("8auyz87ndhg4b1zghjk6g5xgg4yqwhpmh85n7iwobxy59mdbxnfy", "8auy...xnfy"),
    ]

    static func follow(_ index: Int) -> Ed25519KeyPair { SeededFollow.keyPair(index)! }

    @Test func theSeededFollowsAreTheSpecsF1ToF5() {
        for (offset, row) in Self.table.enumerated() {
            let index = offset + 1
            #expect(Self.follow(index).pubky == row.pubky)
            #expect(Ed25519KeyPair(secretHex: SeededFollow.secretHex(index))?.pubky == row.pubky)
            #expect(PubkyKey.bitkitTruncated(row.pubky).lowercased() == row.placeholder)
        }
        #expect(SeededFollow.secretHex(1) == Hex.encode(SHA256.hash(Array("follow-1".utf8))))
        #expect(SeededFollow.profileName(1) == "Follow 01")
        #expect(SeededFollow.profileName(62) == "Follow 62")
        #expect(SeededFollow.profileName(100) == "Follow 100")
    }

    @Test func aFollowIsAFileNamedAfterTheKeyHoldingItsCreationTime() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        _ = try world.client().follow([Self.table[0].pubky], session: session)
        let file = try #require(try world.store.storage(pubky: Fixture.a.pubky).first { $0.path.contains("follows") })
        #expect(file.path == "/pub/pubky.app/follows/\(Self.table[0].pubky)")
        #expect(file.text == #"{"created_at":\#(Int64(world.now.micros))}"#)
        #expect(PubkyAppFollow.directory == "/pub/pubky.app/follows/")
    }

    @Test func everyPageIsListedInOneCallAndTheHomeserverIsResolvedOnce() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let keys = (1...230).compactMap { SeededFollow.keyPair($0)?.pubky }
        _ = try world.client().follow(keys, session: session)
        world.events = []
        let reply = try world.client().follows(of: Fixture.a.pubky)
        #expect(reply.value.pubkys == keys.sorted())
        #expect(reply.value.ignored.isEmpty)
        let pages = world.events.filter { $0.operation == "GET /pub/pubky.app/follows/" }
        #expect(pages.count == 3)
        #expect(world.events.filter { $0.service == .pkarrRelay }.count == 1)
        // The resolve (0.2 s, a relay's found answer) and three reads.
        #expect(abs(reply.latency - (0.2 + 3 * 0.05)) < 1e-9)
    }

    @Test func aFolderOfNamesThatAreNotKeysRepeatsAliasesAndFoldersKeepsEachKeyOnce() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        let f1 = Self.table[0].pubky
        let f2 = Self.table[1].pubky
        let wAlias = String(Fixture.w.pubky.dropLast()) + "b"
        _ = try client.follow(
            ["Alice", f1.uppercased(), f1, "pubky" + f2, f2, Fixture.w.pubky, wAlias, String(f1.dropLast())],
            session: session)
        _ = try client.put(session, path: "/pub/pubky.app/follows/sub/\(f1)", data: Array("{}".utf8))
        let listing = try client.follows(of: Fixture.a.pubky).value
        // Path order (digits, uppercase, lowercase); the first spelling of a key is kept, as spelled.
        #expect(listing.pubkys == [f2, f1, wAlias])
        #expect(listing.follows.map(\.name) == [f2, f1.uppercased(), wAlias])
        #expect(
            listing.ignored == [
                .init(name: "Alice", reason: .notAKey),
                .init(name: Fixture.w.pubky, reason: .repeated),
                .init(name: String(f1.dropLast()), reason: .notAKey),
                .init(name: f1, reason: .repeated),
                .init(name: "pubky" + f2, reason: .repeated),
                .init(name: "sub/", reason: .folder),
            ])
    }

    @Test func theOwnKeyIsDroppedInEverySpelling() {
        let aAlias = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qb"
        let listing = FollowsListing(names: [aAlias, Self.table[0].pubky]).excluding(own: Fixture.a.pubky)
        #expect(listing.pubkys == [Self.table[0].pubky])
        #expect(listing.ignored == [.init(name: aAlias, reason: .ownKey)])
        let prefixed = FollowsListing(names: ["pubky" + Fixture.a.pubky]).excluding(own: "pubky" + aAlias)
        #expect(prefixed.follows.isEmpty)
    }

    @Test func aLookupCostsItsReadsAndAKeyWithoutARecordCostsTheResolve() throws {
        let world = try TestWorld()
        let client = world.client()
        let paykit = try client.seedAccount(keyPair: Self.follow(1), homeserver: KnownHomeservers.staging).value
        _ = try client.putProfile(PaykitProfile(displayName: "Ada"), session: paykit, namespace: namespace)
        let pubkyApp = try client.seedAccount(keyPair: Self.follow(2), homeserver: KnownHomeservers.staging).value
        _ = try client.putPubkyAppProfile(PubkyAppProfile(name: "Follow 02"), session: pubkyApp)
        _ = try client.seedAccount(keyPair: Self.follow(3), homeserver: KnownHomeservers.staging)
        let keys = (1...4).map { Self.follow($0).pubky }
        func alone(_ key: String) throws -> BackendReply<[FollowLookup]> {
            try client.followLookups([key], namespace: namespace, lane: .interactive)
        }
        let one = try alone(keys[0])
        #expect(one.value[0].outcome == .answered(.paykit(PaykitProfile(displayName: "Ada"))))
        #expect(one.latency == 0.05)
        let two = try alone(keys[1])
        #expect(two.value[0].profile?.name == "Follow 02")
        #expect(abs(two.latency - 0.1) < 1e-9)
        let none = try alone(keys[2])
        #expect(none.value[0].outcome == .answered(.notFound))
        #expect(abs(none.latency - 0.1) < 1e-9)
        // No account, no record: the DHT says "not found" at 0.5 s, the relays' 404 would come at
        // 3.5 s, so the client waits out its 2 s resolve timeout; no profile.
        world.events = []
        let unpublished = try alone(keys[3])
        #expect(unpublished.value[0].outcome == .answered(.notFound))
        #expect(unpublished.latency == 2)
        #expect(world.events.map(\.service) == [.pkarrDHT, .pkarrRelay])
        // Side by side, the set takes as long as its slowest lookup.
        let all = try client.followLookups(keys, namespace: namespace, lane: .interactive)
        #expect(all.latency == 2)
        #expect(all.value.map(\.slot.start) == [0, 0, 0, 0])
        #expect(all.value.map(\.pubky) == keys)
    }

    @Test func aSlowFollowIsCutOffTenSecondsIntoItsSlotAndTheReadLatencyKnobSetsItsPace() throws {
        let world = try TestWorld()
        let client = world.client()
        for index in 1...5 {
            let session = try client.seedAccount(keyPair: Self.follow(index), homeserver: KnownHomeservers.staging)
                .value
            _ = try client.putPubkyAppProfile(PubkyAppProfile(name: SeededFollow.profileName(index)), session: session)
        }
        let keys = (1...5).map { Self.follow($0).pubky }
        try world.knobs { $0.readLatencies[keys[2]] = 12 }
        world.events = []
        let reply = try client.followLookups(keys, namespace: namespace, lane: .interactive)
        #expect(reply.value[2].outcome == .timedOut)
        #expect(reply.value[2].slot == .init(start: 0, end: 10, cancelled: true))
        #expect(reply.latency == 10)
        #expect(reply.value.filter { $0.pubky != keys[2] }.allSatisfy { $0.profile != nil })
        let cut = try #require(world.events.first { $0.subject == keys[2] })
        #expect(cut.outcome == .timedOut)
        #expect(cut.timeout == 10)
        // The bulk lane has no cap: the same follow is found after 2 × 12 s.
        let bulk = try client.followLookups([keys[2]], namespace: namespace, lane: .bulk)
        #expect(bulk.value[0].profile?.name == "Follow 03")
        #expect(bulk.latency == 24)
        // Every read of the user's data follows the knob, the app's own profile lookup too.
        #expect(abs(try client.profile(of: keys[2], namespace: namespace).latency - 24.4) < 1e-9)
        try world.knobs { $0.readLatencies = [:] }
        #expect(try client.followLookups(keys, namespace: namespace, lane: .interactive).latency < 0.2)
    }

    @Test func anUnreachableHomeserverAFailingReadAndAnOfflineDeviceAreNotProfiles() throws {
        let world = try TestWorld()
        let client = world.client()
        _ = try client.seedAccount(keyPair: Self.follow(1), homeserver: KnownHomeservers.staging)
        let key = Self.follow(1).pubky
        try world.knobs { $0.homeserversDown = [KnownHomeservers.staging] }
        let down = try client.followLookups([key], namespace: namespace, lane: .interactive)
        guard case .failed(let reason) = down.value[0].outcome else {
            Issue.record("an unreachable homeserver gave \(down.value[0].outcome)")
            return
        }
        #expect(reason.contains("Could not connect"))
        #expect(down.latency == 0.01)
        try world.knobs {
            $0.homeserversDown = []
            $0.storageReadFaults = [KnownHomeservers.staging]
        }
        #expect(
            try client.followLookups([key], namespace: namespace, lane: .interactive).value[0].outcome
                == .failed("Internal Server Error"))
        try world.knobs {
            $0.storageReadFaults = []
            $0.dhtReachable = false
        }
        // No DHT and no record: nothing can confirm the key has none, so the lookup fails.
        let unknown = try client.followLookups(
            [Self.follow(9).pubky], namespace: namespace, lane: .interactive)
        #expect(unknown.value[0].outcome == .failed("Could not resolve the PKARR record of \(Self.follow(9).pubky)"))
        #expect(
            try client.followLookups(["Alice"], namespace: namespace, lane: .interactive).value[0].outcome
                == .failed("Alice is not a pubky"))
        #expect(
            failure { try world.client(online: false).followLookups([key], namespace: namespace, lane: .bulk) }
                == .offline(app: "to.bitkit"))
    }

    @Test func aProfileOverTheLimitsOrMalformedIsAFailedLookupNotAProfile() throws {
        let world = try TestWorld()
        let client = world.client()
        let session = try client.seedAccount(keyPair: Self.follow(1), homeserver: KnownHomeservers.staging).value
        let key = Self.follow(1).pubky
        func outcome() throws -> FollowLookup.Outcome {
            try client.followLookups([key], namespace: namespace, lane: .interactive).value[0].outcome
        }
        let longBio = #"{"name":"Follow 01","bio":"\#(String(repeating: "b", count: 161))"}"#
        _ = try client.put(session, path: PubkyAppProfile.path, data: Array(longBio.utf8))
        #expect(
            try outcome()
                == .failed("/pub/pubky.app/profile.json breaks the profile limits: bio is longer than 160 characters"))
        let huge = #"{"name":"Follow 01","status":"\#(String(repeating: "s", count: 40_000))"}"#
        _ = try client.put(session, path: PubkyAppProfile.path, data: Array(huge.utf8))
        #expect(
            try outcome()
                == .failed(
                    "/pub/pubky.app/profile.json is \(huge.utf8.count) bytes, over the 32768-byte limit of a profile"))
        _ = try client.put(session, path: PubkyAppProfile.path, data: Array("garbage".utf8))
        guard case .failed(let reason) = try outcome(), reason.hasPrefix("Malformed document") else {
            Issue.record("a malformed profile was not a failed lookup")
            return
        }
        _ = try client.put(session, path: PubkyAppProfile.path, data: Array(#"{"name":""}"#.utf8))
        #expect(try outcome() == .answered(.notFound))
        // A Paykit profile over its limits does not fall back to the pubky.app one: the lookup failed.
        _ = try client.putPubkyAppProfile(PubkyAppProfile(name: "Follow 01"), session: session)
        let wide = PaykitProfile(displayName: String(repeating: "n", count: 129))
        _ = try client.put(
            session, path: PaykitProfile.path(namespace: namespace), data: Array(try JSONEncoder().encode(wide)))
        #expect(
            try outcome()
                == .failed(
                    "/pub/staging.bitkit.to/profile.json breaks the profile limits: display_name is longer than 128 characters"
                ))
    }

    @Test func aPaddingAliasLooksUpTheKeyItSpells() throws {
        let world = try TestWorld()
        let client = world.client()
        let session = try client.seedAccount(keyPair: Self.follow(1), homeserver: KnownHomeservers.staging).value
        _ = try client.putPubkyAppProfile(PubkyAppProfile(name: "Follow 01"), session: session)
        let key = Self.follow(1).pubky
        let alias = String(key.dropLast()) + (key.hasSuffix("o") ? "t" : "b")
        let reply = try client.followLookups([alias], namespace: namespace, lane: .interactive)
        #expect(reply.value[0].pubky == alias)
        #expect(reply.value[0].profile?.name == "Follow 01")
    }

    @Test func aSeededAccountUsesNoSignupTokenAndPublishesItsRecord() throws {
        let world = try TestWorld()
        let pair = Self.follow(1)
        let session = try world.client("simctl").seedAccount(keyPair: pair, homeserver: KnownHomeservers.staging).value
        #expect(session.pubky == pair.pubky)
        let accounts = try world.store.accounts()
        #expect(accounts.accounts.map(\.pubky) == [pair.pubky])
        #expect(accounts.accounts[0].signupToken == nil)
        #expect(accounts.signupTokens.isEmpty)
        #expect(
            try world.store.pkarrRecords(pubky: pair.pubky).map(\.homeserver) == [
                KnownHomeservers.staging, KnownHomeservers.staging,
            ])
        #expect(
            failure { try world.client("simctl").seedAccount(keyPair: pair, homeserver: KnownHomeservers.staging) }?
                .status == 409)
    }
}
