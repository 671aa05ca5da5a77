import AppRuntime
import AppRuntimeTesting
import ContractNames
import IdentitySharing
import PubkyCrypto
import RingApp
import Testing

/// Ring's identity flows as a pure reducer (spec/03 §3–§14): delete, wipe, prune, offers, adopt and
/// un-adopt, authorize with a key read just in time, backups — each driven effect by effect and
/// asserted, with no process and no disk.
@Suite struct RingReducerTests {
    typealias F = RingFixture

    // MARK: Offers and prune (spec/03 §4, §10)

    @Test func theOfferLoadPrunesAnAdoptedPubkyWhoseRecordIsGoneAndOffersTheRest() {
        var world = RingFakeWorld()
        let other = SharedIdentity(pubky: F.a, sourceApp: "to.bitkit")
        world.bitkit = [(other, F.aSecret)]
        let store = TestStore<Ring>(F.home([F.adoptedW]), .home)
        store.run { world.respond($0, $1) }
        #expect(store.calls.prefix(2) == [.sharing(.listPeers), .checkpoint(.pruneAfterListing)])
        #expect(store.state.store.entries.isEmpty)
        #expect(store.toasts == [RingTexts.pruned.text])
        #expect(store.state.offers.map(\.record) == [other])
    }

    @Test func anAdoptedPubkyWhoseRecordIsListedIsKept() {
        var world = RingFakeWorld()
        world.bitkit = [(F.dev, F.wSecret)]
        let store = TestStore<Ring>(F.home([F.adoptedW]), .home)
        store.run { world.respond($0, $1) }
        #expect(store.state.store.entries == [F.adoptedW])
        #expect(store.toasts.isEmpty)
        #expect(store.state.offers.isEmpty)
    }

    /// Prune matches pubky and source app: the same pubky from another flavour does not keep it.
    @Test func aRecordOfTheSamePubkyFromAnotherFlavourDoesNotKeepTheAdoption() {
        var world = RingFakeWorld()
        world.bitkit = [(SharedIdentity(pubky: F.w, sourceApp: "to.bitkit"), F.wSecret)]
        let store = TestStore<Ring>(F.home([F.adoptedW]), .home)
        store.run { world.respond($0, $1) }
        #expect(store.state.store.entries.isEmpty)
    }

    @Test func aListingThatFailsPrunesNothingAndKeepsTheOffersAsShown() {
        var world = RingFakeWorld()
        world.listingUnknown = "Keychain error -25308"
        let shown = [SharedIdentity(pubky: F.a, sourceApp: "to.bitkit.dev")]
        let store = TestStore<Ring>(F.home([F.adoptedW], listed: shown), .home)
        store.run { world.respond($0, $1) }
        #expect(store.calls == [.sharing(.listPeers)])
        #expect(store.state.store.entries == [F.adoptedW])
        #expect(store.state.memory?.listed == shown)
        #expect(store.toasts.isEmpty)
    }

    // MARK: Adopt and un-adopt (spec/03 §5, §8)

    @Test func usingABitkitPubkyResolvesItsHomeserverAndNeverReadsItsSecret() {
        var world = RingFakeWorld()
        world.bitkit = [(F.dev, F.wSecret)]
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

    @Test func removingAnAdoptedPubkyTouchesNoKeyAndNoRecordAndOffersItAgain() {
        var world = RingFakeWorld()
        world.bitkit = [(F.dev, F.wSecret)]
        world.sessions = [F.w]
        var state = F.home([F.adoptedW], listed: [F.dev])
        state.memory?.sheet = .deletePubky(pubky: F.w)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        #expect(!store.sharingCalls.contains(.withdraw(pubky: F.w)))
        #expect(!store.calls.contains(.request(.store(.deleteSecret(pubky: F.w)))))
        #expect(store.calls.contains(.request(.store(.deleteSessions([F.w])))))
        #expect(world.sessions.isEmpty)
        #expect(store.state.store.entries.isEmpty)
        #expect(store.state.offers.map(\.record) == [F.dev])
    }

    // MARK: Delete and wipe (spec/03 §8, §9)

    @Test func deletingAnOwnedPubkyUnpublishesFirstAndAFailureKeepsEverything() {
        var world = RingFakeWorld()
        world.secrets[F.a] = RingStoredSecret(secretKey: F.aSecret)
        world.own[F.a] = F.aSecret
        world.withdrawFails = "Keychain error -25308"
        var state = F.home([F.ownedA])
        state.memory?.sheet = .deletePubky(pubky: F.a)
        let failed = TestStore<Ring>(state, .confirm)
        failed.run { world.respond($0, $1) }
        #expect(failed.sharingCalls.first == .withdraw(pubky: F.a))
        #expect(failed.toasts == [RingTexts.deleteFailed.text])
        #expect(failed.state.store.entries == [F.ownedA])
        #expect(world.secrets[F.a] != nil)
        world.withdrawFails = nil
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        let calls = store.calls
        let unpublished = calls.firstIndex(of: .sharing(.withdraw(pubky: F.a)))
        let deleted = calls.firstIndex(of: .request(.store(.deleteSecret(pubky: F.a))))
        #expect(unpublished != nil && deleted != nil && unpublished! < deleted!)
        #expect(calls.contains(.checkpoint(.deleteAfterUnpublish)))
        #expect(store.state.store.entries.isEmpty)
        #expect(world.own.isEmpty && world.secrets.isEmpty)
    }

    @Test func aWipeWhoseUnpublishFailsChangesNothingAndOneThatSucceedsResetsEverything() {
        var world = RingFakeWorld()
        world.secrets[F.a] = RingStoredSecret(secretKey: F.aSecret)
        world.own[F.a] = F.aSecret
        world.withdrawFails = "Keychain error -61"
        var state = F.home([F.ownedA, F.adoptedW])
        state.memory?.stack = [.home, .settings]
        state.memory?.sheet = .wipe
        let failed = TestStore<Ring>(state, .confirm)
        failed.run { world.respond($0, $1) }
        #expect(failed.toasts == [RingTexts.wipeFailed.text])
        #expect(failed.state.store.entries.count == 2)
        #expect(!failed.calls.contains(.request(.store(.reset))))
        world.withdrawFails = nil
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        #expect(store.sharingCalls == [.withdrawAll(before: .wipeBeforeDelete)])
        #expect(store.calls.contains(.request(.store(.reset))))
        #expect(store.state.store == RingStore())
        #expect(store.state.memory?.top == .onboarding)
        #expect(world.own.isEmpty && world.secrets.isEmpty)
    }

    // MARK: Authorize with a key read just in time (spec/03 §12)

    @Test func authorizingWithAnAdoptedPubkyReadsBitkitsSecretNowAndSignsWithIt() {
        var world = RingFakeWorld()
        world.bitkit = [(F.dev, F.wSecret)]
        var state = F.home([F.adoptedW])
        let request = F.signInRequest()
        state.memory?.sheet = .confirmAuth(request, pubky: F.w)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        let pair = Ed25519KeyPair(secretHex: F.wSecret)!
        #expect(store.sharingCalls == [.readSecret(F.dev)])
        #expect(store.networkCalls == [.approve(link: request.link, pair)])
        #expect(
            store.calls.firstIndex(of: .checkpoint(.authorizeBeforeRead))! < store.calls.firstIndex(
                of: .sharing(.readSecret(F.dev)))!)
        if case .authSuccess(_, let pubky, _)? = store.state.memory?.sheet {
            #expect(pubky == F.w)
        } else {
            Issue.record("no success sheet: \(String(describing: store.state.memory?.sheet))")
        }
    }

    @Test func anUnreadableBitkitSecretFailsTheAuthorizationWithoutSigning() {
        var world = RingFakeWorld()
        world.bitkit = [(F.dev, F.aSecret)]
        var state = F.home([F.adoptedW])
        state.memory?.sheet = .confirmAuth(F.signInRequest(), pubky: F.w)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls.isEmpty)
        #expect(store.toasts == [RingTexts.secretUnreadableToast.text])
        #expect(store.state.memory?.sheet == nil)
    }

    @Test func anOwnedPubkySignsWithItsStoredKeyAndRepublishesItsHomeserver() {
        var world = RingFakeWorld()
        world.secrets[F.a] = RingStoredSecret(secretKey: F.aSecret)
        var state = F.home([F.ownedA])
        let request = F.signInRequest()
        state.memory?.sheet = .confirmAuth(request, pubky: F.a)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        let pair = Ed25519KeyPair(secretHex: F.aSecret)!
        #expect(store.sharingCalls.isEmpty)
        #expect(store.networkCalls == [.approve(link: request.link, pair), .publishHomeserver(pair, homeserver: "hs")])
    }

    @Test func offlineTheAuthorizationStopsBeforeAnyRead() {
        var world = RingFakeWorld()
        world.online = false
        world.bitkit = [(F.dev, F.wSecret)]
        var state = F.home([F.adoptedW])
        state.memory?.sheet = .confirmAuth(F.signInRequest(), pubky: F.w)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        #expect(store.calls == [.connectivity])
        #expect(store.toasts == [RingTexts.offlineToast.text])
    }

    // MARK: Backups (spec/03 §14)

    @Test func aBackupReadsTheStoredKeyAndAnAdoptedPubkyHasNone() {
        var world = RingFakeWorld()
        world.secrets[F.a] = RingStoredSecret(secretKey: F.aSecret)
        var state = F.home([F.ownedA, F.adoptedW])
        state.memory?.stack = [.home, .detail(pubky: F.a), .backupFile(pubky: F.a)]
        let store = TestStore<Ring>(state, .createBackup(passphrase: "secret!", destination: nil))
        store.run { world.respond($0, $1) }
        #expect(store.calls.first == .request(.store(.loadSecret(pubky: F.a))))
        #expect(world.files.values.first?.count == 91)
        #expect(store.state.store.entries.first?.isBackedUp == true)
        let adopted = TestStore<Ring>(F.home([F.adoptedW]), .openBackup(ref: F.w))
        adopted.run { world.respond($0, $1) }
        #expect(adopted.outcome.map { if case .failed = $0 { return true } else { return false } } == true)
        #expect(adopted.calls.isEmpty)
    }

    // MARK: Launch and the lifecycle both apps share

    @Test func theLaunchPublishesEveryOwnedKeyWithTheWindowBetweenDeleteAndAdd() {
        var world = RingFakeWorld()
        world.secrets[F.a] = RingStoredSecret(secretKey: F.aSecret)
        var state = F.home([F.ownedA, F.adoptedW])
        state.memory = nil
        let store = TestStore<Ring>(state, .launch)
        store.run { world.respond($0, $1) }
        #expect(
            store.sharingCalls.prefix(1) == [
                .offer(pubky: F.a, secret: F.aSecret, between: .setOwnedBetweenDeleteAndAdd)
            ])
        #expect(world.own == [F.a: F.aSecret])
    }

    /// Where the two shells disagreed: a launch of a Ring already in front does nothing (no offer
    /// reload); a tap on a backgrounded Ring first brings it forward (which reloads the offers).
    @Test func ringKeepsTheLifecycleBitkitKeeps() {
        var world = RingFakeWorld()
        let inFront = TestStore<Ring>(F.home([]), .launch)
        inFront.run { world.respond($0, $1) }
        #expect(inFront.effects.isEmpty)
        var background = F.home([])
        background.memory?.inForeground = false
        let tap = TestStore<Ring>(background, .openSettings)
        tap.run { world.respond($0, $1) }
        #expect(tap.calls.first == .sharing(.listPeers))
        #expect(tap.journal.first == JournalLine(.lifecycle(.foreground)))
        let stopped = TestStore<Ring>(RingState(store: RingStore(onboarded: true)), .background)
        #expect(stopped.notices == ["Pubky Ring is not running."])
    }
}

extension PubkyEntry {
    func with(name: String) -> PubkyEntry {
        var entry = self
        entry.name = name
        return entry
    }
}
