import AppSupport
import ContractNames
import Device

/// The mechanics both apps run on (DESIGN §3-4), so `BitkitApp` and `RingApp` keep only their
/// behaviour: one user action at a time on the app's main actor (an flock on its sandbox); at
/// every asynchronous point the app's state is saved, the main actor released while the typed
/// checkpoint may pause (a breakpoint, the race scheduler, jitter) and the state reloaded, since
/// another action of the same app may have run meanwhile; and the journal lines of toasts,
/// navigation and the lifecycle.
public final class AppKernel<Checkpoint: AppCheckpoint> {
    public let environment: AppEnvironment
    /// The app's container.
    public let sandbox: Sandbox
    private let lock: MainActorLock
    /// Toasts raised during this action, in order.
    public private(set) var raised: [Toast] = []

    private init(environment: AppEnvironment, lock: MainActorLock) {
        self.environment = environment
        self.sandbox = Sandbox(world: environment.world, app: environment.app)
        self.lock = lock
    }

    /// Runs one user action of the app holding its main actor, with a kernel of its own.
    public static func act<T>(_ environment: AppEnvironment, _ body: (AppKernel) throws -> T) throws -> T {
        try Sandbox(world: environment.world, app: environment.app).withMainActor(run: environment.run) { lock in
            try body(AppKernel(environment: environment, lock: lock))
        }
    }

    /// An `await` of the real app: `save` persists what the app holds in memory, the main actor is
    /// released around `checkpoint`, and `reload`'s answer — the state as it now is — is returned.
    public func suspend<T>(
        at checkpoint: Checkpoint, save: () throws -> Void, reload: () throws -> T
    ) throws -> T {
        try save()
        environment.checkpoint(checkpoint, release: lock.release, reacquire: lock.acquire)
        return try reload()
    }

    /// Raises a toast: shown with the action's screen and journalled.
    public func raise(_ toast: Toast) {
        raised.append(toast)
        record(.toast(style: toast.type.rawValue), detail: toast.text)
    }

    /// Takes back the last toast if it is `toast`: a flow whose outcome replaces a step's own toast
    /// before the screen shows. The journal keeps what was raised.
    public func retractLast(_ toast: Toast) {
        if raised.last == toast { raised.removeLast() }
    }

    /// Journals a change of the navigation stack (root first), if it changed.
    public func navigated(from before: [String]?, to after: [String]) {
        guard before != after else { return }
        record(.navigation, detail: after.joined(separator: " > "))
    }

    /// Journals a lifecycle transition.
    public func lifecycle(_ op: LifecycleOp) { record(.lifecycle(op)) }

    /// Journals an entry of this app.
    public func record(_ kind: JournalKind, account: String? = nil, owner: String? = nil, detail: String? = nil) {
        var entry = JournalEntry(app: environment.app.rawValue, kind: kind, account: account, detail: detail)
        entry.owner = owner
        environment.record(entry)
    }
}
