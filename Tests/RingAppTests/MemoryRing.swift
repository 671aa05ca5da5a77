import AppRuntime
import AppRuntimeTesting
import AppSupport
import ContractNames
import PubkyCrypto
import RingApp
import Testing

/// Ring on a phone in memory, one user step at a time, for the app tests about sharing that need
/// no process and no file: each `send` runs Ring's own behaviour through its reducer from what the
/// last step left (as the device's host loads it), `RingFakeWorld` answering every effect (sharing
/// with the apps' real exchanges over the phone: the keychain group on iOS, the providers on
/// Android), and the screen is Ring's own (`RingScreens`).
final class MemoryRing {
    private(set) var state: RingState
    var world: RingFakeWorld
    /// Every effect of every step so far, in order.
    private(set) var effects: [Effect<Ring>] = []

    init(on platform: Platform = .default) {
        world = RingFakeWorld(platform: platform)
        state = RingState(policy: world.phone.policy)
    }

    /// Runs `actions` one after the other and returns the screen, with every toast raised on the way.
    @discardableResult
    func send(_ actions: RingAction...) -> Screen {
        var raised: [Toast] = []
        for action in actions {
            let stored = Ring.stored(state)
            let store = TestStore<Ring>(
                RingState(store: stored.store, memory: stored.memory, policy: state.policy, defects: state.defects),
                action)
            store.run { self.world.respond($0, $1) }
            state = store.state
            effects += store.effects
            raised += state.raised
        }
        return RingScreens.screen(state, toasts: raised, phrase: state.shownPhrase)
    }

    /// What the state inspector shows now (no private items: Ring's private store is the fake world's).
    var snapshot: RingSnapshot { RingSnapshot(state: state, privateItems: []) }

    // MARK: Bitkit's side

    /// Bitkit `package` makes `secret`'s pubky visible, as it does on the phone's platform.
    func bitkitPublish(secret: String, sourceApp: String = "to.bitkit.dev") {
        world.bitkitShares(secret, package: sourceApp)
    }

    /// Bitkit `package` no longer makes its key visible (its record removed; its key deleted).
    func bitkitRemove(sourceApp: String = "to.bitkit.dev") { world.phone.bitkitStopsSharing(package: sourceApp) }

    /// Signs `secret`'s key up on the staging homeserver elsewhere (as Bitkit would): an account and
    /// its PKARR record naming the homeserver.
    func signUpElsewhere(_ secret: String) {
        guard let pair = Ed25519KeyPair(secretHex: secret) else { return }
        world.accounts.insert(pair.pubky)
        world.homeservers[pair.pubky] = Key.hs
    }

    /// The sharing calls made so far, in order.
    var sharingCalls: [SharingCall<RingCheckpoint>] {
        effects.compactMap { if case .sharing(let call) = $0 { return call } else { return nil } }
    }
}
