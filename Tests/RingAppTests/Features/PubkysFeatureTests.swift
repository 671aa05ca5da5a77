import AppRuntime
import AppRuntimeTesting
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import RingApp
import Testing

/// Ring's pubkys (`Pubkys`, spec/03 §2, §8–§9): created, deleted, and the wipe, step by step through
/// the reducer.
@Suite struct PubkysFeatureTests {
    typealias F = RingFixture

    /// spec/03 §2: a new key from a fresh mnemonic — a draw, the secret saved, the record published
    /// with its window — then Home and its offer load.
    @Test func creatingAPubkySavesItsSecretThenPublishesItsRecord() {
        let store = TestStore<Ring>(F.home([]), .create(name: "Alice", signUp: nil))
        #expect(store.awaiting == .draw)
        store.answer(.drawn(11))
        guard case .request(.store(.saveSecret(let secret, let pubky)))? = store.awaiting else {
            Issue.record("The secret is saved next; the step waits on \(String(describing: store.awaiting)).")
            return
        }
        #expect(store.state.store.entries.map(\.pubky) == [pubky])
        #expect(store.state.store.entries.first?.name == "Alice")
        store.answer(.reply(.done))
        #expect(
            store.awaiting
                == .sharing(.offer(pubky: pubky, secret: secret.secretKey, between: .setOwnedBetweenDeleteAndAdd)))
        store.answer(.sharing(.write(.done), reloaded: nil))
        #expect(store.awaiting == .sharing(.listPeers))
        store.answer(.sharing(.listing(.listed([])), reloaded: nil))
        #expect(store.awaiting == .checkpoint(.pruneAfterListing))
        store.answer(.resumed(Ring.stored(store.state)))
        #expect(store.outcome == .finished)
        #expect(store.state.memory?.stack == [.home])
    }

    @Test(arguments: Platform.allCases)
    func removingAnAdoptedPubkyTouchesNoKeyAndNoRecordAndOffersItAgain(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        world.bitkitShares(F.wSecret)
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

    @Test(arguments: Platform.allCases)
    func deletingAnOwnedPubkyUnpublishesFirstAndAFailureKeepsEverything(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        world.secrets[F.a] = RingStoredSecret(secretKey: F.aSecret)
        world.ringPublishes(F.a, secret: F.aSecret)
        world.ringKeychainFails(.delete, status: -25308)
        var state = F.home([F.ownedA])
        state.memory?.sheet = .deletePubky(pubky: F.a)
        let failed = TestStore<Ring>(state, .confirm)
        failed.run { world.respond($0, $1) }
        #expect(failed.sharingCalls.first == .withdraw(pubky: F.a))
        #expect(failed.toasts == [RingTexts.deleteFailed.text])
        #expect(failed.state.store.entries == [F.ownedA])
        #expect(world.secrets[F.a] != nil)
        world.phone.clearFaults()
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

    @Test(arguments: Platform.allCases)
    func aWipeWhoseUnpublishFailsChangesNothingAndOneThatSucceedsResetsEverything(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        world.secrets[F.a] = RingStoredSecret(secretKey: F.aSecret)
        world.ringPublishes(F.a, secret: F.aSecret)
        world.ringKeychainFails(.delete, status: -61)
        var state = F.home([F.ownedA, F.adoptedW])
        state.memory?.stack = [.home, .settings]
        state.memory?.sheet = .wipe
        let failed = TestStore<Ring>(state, .confirm)
        failed.run { world.respond($0, $1) }
        #expect(failed.toasts == [RingTexts.wipeFailed.text])
        #expect(failed.state.store.entries.count == 2)
        #expect(!failed.calls.contains(.request(.store(.reset))))
        world.phone.clearFaults()
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        #expect(store.sharingCalls == [.withdrawAll(before: .wipeBeforeDelete)])
        #expect(store.calls.contains(.request(.store(.reset))))
        #expect(store.state.store == RingStore())
        #expect(store.state.memory?.top == .onboarding)
        #expect(world.own.isEmpty && world.secrets.isEmpty)
    }
}
