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

/// A process stopped at a breakpoint, until `simctl continue` removes this record.
public struct PausedProcess: Codable, Sendable, Equatable {
    public var app: AppKind
    public var pid: Int32
    public var checkpoint: String
    /// Device-clock seconds when it stopped.
    public var since: Double

    public init(app: AppKind, pid: Int32, checkpoint: String, since: Double) {
        self.app = app
        self.pid = pid
        self.checkpoint = checkpoint
        self.since = since
    }
}

/// A named failure forced on an app's SDK or service call (for example Bitkit's
/// `forget-session`, spec/06 R3).
public struct SDKFault: Codable, Sendable, Equatable {
    public var app: AppKind
    public var name: String
    /// How many more calls fail; nil = until cleared.
    public var remaining: Int?

    public init(app: AppKind, name: String, remaining: Int?) {
        self.app = app
        self.name = name
        self.remaining = remaining
    }
}
