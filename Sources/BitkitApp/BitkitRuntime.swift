import AppSupport
import Device
import Foundation
import Keychain
import PubkyCrypto
import PubkyProtocol

/// The app process for one action: loads UserDefaults and memory, runs the transition on the main
/// actor, releases it at every asynchronous point (saving memory first, reloading after) and
/// collects toasts, notices and navigation changes.
final class BitkitRuntime {
    /// Raised when the app was killed (or relaunched) while this process waited at a checkpoint.
    struct Terminated: Error {}

    let app: BitkitApp
    let environment: AppEnvironment
    let lock: MainActorLock
    let sandbox: Sandbox
    let shared: BitkitSharedKeychain
    let store: BitkitPrivateKeychain
    var defaults: BitkitDefaults
    /// The running app's memory; nil while Bitkit is not running.
    var current: BitkitMemory?
    /// Toasts raised by this action, in order.
    var raised: [Toast] = []
    var notices: [String] = []
    private var startStack: [String]?
    private var openedBackend: BitkitBackend?

    init(app: BitkitApp, lock: MainActorLock) throws {
        self.app = app
        self.environment = app.environment
        self.lock = lock
        self.sandbox = app.sandbox
        self.shared = app.shared
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
    func pause(_ checkpoint: String) -> Bool {
        let launchID = current?.launchID
        try? saveMemory()
        environment.checkpoint(checkpoint, release: lock.release, reacquire: lock.acquire)
        defaults = (try? sandbox.load(BitkitDefaults.self, "defaults")) ?? defaults
        guard let reloaded = try? Self.loadMemory(sandbox, network: network), reloaded.launchID == launchID else {
            current = nil
            return false
        }
        current = reloaded
        return true
    }

    /// `pause`, ending the action when the app stopped running meanwhile.
    func suspend(_ checkpoint: String) throws {
        guard pause(checkpoint) else { throw Terminated() }
    }

    // MARK: Output

    func toast(_ toast: Toast) {
        raised.append(toast)
        environment.record(JournalEntry(app: "bitkit", event: "toast", op: toast.type.rawValue, detail: toast.text))
    }

    func notice(_ text: String) { notices.append(text) }

    /// An identity transition for the journal (`simctl audit` reads `identity source-lost`).
    func identityEvent(_ op: String, account: String? = nil) {
        environment.record(JournalEntry(app: "bitkit", event: "identity", op: op, account: account))
    }

    /// `wipe start` / `wipe end`, carrying this build's owner prefix for the audit.
    func wipeEvent(_ op: String) {
        var entry = JournalEntry(app: "bitkit", event: "wipe", op: op)
        entry.owner = network.bitkitSourceApp
        environment.record(entry)
    }

    func lifecycle(_ op: String) {
        environment.record(JournalEntry(app: "bitkit", event: "lifecycle", op: op))
    }

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
        let after = memory.stack
        guard after != before else { return }
        environment.record(JournalEntry(app: "bitkit", event: "navigation", detail: after.joined(separator: " > ")))
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
