import ContractNames

/// One event of the append-only journal every process writes (DESIGN §6).
public struct JournalEntry: Codable, Sendable, Equatable {
    /// Monotonic across all processes of the world, starting at 1.
    public var seq: UInt64
    /// Device-clock seconds since 1970.
    public var time: Double
    /// Device-clock milliseconds since the world began (`DeviceClock`): the simulated time of the
    /// entry, the same in every replay. Absent in journals written before the clock had a file.
    public var clock: Int64?
    /// `bitkit`, `ring`, `simctl`, …
    public var app: String
    /// The simulated pid of the run that wrote it (`SimulatedProcess`): every run — a command, or
    /// one command of a serving process — is a process of its own, numbered in the world's order.
    public var pid: Int32
    /// The run of a serving process, in journals written before runs had simulated pids; never
    /// written now (it differed with how many commands the process had served).
    public var run: UInt32?
    /// `keychain`, `backend`, `toast`, `navigation`, `checkpoint`, `lifecycle`, `device`, …
    public var event: String
    /// The operation within the event kind, e.g. `add`, `copy`, `sign-in`.
    public var op: String?
    public var group: String?
    public var service: String?
    public var account: String?
    public var status: Int32?
    /// Whether secret data crossed the call (read with data, or written).
    public var data: Bool?
    public var count: Int?
    public var detail: String?
    /// For keychain reads: whether the app asked for the secret (a read, even a failed one) rather
    /// than only attributes (a listing or an existence check).
    public var requestedData: Bool?
    /// For keychain calls of an app: the owner prefix its build writes (`to.bitkit.dev`, `app.pubkyring`).
    public var owner: String?
    /// For backend requests: the simulated milliseconds the client spent on the request (never more
    /// than its timeout). The entry's `clock` is when the request was sent.
    public var latency: Int64?
    /// For backend requests: the client's timeout in milliseconds, so a check can tell "answered in
    /// time" from "gave up" by the simulated times alone.
    public var timeout: Int64?
    /// For sharing events: the other app the call concerns (`bitkit`, `ring`).
    public var peer: String?
    /// For sharing events: what the call found or did (`SharingResult`: `listed`, `found`, `absent`,
    /// `unknown`, `done`, `failed`); a reason is in `detail`.
    public var result: String?
    /// For sharing events: the shared records (`<owner>:<pubky>`) a listing returned, or a write
    /// or removal actually changed.
    public var records: [String]?
    /// For keychain deletes: the access groups the removed items were actually in (the query's
    /// `group` is null when it named none and reached every entitled group).
    public var removedFrom: [String]?
    /// For provider calls (Android): the signing certificate of the calling package, so the audit
    /// can tell a trusted caller from an untrusted one as the system saw them at the call.
    public var certificate: String?
    /// For provider calls: the signing certificate of the provider's package; absent when no
    /// provider resolved.
    public var peerCertificate: String?
    /// For provider calls that served credential rows: whether every row's `secret_key` derives
    /// the row's pubky. The secret itself never enters the journal.
    public var derives: Bool?

    /// An entry of `app` (`bitkit`, `ring`, `simctl`) recording `kind`; the journal fills in the
    /// sequence number, process, run and time when it appends it.
    public init(
        app: String, kind: JournalKind, group: String? = nil, service: String? = nil,
        account: String? = nil, status: Int32? = nil, data: Bool? = nil, count: Int? = nil, detail: String? = nil
    ) {
        self.seq = 0
        self.time = 0
        self.app = app
        self.pid = 0
        self.event = kind.event
        self.op = kind.op
        self.group = group
        self.service = service
        self.account = account
        self.status = status
        self.data = data
        self.count = count
        self.detail = detail
    }

    /// What the entry records, typed (its `event` and `op`).
    public var kind: JournalKind {
        get { JournalKind(event: event, op: op) }
        set {
            event = newValue.event
            op = newValue.op
        }
    }

    /// The app run an entry belongs to (its simulated process).
    public var runID: RunID { RunID(pid: pid, run: run ?? 0) }

    /// Identifies one app run across the journal.
    public struct RunID: Hashable, Sendable {
        public var pid: Int32
        public var run: UInt32
    }
}
