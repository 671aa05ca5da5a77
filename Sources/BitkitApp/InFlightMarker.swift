#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An in-flight operation of one app process (an adoption, a signup approval). The process id lets a
/// later process tell a live operation from one whose process died, so a crash never wedges the guard.
public struct InFlightMarker: Codable, Sendable, Equatable {
    public var pid: Int32
    /// What is being done, e.g. the pubky being adopted.
    public var subject: String

    public init(pid: Int32 = getpid(), subject: String) {
        self.pid = pid
        self.subject = subject
    }

    /// Whether the owning process still exists.
    public var isAlive: Bool {
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
