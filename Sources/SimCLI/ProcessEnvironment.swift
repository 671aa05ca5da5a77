import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The only place that reads the process environment, once, at start-up; everything else gets what
/// it needs from the `RunContext` built here (or from a `--serve` request) and passed down. The
/// variables, all set by the scenario runner and the race harness for the tools they start:
///
/// - `SIM_NO_FSYNC`: the world is throwaway, writes skip fsync.
/// - `SIM_SCHEDULE`, `SIM_LANE`: the race harness's or the explorer's board file and this process's lane.
/// - `SIM_POINTS`: `checkpoints` schedules only the runs' starts and the named checkpoints.
/// - `SIM_JITTER_MS`, `SIM_JITTER_SEED`: seeded sleeps at scheduling points.
/// - `SIM_CRASH_LOG`, `SIM_CRASH_AT`: the crash campaign's log of crash points and the one to die at.
///
/// And one the user sets: `TMPDIR`, where the harnesses make their worlds (`chosenTemporaryFolder`).
///
/// `RunContext.init(variables:number:)` defines what each value means.
public enum ProcessEnvironment {
    /// The names `RunContext` reads.
    static let runVariableNames = [
        "SIM_NO_FSYNC", "SIM_SCHEDULE", "SIM_LANE", "SIM_POINTS", "SIM_JITTER_MS", "SIM_JITTER_SEED", "SIM_CRASH_LOG",
        "SIM_CRASH_AT",
    ]

    /// This process's run settings. getenv, not ProcessInfo's dictionary: every app process reads
    /// them, and building the whole dictionary cost more than the rest of the check.
    static func runVariables() -> [String: String] {
        var variables: [String: String] = [:]
        for name in runVariableNames {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }

    /// `TMPDIR` when it is set: a temporary folder the user chose, which the harnesses' scratch
    /// worlds use before `/dev/shm`.
    public static func chosenTemporaryFolder() -> String? {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// The whole environment, for tools that start other processes (the scenario runner, the race
    /// harness): children inherit it, plus the variables those tools add.
    public static func inherited() -> [String: String] { ProcessInfo.processInfo.environment }
}
