import Device

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An in-flight operation of one app process (an adoption, a signup approval). The process id lets a
/// later process tell a live operation from one whose process died, so a crash never wedges the guard.
public struct InFlightMarker: Codable, Sendable, Equatable {
    public var pid: Int32
    /// The run of a process serving several commands (`RunContext`): a marker an earlier command of
    /// the same process left is as dead as one left by a process that ended.
    public var run: UInt32?
    /// What is being done, e.g. the pubky being adopted.
    public var subject: String

    /// A marker of this process's run `run`.
    public init(subject: String, run: RunContext) {
        self.init(pid: getpid(), run: run.stored, subject: subject)
    }

    public init(pid: Int32, run: UInt32?, subject: String) {
        self.pid = pid
        self.run = run
        self.subject = subject
    }

    /// Whether the owning run still goes on, as seen from the run `observer`.
    public func isAlive(seenFrom observer: RunContext) -> Bool {
        if pid == getpid() { return run == observer.stored }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
