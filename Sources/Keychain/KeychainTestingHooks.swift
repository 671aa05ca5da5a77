/// Test seams for the multi-process tests; inert unless a test tool sets them.
package enum KeychainTestingHooks {
    /// Microseconds to pause halfway through writing each file, so that a SIGKILL from the crash test
    /// (`sim-stress keychain --pause-mid-write`) lands mid-write. Zero in normal use.
    nonisolated(unsafe) package static var midWritePause: UInt32 = 0
    /// Called inside every atomic write once the temporary file is complete, before it is renamed over
    /// the target (the crash campaign's `write` point, `CrashPoints`). Nil in normal use.
    nonisolated(unsafe) package static var beforeRename: (@Sendable (String) -> Void)?
}
