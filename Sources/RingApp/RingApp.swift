import AppRuntime
import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain

/// Pubky Ring as a state machine (spec/03): `send` runs user actions under the app's main-actor lock
/// against the keychain, the backend and the device, persists store and memory, and returns the
/// screen Ring now shows. At every asynchronous point of the real app it saves its state, passes a
/// named checkpoint with the lock released, and reloads.
public final class RingApp {
    public let environment: AppEnvironment
    let sandbox: Sandbox
    let sharing: any IdentitySharing
    private let keychain: Keychain
    private let sharedService: String
    let privateKeychain: RingPrivateKeychain
    lazy var network = RingNetwork(environment: environment)
    /// The state as of the last load or change.
    public internal(set) var state: RingState
    /// The runtime of the `send` in progress (main actor, checkpoints, toasts, journal).
    private var kernel: AppKernel<RingCheckpoint>?
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
        self.keychain = keychain
        self.sharedService = sharedService
        self.sharing = environment.ringExchange(keychain: keychain, service: sharedService)
        self.privateKeychain = RingPrivateKeychain(keychain: keychain)
        self.state = RingState()
    }

    /// Ring's shared-record calls of spec/01 §11 one by one (`ring-sim keychain …`).
    public var sharedRecordCalls: RingKeychainExchange {
        environment.ringExchange(keychain: keychain, service: sharedService)
    }

    /// `setOwned` called on its own, passing `ring.setOwned.between-delete-and-add` between its delete
    /// and its add.
    public func setOwnedRecord(pubky: String, secretKey: String) throws(RingKeychainExchange.Failure) {
        try sharedRecordCalls.setOwned(pubky: pubky, secretKey: secretKey) {
            environment.checkpoint(RingCheckpoint.setOwnedBetweenDeleteAndAdd)
        }
    }

    /// `removeAllOwned` called on its own, passing `ring.removeAllOwned.before-delete` before each delete.
    public func removeAllOwnedRecords() throws(RingKeychainExchange.Failure) {
        try sharedRecordCalls.removeAllOwned { _ in environment.checkpoint(RingCheckpoint.removeAllOwnedBeforeDelete) }
    }

    /// Runs `actions` as one user step and returns the screen, with every toast raised on the way.
    @discardableResult
    public func send(_ actions: RingAction...) throws -> Screen { try send(actions) }

    /// Runs `actions` as one user step and returns the screen, with every toast raised on the way.
    @discardableResult
    public func send(_ actions: [RingAction]) throws -> Screen {
        try AppKernel<RingCheckpoint>.act(environment) { kernel in
            self.kernel = kernel
            defer { self.kernel = nil }
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
                state.memory?.toasts = kernel.raised
                state.memory?.openedURLs = opened
            }
            try save()
            return RingScreens.screen(state, toasts: kernel.raised, phrase: shownPhrase())
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
        guard let kernel else { return }
        try kernel.suspend(at: checkpoint, save: save, reload: load)
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

    func raise(_ toast: Toast) { kernel?.raise(toast) }

    /// Takes back the last toast if it is `toast` (a flow's outcome replaces a step's own toast).
    func retractLast(_ toast: Toast) { kernel?.retractLast(toast) }

    /// Replaces the navigation stack, journaling the change.
    func navigate(_ stack: [RingRoute]) {
        let before = state.memory?.stack
        memory.stack = stack
        kernel?.navigated(from: before?.map(\.name), to: stack.map(\.name))
    }

    func lifecycle(_ op: LifecycleOp) { kernel?.lifecycle(op) }

    /// Journals one of Ring's log lines.
    func log(_ category: LogCategory, account: String?, _ line: String) {
        kernel?.record(.log(category), account: account, detail: line)
    }

    /// Opens an x-callback URL (recorded; the simulator has no other app to open).
    func openURL(_ url: String) {
        opened.append(url)
        kernel?.record(.openURL, detail: url)
    }
}
