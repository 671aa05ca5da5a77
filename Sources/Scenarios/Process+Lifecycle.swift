import Foundation
import Synchronization

/// One launch at a time in this process: Foundation's `Process.run()` on Linux copies the list of
/// open descriptors while it sets up the child, and a run on another thread that opens or closes
/// descriptors meanwhile made it write past its buffer (a SIGSEGV in `memcpy` under `Process.run`,
/// seen with about 1,400 descriptors open while the catalogue ran several scenarios at a time).
private let launching = Mutex(())

extension Process {
    /// Starts the process, never at the same time as another launch of this process's harness.
    func runAlone() throws {
        try launching.withLock { _ in try run() }
    }

    /// Waits until the process has ended, at most `seconds`; false when Foundation still reports it
    /// running. Not `waitUntilExit`, which has no limit: a harness that spawns many processes from
    /// several threads must never hang on one of them, whatever Foundation's process monitor does.
    func waitForExit(within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    /// The exit status once ended; `fallback` for a process still reported running (reading
    /// `terminationStatus` then would trap).
    func status(or fallback: Int32) -> Int32 {
        isRunning ? fallback : terminationStatus
    }
}
