import Synchronization

/// Test seams for the multi-process tests; inert unless a test tool sets them.
public enum FileTestingHooks {
    /// Microseconds to pause halfway through writing each file, so that a SIGKILL from the crash test
    /// (`sim-stress keychain --pause-mid-write`) lands mid-write. Zero in normal use.
    public static let midWritePause = Atomic<UInt32>(0)
}
