import AppRuntime
import AppRuntimeTesting
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import RingApp
import Testing

/// Ring itself, which composes the features (`Ring`, spec/03 §3–§4): the launch's publish and the
/// lifecycle both apps share, step by step through the reducer.
@Suite struct RingReducerTests {
    typealias F = RingFixture

    @Test(arguments: Platform.allCases)
    func theLaunchPublishesEveryOwnedKeyWithTheWindowBetweenDeleteAndAdd(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
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
