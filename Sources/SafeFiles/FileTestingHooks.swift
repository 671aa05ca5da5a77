import Synchronization

/// Test seams for the multi-process tests; inert unless a test tool sets them.
public enum FileTestingHooks {
    /// Microseconds to pause halfway through writing each file, so that a SIGKILL from the crash test
    /// (`sim-stress keychain --pause-mid-write`) lands mid-write. Zero in normal use.
    public static let midWritePause = Atomic<UInt32>(0)

    /// Called inside every atomic write once the temporary file is complete, before it is renamed
    /// over the target (the crash campaign's `write` point, `CrashPlan`).
    public final class WriteHook: Sendable {
        let call: @Sendable (String) -> Void

        public init(_ call: @escaping @Sendable (String) -> Void) { self.call = call }
    }

    /// The write hook of the command in progress; nil in normal use. Bound for one command only (a
    /// task-local), so a serving process's next command never inherits it.
    @TaskLocal public static var beforeRename: WriteHook?
}
