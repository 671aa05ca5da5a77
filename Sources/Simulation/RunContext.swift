/// One run of a tool: which run of its process it is, whether its writes fsync, and how the race
/// harness paces it. The entry point builds it once — from the process environment
/// (`ProcessEnvironment` in SimCLI) or from a `--serve` request — and passes it down explicitly;
/// nothing reads it from a global, so a serving process never changes its own environment.
///
/// A tool started for one command makes one run (number 0). A serving process (`--serve`) makes a
/// new run for every command (1, 2, …), so each meets exactly what a fresh process would: its own
/// scheduler start point, its own jitter sequence, and an identity a later command of the same
/// process does not share (the journal's `run`, in-flight markers).
public struct RunContext: Sendable {
    /// 0 for a process that runs one command; 1, 2, … for the commands of a serving process.
    public let number: UInt32
    /// False for the throwaway worlds of the scenario runner and the race harness, where surviving a
    /// power loss means nothing and fsync latency dominated their run time (`SIM_NO_FSYNC`).
    public let durable: Bool
    /// The race harness's or the explorer's scheduler for this run (`SIM_SCHEDULE`, `SIM_LANE`).
    public let scheduler: RaceScheduler?
    /// Seeded sleeps at checkpoints for this run (`SIM_JITTER_MS`, `SIM_JITTER_SEED`).
    public let jitter: Jitter?
    /// The crash campaign's plan for this run (`SIM_CRASH_LOG`, `SIM_CRASH_AT`), if any.
    public let crash: CrashPlan?
    /// World-file failures met where the action could not stop; the entry point reports them.
    public let failures = WorldFailures()
    /// Whether this run holds its app's main actor now (read by its scheduling points).
    public let mainActor = MainActorHold()
    /// Breakpoints armed at the shared-access points of this run's app.
    public let accessBreakpoints = AccessBreakpoints()
    /// The process this run is on the simulated device (its pid, its liveness).
    public let process = SimulatedProcess()

    public init(
        number: UInt32 = 0, durable: Bool = true, schedule: Schedule? = nil, jitter: Jitter.Settings? = nil,
        crash: CrashPlan? = nil
    ) {
        self.number = number
        self.durable = durable
        self.crash = crash
        let pacing = jitter.map(Jitter.init)
        self.jitter = pacing
        scheduler = schedule.map {
            RaceScheduler(path: $0.board, lane: $0.lane, jitter: pacing, accessPoints: $0.accessPoints)
        }
    }

    /// A durable, unscheduled run: an app or tool used in-process (tests) or by hand.
    public static var standalone: RunContext { RunContext() }

    /// The scheduling point at the start of a run (once per run; nothing outside a race or an
    /// exploration). Apps take theirs when their environment is made, `simctl` when a command starts.
    public func started(_ point: SchedulingPoint) {
        scheduler?.processStarted(point)
    }

    /// Where the race harness's board is and which lane this run belongs to.
    public struct Schedule: Sendable, Equatable {
        public var board: String
        public var lane: String
        /// Whether keychain calls and network requests are scheduling points too, or only the runs'
        /// starts and the named checkpoints (`SIM_POINTS=checkpoints`).
        public var accessPoints: Bool

        public init(board: String, lane: String, accessPoints: Bool = true) {
            self.board = board
            self.lane = lane
            self.accessPoints = accessPoints
        }
    }

    /// The settings a run takes from its variables (the process environment, or a `--serve`
    /// request's `environment`): the one place their names and meanings are defined.
    ///
    /// - `SIM_NO_FSYNC` (any value): writes skip fsync (throwaway worlds).
    /// - `SIM_SCHEDULE` (a board file) and `SIM_LANE` (`a`, `b` or `c`): the race harness or the
    ///   explorer schedules this run at every scheduling point.
    /// - `SIM_POINTS` (`all`, the default, or `checkpoints`): whether keychain calls and network
    ///   requests are scheduling points too, or only the runs' starts and the named checkpoints.
    /// - `SIM_JITTER_MS` (a maximum, > 0) and `SIM_JITTER_SEED` (an unsigned integer): a seeded
    ///   sleep at every scheduling point.
    /// - `SIM_CRASH_LOG` (a file) and optionally `SIM_CRASH_AT` (a point number): the crash
    ///   campaign's log of crash points, and the one to die at (`CrashPlan`).
    ///
    /// A malformed value fails loudly rather than silently running unscheduled.
    public init(variables: [String: String], number: UInt32) throws(RunContextError) {
        let durable = variables["SIM_NO_FSYNC"] == nil
        var schedule: Schedule?
        switch (variables["SIM_SCHEDULE"], variables["SIM_LANE"]) {
        case (nil, nil): break
        case (let board?, let lane?):
            guard Self.lanes.contains(lane) else {
                throw RunContextError("SIM_LANE must be one of \(Self.lanes.joined(separator: ", ")), not '\(lane)'.")
            }
            var accessPoints = true
            switch variables["SIM_POINTS"] {
            case nil, "all": break
            case "checkpoints": accessPoints = false
            case let other?:
                throw RunContextError("SIM_POINTS must be all or checkpoints, not '\(other)'.")
            }
            schedule = Schedule(board: board, lane: lane, accessPoints: accessPoints)
        default:
            throw RunContextError("SIM_SCHEDULE and SIM_LANE go together: set both or neither.")
        }
        var jitter: Jitter.Settings?
        switch (variables["SIM_JITTER_MS"], variables["SIM_JITTER_SEED"]) {
        case (nil, nil): break
        case (let maximumText?, let seedText?):
            guard let maximum = Double(maximumText), maximum.isFinite, maximum >= 0 else {
                throw RunContextError("SIM_JITTER_MS must be a number of milliseconds, not '\(maximumText)'.")
            }
            guard let seed = UInt64(seedText) else {
                throw RunContextError("SIM_JITTER_SEED must be an unsigned integer, not '\(seedText)'.")
            }
            if maximum > 0 { jitter = Jitter.Settings(maximumMilliseconds: maximum, seed: seed) }
        default:
            throw RunContextError("SIM_JITTER_MS and SIM_JITTER_SEED go together: set both or neither.")
        }
        var crash: CrashPlan?
        if let log = variables["SIM_CRASH_LOG"], !log.isEmpty {
            let atText = variables["SIM_CRASH_AT"] ?? "0"
            guard let at = Int(atText), at >= 0 else {
                throw RunContextError("SIM_CRASH_AT must be a point number, not '\(atText)'.")
            }
            crash = CrashPlan(log: log, at: at)
        }
        self.init(number: number, durable: durable, schedule: schedule, jitter: jitter, crash: crash)
    }

    /// The lanes a race or an exploration can have.
    public static let lanes = ["a", "b", "c"]
}

/// A run's settings that cannot be used; the tools report it as a usage error.
public struct RunContextError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    package init(_ description: String) { self.description = description }
}
