import Backend
import BitkitApp
import Foundation
import PubkyCrypto
import Simulation
import Testing

/// Bitkit's view of follows through its SDK (spec/09 §1): the listing, each follow's profile or
/// placeholder, and the device clock moved by the lane's schedule, not by the sum of the lookups.
@Suite struct FollowProfileTests {
    /// spec/09 §1.4's table: F1…F5 (their keys pinned by BackendTests) and their placeholder names.
    static let table: [(pubky: String, placeholder: String)] = zip(
        1...5, ["i1mn...x9so", "19jo...x4by", "u64t...jkmy", "qbxs...4ebo", "8auy...xnfy"]
    ).map { (SeededFollow.keyPair($0.0)?.pubky ?? "", $0.1) }

    @Test func aFollowWithoutAProfileIsNamedByItsTruncatedKey() {
        for row in Self.table {
            #expect(FollowProfile.placeholderName(row.pubky) == row.placeholder)
            #expect(FollowProfile(pubky: row.pubky, outcome: .timedOut).name == row.placeholder)
            #expect(FollowProfile(pubky: row.pubky, outcome: .failed("x")).profile == nil)
        }
        #expect(FollowProfile.placeholderName("PUBKY" + Self.table[0].pubky.uppercased()) == "i1mn...x9so")
        #expect(FollowProfile(pubky: Self.table[0].pubky, outcome: .found(ProfileSummary(name: "Ada"))).name == "Ada")
    }

    /// C-pre of spec/09 §8: A (Alice) follows F1…F5, F5 without a profile; F3's reads take 12 s.
    static func world() throws -> TestWorld {
        let world = try TestWorld()
        let client = BackendClient(databasePath: world.world.backendDatabase.path, app: "simctl")
        guard let a = Ed25519KeyPair(secretHex: Fixture.aSecret) else { throw CancellationError() }
        let session = try client.seedAccount(keyPair: a, homeserver: Fixture.hs).value
        _ = try client.putPubkyAppProfile(PubkyAppProfile(name: "Alice"), session: session)
        for index in 1...5 {
            guard let pair = SeededFollow.keyPair(index) else { throw CancellationError() }
            let own = try client.seedAccount(keyPair: pair, homeserver: Fixture.hs).value
            if index < 5 {
                _ = try client.putPubkyAppProfile(PubkyAppProfile(name: SeededFollow.profileName(index)), session: own)
            }
        }
        _ = try client.follow(Self.table.map(\.pubky) + [Fixture.a], session: session)
        return world
    }

    @Test func thePreviewsLookupsMoveTheClockByTheirScheduleAndASlowFollowBecomesAPlaceholder() throws {
        let world = try Self.world()
        try world.knobs { $0.readLatencies[Self.table[2].pubky] = 12 }
        let backend = SimulatedBitkitBackend(environment: world.environment, network: .regtest)
        let listing = try backend.follows(of: Fixture.a).excluding(own: Fixture.a)
        #expect(listing.pubkys == Self.table.map(\.pubky).sorted())
        let before = try DeviceClock(world: world.world).now()
        let found = try backend.followProfiles(Self.table.map(\.pubky), lane: .interactive)
        let after = try DeviceClock(world: world.world).now()
        #expect(found.map(\.name) == ["Follow 01", "Follow 02", "u64t...jkmy", "Follow 04", "8auy...xnfy"])
        #expect(found[2].outcome == .timedOut)
        #expect(found[4].outcome == .none)
        #expect(found[2].end == 10)
        #expect(after.timeIntervalSince(before) == 10)
        // Every request reached the journal, the cut-off one with the cap as its timeout.
        let reads = try world.journal(event: "backend").filter { $0.account == Self.table[2].pubky }
        #expect(reads.map(\.detail) == ["timed-out"])
        #expect(reads.first?.timeout == 10_000)
    }

    @Test func theContactsRefreshLaneHasNoCap() throws {
        let world = try Self.world()
        try world.knobs { $0.readLatencies[Self.table[2].pubky] = 12 }
        let backend = SimulatedBitkitBackend(environment: world.environment, network: .regtest)
        let before = try DeviceClock(world: world.world).now()
        let found = try backend.followProfiles(Self.table.map(\.pubky), lane: .bulk)
        #expect(found[2].name == "Follow 03")
        // Four at once: F5 waits for F1's slot (0.1 s), F3 takes 24 s.
        #expect(found[4].start > 0)
        #expect(try DeviceClock(world: world.world).now().timeIntervalSince(before) == 24)
    }

    @Test func offlineTheSetFailsAsAServiceFailure() throws {
        let world = try Self.world()
        try world.setOnline(false)
        let backend = SimulatedBitkitBackend(environment: world.environment, network: .regtest)
        #expect(throws: ServiceFailure.self) { try backend.followProfiles([Self.table[0].pubky], lane: .interactive) }
        #expect(throws: ServiceFailure.self) { try backend.follows(of: Fixture.a) }
    }
}
