import AppRuntime
import AppRuntimeTesting
import AppSupport
import ContractNames
import IdentitySharing
import PubkyCrypto
import Testing

@testable import BitkitApp

/// Bitkit on a phone in memory, one user step at a time, for the app tests about sharing that need
/// no process and no file: each `send` runs the app's own behaviour through its reducer from where
/// the last step left it, `BitkitFakeWorld` answering every effect as the device would (sharing
/// with the apps' real exchanges over the phone: the keychain group on iOS, the providers on
/// Android), and the screen the step leaves is drawn by the app's own renderer. A kill drops the
/// app's memory as a process's end does; what it saved stays.
final class MemoryBitkit {
    private(set) var state: BitkitState
    var world: BitkitFakeWorld
    /// Every effect of every step so far, in order.
    private(set) var effects: [Effect<Bitkit>] = []
    /// The notices of the last step (a refusal says why).
    private(set) var notices: [String] = []

    init(on platform: Platform = .default) {
        world = BitkitFakeWorld(platform: platform)
        state = BitkitState(
            defaults: BitkitDefaults(), memory: nil, build: BitkitBuild(network: .regtest, policy: world.policy))
    }

    /// Runs one user step; the screen it leaves, nil when the app is not running after it.
    @discardableResult
    func send(_ action: BitkitAction) -> Screen? {
        // Each step starts from what the app keeps, as the device's host loads it: no toast or
        // sheet outcome of the last step carries over.
        let stored = Bitkit.stored(state)
        let start = BitkitState(
            defaults: stored.defaults, memory: stored.memory, staleMemory: stored.staleMemory, build: state.build)
        let store = TestStore<Bitkit>(start, action)
        store.run { self.world.respond($0, $1) }
        state = store.state
        effects += store.effects
        notices = store.notices
        return state.memory.map { BitkitScreenRenderer(state: state, memory: $0).screen() }
    }

    /// Runs one user step that must leave the app running, and its screen.
    func screen(_ action: BitkitAction, sourceLocation: SourceLocation = #_sourceLocation) throws -> Screen {
        try #require(send(action), sourceLocation: sourceLocation)
    }

    /// The catalogue baseline (spec/06 §0.2): W's wallet, Paykit UI on, intro seen, identity NONE.
    func baseline() {
        send(.launch)
        send(.restoreWallet(mnemonic: Fixture.mnemonic, passphrase: nil))
        send(.setPaykitUI(true))
        send(.setProfileIntroSeen(true))
    }

    // MARK: Ring's side

    /// Ring imports a secret: it shares it as Ring does on the phone's platform.
    func ringImport(_ secret: String) { world.ringPublishes(secret) }

    /// Ring shares `value` under `pubky` as it is.
    func ringPublish(_ pubky: String, secret value: String) { world.ringPublishes(pubky: pubky, value: value) }

    /// Ring deletes its pubky: it withdraws its shared record.
    func ringDelete(_ pubky: String) { _ = world.phone.ring().withdraw(pubky: pubky) }

    /// "Ring: sign up X" (spec/06 §0.1): an account on the homeserver and its PKARR record.
    func ringSignUp(_ secret: String) {
        let pubky = BitkitFixture.pubky(of: secret)
        world.accounts.insert(pubky)
        world.records.insert(pubky)
    }

    // MARK: Inspection

    /// What Bitkit's identity is now, as the state inspector derives it.
    var identityKind: IdentityKind {
        IdentityKind(
            reference: state.defaults.reference,
            hasSecretKey: !(world.privateStore[BitkitStoreKey.secretKey] ?? "").isEmpty,
            hasSession: !(world.privateStore[BitkitStoreKey.session] ?? "").isEmpty)
    }

    /// The SDK calls made so far, in order.
    var networkCalls: [BackendCall] {
        effects.compactMap { if case .request(.network(_, let call)) = $0 { return call } else { return nil } }
    }

    /// The private-store requests made so far, in order.
    var storeCalls: [PrivateStoreCall] {
        effects.compactMap { if case .request(.store(let call)) = $0 { return call } else { return nil } }
    }
}
