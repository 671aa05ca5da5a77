import AppRuntime
import AppRuntimeTesting
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import RingApp
import Testing

/// Bitkit's pubkys offered on Home (`Offers`, spec/03 §4–§5, §10): the offer load and its prune,
/// and `Use in Pubky Ring`, step by step through the reducer.
@Suite struct OffersFeatureTests {
    typealias F = RingFixture

    /// The offer load lists, waits at the checkpoint, then prunes what is gone — effect by effect.
    @Test func theOfferLoadListsThenPrunesAfterTheCheckpoint() {
        let gone = F.adoptedW
        let store = TestStore<Ring>(F.home([gone], listed: [F.dev]), .home)
        #expect(store.awaiting == .sharing(.listPeers))
        store.answer(.sharing(.listing(.listed([])), reloaded: nil))
        #expect(store.awaiting == .checkpoint(.pruneAfterListing))
        store.answer(.resumed(Ring.stored(store.state)))
        #expect(store.awaiting == .request(.store(.deleteSessions([F.w]))))
        store.answer(.reply(.done))
        #expect(store.outcome == .finished)
        #expect(store.state.store.entries.isEmpty)
        #expect(store.state.offerListing == Offers.State(listed: [], offeredAtListing: [], listingFailed: nil))
        #expect(store.toasts == [RingTexts.pruned.text])
    }

    @Test(arguments: Platform.allCases)
    func theOfferLoadPrunesAnAdoptedPubkyWhoseRecordIsGoneAndOffersTheRest(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        let other = SharedIdentity(pubky: F.a, sourceApp: "to.bitkit")
        world.bitkitShares(F.aSecret, package: "to.bitkit")
        let store = TestStore<Ring>(F.home([F.adoptedW]), .home)
        store.run { world.respond($0, $1) }
        #expect(store.calls.prefix(2) == [.sharing(.listPeers), .checkpoint(.pruneAfterListing)])
        #expect(store.state.store.entries.isEmpty)
        #expect(store.toasts == [RingTexts.pruned.text])
        #expect(store.state.offers.map(\.record) == [other])
    }

    @Test(arguments: Platform.allCases)
    func anAdoptedPubkyWhoseRecordIsListedIsKept(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        world.bitkitShares(F.wSecret)
        let store = TestStore<Ring>(F.home([F.adoptedW]), .home)
        store.run { world.respond($0, $1) }
        #expect(store.state.store.entries == [F.adoptedW])
        #expect(store.toasts.isEmpty)
        #expect(store.state.offers.isEmpty)
    }

    /// Prune matches pubky and source app: the same pubky from another flavour does not keep it.
    @Test(arguments: Platform.allCases)
    func aRecordOfTheSamePubkyFromAnotherFlavourDoesNotKeepTheAdoption(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        world.bitkitShares(F.wSecret, package: "to.bitkit")
        let store = TestStore<Ring>(F.home([F.adoptedW]), .home)
        store.run { world.respond($0, $1) }
        #expect(store.state.store.entries.isEmpty)
    }

    @Test func aListingThatFailsPrunesNothingAndKeepsTheOffersAsShown() {
        var world = RingFakeWorld()
        world.ringKeychainFails(.list, status: -25308)
        let shown = [SharedIdentity(pubky: F.a, sourceApp: "to.bitkit.dev")]
        let store = TestStore<Ring>(F.home([F.adoptedW], listed: shown), .home)
        store.run { world.respond($0, $1) }
        #expect(store.calls == [.sharing(.listPeers)])
        #expect(store.state.store.entries == [F.adoptedW])
        #expect(store.state.memory?.listed == shown)
        #expect(store.toasts.isEmpty)
    }

    /// spec/07 §10 row 14 on both phones: Ring's build loses access to Bitkit's records (a missing
    /// entitlement; revoked signature permissions, checked by the real resolver) — the listing fails,
    /// nothing is pruned.
    @Test(arguments: Platform.allCases)
    func aListingWithoutAccessToBitkitPrunesNothing(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        world.bitkitShares(F.wSecret)
        world.ringLosesAccess()
        let store = TestStore<Ring>(F.home([F.adoptedW], listed: [F.dev]), .home)
        store.run { world.respond($0, $1) }
        #expect(store.calls == [.sharing(.listPeers)])
        #expect(store.state.store.entries == [F.adoptedW])
        #expect(store.toasts.isEmpty)
    }

    @Test(arguments: Platform.allCases)
    func usingABitkitPubkyResolvesItsHomeserverAndNeverReadsItsSecret(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        world.bitkitShares(F.wSecret)
        world.homeservers[F.w] = "hs"
        var state = F.home([], listed: [F.dev])
        state.memory?.sheet = .useExternal(F.dev)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        #expect(
            store.calls == [
                .checkpoint(.adoptBeforeResolve), .request(.network(.resolve(pubky: F.w))),
                .request(.saveStore(store.state.store)),
            ])
        #expect(!store.sharingCalls.contains { if case .readSecret = $0 { return true } else { return false } })
        #expect(store.state.store.entries == [F.adoptedW.with(name: "pubky #1 (Bitkit)")])
        #expect(store.state.memory?.sheet == nil)
    }
}
