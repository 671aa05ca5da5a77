import Foundation
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process named by its id and its start time. Process ids are reused: a marker or a pause
/// record that trusted a bare pid would take any later process given the same number for the dead
/// one and keep its guard alive. With the start time, a record describes one process only.
public struct ProcessIdentity: Codable, Sendable, Equatable, Hashable {
    public var pid: Int32
    /// When the process started, in the kernel's units: clock ticks since boot on Linux
    /// (`/proc/<pid>/stat` field 22), microseconds since 1970 on macOS (`kinfo_proc.p_starttime`).
    /// Nil when unknown (records written before it was kept), which falls back to the pid alone.
    public var started: UInt64?

    public init(pid: Int32, started: UInt64?) {
        self.pid = pid
        self.started = started
    }

    /// This process (its start time read once).
    public static let current = ProcessIdentity(pid: getpid(), started: startTime(of: getpid()))

    /// Whether this very process still runs: the pid exists and, when known, started at the same time.
    public var isAlive: Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let started else { return true }
        // A process that exists but whose start time cannot be read is not provably another one.
        guard let now = Self.startTime(of: pid) else { return true }
        return now == started
    }

    /// Ends this very process with SIGKILL (the OS killing an app) and waits, at most `timeout`
    /// seconds, until it no longer runs: gone or a zombie its parent has yet to reap, either way it
    /// runs no more code. Returns false when it was not this process (already ended, or its pid
    /// reused) or it still ran at the deadline.
    public func terminate(timeout: TimeInterval = 5) -> Bool {
        guard isAlive, kill(pid, SIGKILL) == 0 else { return false }
        let deadline = Date().addingTimeInterval(timeout)
        while isAlive, !isZombie {
            guard Date() < deadline else { return false }
            usleep(1_000)
        }
        return true
    }

    /// Whether the process has exited and waits to be reaped (Linux state `Z`; unknown elsewhere).
    private var isZombie: Bool {
        #if os(Linux)
            guard let bytes = try? BoundedFile.read("/proc/\(pid)/stat", limit: 4096) else { return false }
            let stat = String(decoding: bytes, as: UTF8.self)
            guard let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
        #else
            return false
        #endif
    }

    /// The start time of process `pid`, or nil when it does not exist or cannot be read.
    public static func startTime(of pid: Int32) -> UInt64? {
        #if os(Linux)
            guard let bytes = try? BoundedFile.read("/proc/\(pid)/stat", limit: 4096) else { return nil }
            return linuxStartTime(stat: String(decoding: bytes, as: UTF8.self))
        #elseif canImport(Darwin)
            var mib: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            guard sysctl(&mib, UInt32(mib.count), &info, &size, nil, 0) == 0, size > 0 else { return nil }
            let start = info.kp_proc.p_un.__p_starttime
            return UInt64(start.tv_sec) * 1_000_000 + UInt64(start.tv_usec)
        #else
            return nil
        #endif
    }

    /// Field 22 (`starttime`) of a `/proc/<pid>/stat` line. The command name (field 2) is in
    /// parentheses and may hold spaces or parentheses itself, so fields are counted after the last `)`.
    package static func linuxStartTime(stat: String) -> UInt64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        // fields[0] is field 3 (the state), so field 22 is fields[19].
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }
}
