import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One launch at a time in this process: Foundation's `Process.run()` on Linux lists the open
/// descriptors to close them in the child, and a run on another thread that opened or closed
/// descriptors meanwhile made it write past its buffer (a SIGSEGV in `memcpy` under `Process.run`,
/// seen with about 1,400 descriptors open while the catalogue ran several scenarios at a time). A
/// pipe created on another thread during that listing would also leak into the child, keeping the
/// pipe open after its own child ended, so pipes are created under the same lock.
private let launching = Mutex(())

extension Process {
    /// Runs `body` (which creates a child's pipes and starts it) while no other launch of this
    /// process does, with no signal blocked: a child inherits the launching thread's signal mask,
    /// and Dispatch's and the test runner's threads block nearly all signals, so a child launched
    /// from one ignored `terminate()` (SIGTERM) and Ctrl-C for its whole life.
    public static func launchingAlone<T>(_ body: () throws -> T) throws -> T {
        try launching.withLock { _ in
            var unblocked = sigset_t()
            var saved = sigset_t()
            sigemptyset(&unblocked)
            pthread_sigmask(SIG_SETMASK, &unblocked, &saved)
            defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
            return try body()
        }
    }

    /// Starts the process, never at the same time as another launch of this process.
    public func runAlone() throws {
        try Self.launchingAlone { try run() }
    }

    /// Waits until the process has ended, at most `seconds`; false when Foundation still reports it
    /// running. Not `waitUntilExit`, which has no limit: a harness that spawns many processes from
    /// several threads must never hang on one of them, whatever Foundation's process monitor does.
    public func waitForExit(within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() > deadline { return false }
            // A scenario step waits here for its tool: a coarser poll adds to every step.
            usleep(500)
        }
        return true
    }

    /// The exit status once ended; `fallback` for a process still reported running (reading
    /// `terminationStatus` then would trap).
    public func status(or fallback: Int32) -> Int32 {
        isRunning ? fallback : terminationStatus
    }

    /// Whether the process has ended by SIGKILL.
    public var endedBySIGKILL: Bool {
        !isRunning && terminationReason == .uncaughtSignal && terminationStatus == SIGKILL
    }
}
