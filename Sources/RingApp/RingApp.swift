import AppSupport
import Device
import Foundation
import Keychain

/// Pubky Ring as a state machine (spec/03): `send` runs user actions under the app's main-actor lock
/// against the keychain, the backend and the device, persists store and memory, and returns the
/// screen Ring now shows. At every asynchronous point of the real app it saves its state, passes a
/// named checkpoint with the lock released, and reloads.
public final class RingApp {
    public let environment: AppEnvironment
    let sandbox: Sandbox
    let shared: RingSharedPubky
    let privateKeychain: RingPrivateKeychain
    lazy var network = RingNetwork(environment: environment)
    /// The state as of the last load or change.
    public internal(set) var state: RingState
    private var lock: MainActorLock?
    /// Toasts raised during the current `send`, in order.
    var raised: [Toast] = []
    /// x-callback URLs opened during the current `send`.
    var opened: [String] = []
    /// What the simulator did besides the user's step during the last `send` (e.g. a token issued for
    /// QA), for the CLI to print.
    public internal(set) var notes: [String] = []

    /// Ring on `environment`, using `keychain` (the app's view, with entitlements and faults) and the
    /// shared service `sharedService` (tests may isolate it).
    public init(environment: AppEnvironment, keychain: Keychain, sharedService: String = SharedContract.service) {
        self.environment = environment
        self.sandbox = Sandbox(world: environment.world, app: .ring)
        self.shared = RingSharedPubky(keychain: keychain, service: sharedService)
        self.privateKeychain = RingPrivateKeychain(keychain: keychain)
        self.state = RingState()
    }

    /// Runs `actions` as one user step and returns the screen, with every toast raised on the way.
    @discardableResult
    public func send(_ actions: RingAction...) throws -> Screen { try send(actions) }

    /// Runs `actions` as one user step and returns the screen, with every toast raised on the way.
    @discardableResult
    public func send(_ actions: [RingAction]) throws -> Screen {
        try sandbox.withMainActor(run: environment.run) { lock in
            self.lock = lock
            defer { self.lock = nil }
            raised = []
            opened = []
            notes = []
            try load()
            do {
                for action in actions { try perform(action) }
            } catch let error as RingAppError {
                // The steps before the impossible one happened (e.g. the launch): keep them.
                try save()
                throw error
            }
            if state.memory != nil {
                state.memory?.toasts = raised
                state.memory?.openedURLs = opened
            }
            try save()
            return RingScreens.screen(state, toasts: raised, phrase: shownPhrase())
        }
    }

    /// The mnemonic when the recovery-phrase screen is on top (read now, never persisted).
    private func shownPhrase() -> String? {
        guard case .recoveryPhrase(let pubky) = state.memory?.top else { return nil }
        return recoveryPhrase(pubky)
    }

    /// Reads the persisted state without acting (for inspection).
    public func loadState() throws -> RingState {
        try load()
        return state
    }

    // MARK: Persistence and asynchronous points

    func load() throws {
        state.store = try sandbox.load(RingStore.self, RingStore.document) ?? RingStore()
        state.memory = try sandbox.load(RingMemory.self, RingMemory.document)
    }

    func save() throws {
        try sandbox.save(state.store, RingStore.document)
        if let memory = state.memory {
            try sandbox.save(memory, RingMemory.document)
        } else {
            sandbox.remove(RingMemory.document)
        }
    }

    /// An `await` of the real app: state saved, main actor released around the checkpoint, state
    /// reloaded (another process of Ring may have changed it meanwhile).
    func suspend(_ checkpoint: RingCheckpoint) throws {
        try save()
        environment.checkpoint(
            checkpoint.rawValue, release: { [lock] in lock?.release() }, reacquire: { [lock] in lock?.acquire() })
        try load()
    }

    /// `suspend` for callbacks that cannot throw (inside a native multi-step call).
    func suspendQuietly(_ checkpoint: RingCheckpoint) {
        _ = try? suspend(checkpoint)
    }

    // MARK: Memory helpers

    /// The running app's memory (created at the root screen if a concurrent kill dropped it).
    var memory: RingMemory {
        get { state.memory ?? RingMemory(stack: [state.store.onboarded ? .home : .onboarding]) }
        set { state.memory = newValue }
    }

    func raise(_ toast: Toast) {
        raised.append(toast)
        environment.record(
            JournalEntry(app: AppKind.ring.rawValue, event: "toast", op: toast.type.rawValue, detail: toast.text))
    }

    /// Replaces the navigation stack, journaling the change.
    func navigate(_ stack: [RingRoute]) {
        let before = state.memory?.stack
        memory.stack = stack
        if before != stack {
            environment.record(
                JournalEntry(
                    app: AppKind.ring.rawValue, event: "navigation",
                    detail: stack.map(\.name).joined(separator: " > ")))
        }
    }

    func lifecycle(_ op: String) {
        environment.record(JournalEntry(app: AppKind.ring.rawValue, event: "lifecycle", op: op))
    }

    /// Opens an x-callback URL (recorded; the simulator has no other app to open).
    func openURL(_ url: String) {
        opened.append(url)
        environment.record(JournalEntry(app: AppKind.ring.rawValue, event: "open-url", detail: url))
    }
}
