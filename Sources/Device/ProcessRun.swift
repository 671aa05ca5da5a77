import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One app run: what a process reads from its environment for one command (the race harness's
/// scheduler and jitter, whether writes fsync), and which run of the process it is.
///
/// A tool started for one command makes one run. A tool serving commands (`--serve`, used by the
/// race harness) begins a new run for every command, so each command meets exactly what a fresh
/// process would: its own scheduler start point, its own jitter sequence, and an identity that a
/// later command of the same process does not share (the journal's `run`, in-flight markers).
public final class ProcessRun: @unchecked Sendable {
    /// 0 for a process that runs one command; 1, 2, … for the commands of a serving process.
    public let number: UInt32
    /// Set when the race harness schedules this run (`SIM_SCHEDULE`, `SIM_LANE`).
    let scheduler: RaceScheduler?
    /// Set when the race harness shakes this run's timing (`SIM_JITTER_MS`, `SIM_JITTER_SEED`).
    let jitter: Jitter?
    /// False when `SIM_NO_FSYNC` is set: the scenario runner and the race harness set it for the
    /// throwaway worlds they create, where surviving a power loss means nothing and fsync latency
    /// (milliseconds each, far more while the disk writes back) dominated their run time.
    let durable: Bool

    private init(number: UInt32) {
        self.number = number
        // getenv, not ProcessInfo's environment dictionary: this runs in every app process, and
        // building the whole dictionary cost more than the rest of the check.
        let jitter = Self.jitter()
        self.jitter = jitter
        scheduler = Self.scheduler(jitter: jitter)
        durable = getenv("SIM_NO_FSYNC") == nil
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var active: ProcessRun?
    nonisolated(unsafe) private static var count: UInt32 = 0

    /// The run in progress: made from the environment on first use.
    public static var current: ProcessRun {
        lock.lock()
        defer { lock.unlock() }
        if let active { return active }
        let run = ProcessRun(number: count)
        active = run
        return run
    }

    /// Starts the next run of a serving process, after it set the command's environment.
    @discardableResult
    public static func begin() -> ProcessRun {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        let run = ProcessRun(number: count)
        active = run
        return run
    }

    /// The run number as journal entries and markers store it: absent for a one-command process.
    public var stored: UInt32? { number == 0 ? nil : number }

    private static func jitter() -> Jitter? {
        guard let maximum = getenv("SIM_JITTER_MS").flatMap({ Double(String(cString: $0)) }), maximum > 0,
            let seed = getenv("SIM_JITTER_SEED").flatMap({ UInt64(String(cString: $0)) })
        else { return nil }
        return Jitter(maximumMilliseconds: maximum, seed: seed)
    }

    private static func scheduler(jitter: Jitter?) -> RaceScheduler? {
        guard let path = getenv("SIM_SCHEDULE").map({ String(cString: $0) }),
            let lane = getenv("SIM_LANE").map({ String(cString: $0) }), lane == "a" || lane == "b"
        else { return nil }
        return RaceScheduler(path: path, lane: lane, jitter: jitter)
    }
}
