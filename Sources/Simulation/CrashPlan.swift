import Foundation
import SafeFiles
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The crash points of an app run, for the crash-consistency campaign (`simctl crash`,
/// Docs/reliability.md): before and after every keychain call, inside every atomic file write (the
/// temporary file complete, not yet renamed), at every named checkpoint and after every backend
/// request. A run has a plan only when its settings say so (`SIM_CRASH_LOG=FILE`, `RunContext`):
/// then each point passed appends one line `<app> <pid> <point>` to FILE, numbered across all the
/// processes that share it; with `SIM_CRASH_AT=N` as well, the process that passes the N-th point
/// logs it and kills itself with SIGKILL — a crash at a chosen point, replayable because app runs
/// are deterministic.
public struct CrashPlan: Sendable, Equatable {
    /// The shared log of points passed.
    public var log: String
    /// The point (1-based, across the log) at which to die; 0 never.
    public var at: Int

    public init(log: String, at: Int) {
        self.log = log
        self.at = at
    }

    /// Passes one crash point of `app`: logs it, and dies here if it is the chosen one.
    public func pass(_ point: String, app: String) {
        let descriptor = open(log, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard Posix.lock(descriptor, exclusive: true) == 0 else { return }
        // The log is small (one line per point of one step); every line ends with a newline.
        let passed = ((try? BoundedFile.read(descriptor: descriptor, limit: 16 << 20)) ?? []).count {
            $0 == UInt8(ascii: "\n")
        }
        let line = "\(app) \(getpid()) \(point.replacingOccurrences(of: "\n", with: " "))\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        if passed + 1 == at { kill(getpid(), SIGKILL) }
    }

    /// The atomic-write point of `app` (`FileTestingHooks.beforeRename`): `write <folder>/<file>`.
    public func writeHook(app: String) -> FileTestingHooks.WriteHook {
        let plan = self
        return FileTestingHooks.WriteHook { path in
            let url = URL(fileURLWithPath: path, isDirectory: false)
            plan.pass("write \(url.deletingLastPathComponent().lastPathComponent)/\(url.lastPathComponent)", app: app)
        }
    }
}
