import ContractNames
import Simulation

/// Stops the next process of `app` that reaches `checkpoint` (DESIGN §6): a named checkpoint, or a
/// scheduling point at a shared access (`keychain copy app.pubkyring:<z32>`,
/// `backend homeserver GET /session`).
public struct Breakpoint: Codable, Sendable, Equatable {
    public var app: AppKind
    public var checkpoint: String
    /// How many more hits stop; nil = every hit until cleared.
    public var hits: Int?
    /// Hits still to let pass before one stops (`simctl break … --after N`); nil = none.
    public var skip: Int?

    public init(app: AppKind, checkpoint: String, hits: Int?, skip: Int? = nil) {
        self.app = app
        self.checkpoint = checkpoint
        self.hits = hits
        self.skip = skip
    }
}

/// A process stopped at a breakpoint, until `simctl continue` removes this record. It is named by
/// pid and start time (`ProcessIdentity`), so a record left by a killed process is recognised as
/// dead even when its pid has been given to another process.
public struct PausedProcess: Codable, Sendable, Equatable {
    public var app: AppKind
    public var pid: Int32
    /// The process's start time (`ProcessIdentity.started`); absent in records of older versions.
    public var started: UInt64?
    public var checkpoint: String
    /// Device-clock seconds when it stopped.
    public var since: Double

    public init(app: AppKind, pid: Int32, started: UInt64? = nil, checkpoint: String, since: Double) {
        self.app = app
        self.pid = pid
        self.started = started
        self.checkpoint = checkpoint
        self.since = since
    }

    /// This process, stopped at `checkpoint`.
    public static func current(app: AppKind, checkpoint: String, since: Double) -> PausedProcess {
        let me = ProcessIdentity.current
        return PausedProcess(app: app, pid: me.pid, started: me.started, checkpoint: checkpoint, since: since)
    }

    public var identity: ProcessIdentity { ProcessIdentity(pid: pid, started: started) }

    /// Whether the record is this process's (of `app`).
    public func isCurrentProcess(app: AppKind) -> Bool {
        self.app == app && pid == ProcessIdentity.current.pid
            && (started == nil || started == ProcessIdentity.current.started)
    }
}

/// A named failure forced on an app's SDK or service call (for example Bitkit's
/// `forget-session`, spec/06 R3).
public struct SDKFault: Codable, Sendable, Equatable {
    public var app: AppKind
    public var name: String
    /// How many more calls fail; nil = until cleared.
    public var remaining: Int?
    /// How many matching calls still pass before the fault starts failing them (`--after N`); nil = none.
    public var skip: Int?

    public init(app: AppKind, name: String, remaining: Int?, skip: Int? = nil) {
        self.app = app
        self.name = name
        self.remaining = remaining
        self.skip = skip
    }
}
