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
    /// The run of a process serving several commands (`RunContext`): a marker an earlier command of
    /// the same process left is as dead as one left by a process that ended.
    public var run: UInt32?
    /// What is being done, e.g. the pubky being adopted.
    public var subject: String

    /// A marker of this process's run `run`.
    public init(subject: String, run: RunContext) {
        self.init(process: .current, run: run.stored, subject: subject)
    }

    public init(process: ProcessIdentity, run: UInt32?, subject: String) {
        self.pid = process.pid
        self.started = process.started
        self.run = run
        self.subject = subject
    }

    /// Whether the owning run still goes on, as seen from the run `observer`: its process exists (the
    /// same process, not a later one given its pid) and, in this very process, it is this run.
    public func isAlive(seenFrom observer: RunContext) -> Bool {
        let me = ProcessIdentity.current
        if pid == me.pid, started == nil || started == me.started { return run == observer.stored }
        return ProcessIdentity(pid: pid, started: started).isAlive
    }
}
