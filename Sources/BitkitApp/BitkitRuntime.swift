import AppRuntime
import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import PubkyCrypto
import PubkyProtocol

/// The app process for one action: loads UserDefaults and memory and runs the transition on the
/// kernel (`AppKernel`: main actor, suspension points, toasts, journal), collecting notices.
final class BitkitRuntime {
    /// Raised when the app was killed (or relaunched) while this process waited at a checkpoint.
    struct Terminated: Error {}

    let app: BitkitApp
    let environment: AppEnvironment
    let kernel: AppKernel<BitkitCheckpoint>
    let sandbox: Sandbox
    let sharing: any IdentitySharing
    let store: BitkitPrivateKeychain
    var defaults: BitkitDefaults
    /// The running app's memory; nil while Bitkit is not running.
    var current: BitkitMemory?
    var notices: [String] = []
    private var startStack: [String]?
    private var openedBackend: BitkitBackend?

    init(app: BitkitApp, kernel: AppKernel<BitkitCheckpoint>) throws {
        self.app = app
        self.environment = app.environment
        self.kernel = kernel
        self.sandbox = kernel.sandbox
        self.sharing = app.sharing
        self.store = app.privateKeychain
        self.defaults = try app.sandbox.load(BitkitDefaults.self, "defaults") ?? BitkitDefaults()
        self.current = try Self.loadMemory(sandbox, network: app.network)
        self.startStack = current?.stack
    }

    /// The memory of a running app (the action made sure the app runs).
    var memory: BitkitMemory {
        get {
            guard let current else { preconditionFailure("Bitkit is not running") }
            return current
        }
        set { current = newValue }
    }

    var network: BitcoinNetwork { app.network }

    /// The app's memory, or nil when it is not running or belongs to another build (an
    /// update-install restarts the app).
    static func loadMemory(_ sandbox: Sandbox, network: BitcoinNetwork) throws -> BitkitMemory? {
        let memory: BitkitMemory?
        do {
            memory = try sandbox.load(BitkitMemory.self, "memory")
        } catch {
            // An unreadable memory document is an app that crashed: it is simply not running.
            return nil
        }
        guard let memory, memory.network == network else { return nil }
        return memory
    }

    // MARK: Persistence

    func saveDefaults() throws { try sandbox.save(defaults, "defaults") }

    func updateDefaults(_ change: (inout BitkitDefaults) -> Void) throws {
        change(&defaults)
        try saveDefaults()
    }

    func saveMemory() throws {
        guard let current else { return }
        try sandbox.save(current, "memory")
    }

    /// An asynchronous point: memory is saved, the main actor released while the checkpoint may
    /// pause, then memory and defaults are reloaded (another process of the app may have acted).
    /// Returns false when the app is no longer running (killed or relaunched meanwhile).
    @discardableResult
    func pause(_ checkpoint: BitkitCheckpoint) -> Bool {
        let launchID = current?.launchID
        let running =
            (try? kernel.suspend(
                at: checkpoint, save: { try? saveMemory() },
                reload: { () -> Bool in
                    defaults = (try? sandbox.load(BitkitDefaults.self, "defaults")) ?? defaults
                    guard let reloaded = try? Self.loadMemory(sandbox, network: network), reloaded.launchID == launchID
                    else {
                        current = nil
                        return false
                    }
                    current = reloaded
                    return true
                })) ?? false
        return running
    }

    /// `pause`, ending the action when the app stopped running meanwhile.
    func suspend(_ checkpoint: BitkitCheckpoint) throws {
        guard pause(checkpoint) else { throw Terminated() }
    }

    // MARK: Output

    func toast(_ toast: Toast) { kernel.raise(toast) }

    /// Toasts raised by this action, in order.
    var raised: [Toast] { kernel.raised }

    func notice(_ text: String) { notices.append(text) }

    /// An identity transition for the journal (`simctl audit` reads `identity source-lost`).
    func identityEvent(_ op: IdentityOp, account: String? = nil) {
        kernel.record(.identity(op), account: account)
    }

    /// `wipe start` / `wipe end`, carrying this build's owner prefix for the audit.
    func wipeEvent(_ op: WipeOp) {
        kernel.record(.wipe(op), owner: network.bitkitSourceApp)
    }

    func lifecycle(_ op: LifecycleOp) { kernel.lifecycle(op) }

    /// Replaces the navigation path (journalled when it changes).
    func setPath(_ path: [BitkitRoute]) {
        let before = memory.stack
        memory.path = path
        recordNavigation(from: before)
    }

    func setRoot(_ root: BitkitRoute) {
        let before = memory.stack
        memory.root = root
        recordNavigation(from: before)
    }

    private func recordNavigation(from before: [String]) {
        kernel.navigated(from: before, to: memory.stack)
    }

    func outcome() -> BitkitOutcome {
        BitkitOutcome(
            screen: current.map { BitkitScreenRenderer(runtime: self, memory: $0).screen() }, notices: notices)
    }

    // MARK: Services

    /// The network client, made on first use.
    func backend() throws(ServiceFailure) -> BitkitBackend {
        if let openedBackend { return openedBackend }
        do {
            let made = try app.makeBackend(environment)
            openedBackend = made
            return made
        } catch let failure as ServiceFailure {
            throw failure
        } catch {
            throw ServiceFailure(reason: "\(error)")
        }
    }

    /// A network call with its SDK fault (spec/06 "force an SDK failure on an operation").
    func network<T>(_ fault: String, _ body: (BitkitBackend) throws(ServiceFailure) -> T) throws(ServiceFailure) -> T {
        if environment.consumeSDKFault(fault) { throw ServiceFailure.sdkFault(fault) }
        return try body(try backend())
    }
}
