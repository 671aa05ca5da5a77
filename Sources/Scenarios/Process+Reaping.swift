import Foundation

extension Process {
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
