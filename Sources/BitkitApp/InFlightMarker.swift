import Device

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An in-flight operation of one app process (an adoption, a signup approval). The process's id and
/// start time let a later process tell a live operation from one whose process died — even when the
/// pid was reused by another process — so a crash never wedges the guard.
public struct InFlightMarker: Codable, Sendable, Equatable {
    public var pid: Int32
    /// The process's start time (`ProcessIdentity.started`); absent in markers of older versions.
    public var started: UInt64?
    /// The run of a process serving several commands (`ProcessRun`): a marker an earlier command of
    /// the same process left is as dead as one left by a process that ended.
    public var run: UInt32?
    /// What is being done, e.g. the pubky being adopted.
    public var subject: String

    public init(
        process: ProcessIdentity = .current, run: UInt32? = ProcessRun.current.stored, subject: String
    ) {
        self.pid = process.pid
        self.started = process.started
        self.run = run
        self.subject = subject
    }

    /// Whether the owning process (and run) still exists.
    public var isAlive: Bool {
        let me = ProcessIdentity.current
        if pid == me.pid, started == nil || started == me.started { return run == ProcessRun.current.stored }
        return ProcessIdentity(pid: pid, started: started).isAlive
    }
}
