import Foundation
import Keychain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The crash points of an app process, for the crash-consistency campaign (`simctl crash`,
/// Docs/reliability.md): before and after every keychain call, inside every atomic file write (the
/// temporary file complete, not yet renamed), at every named checkpoint and after every backend
/// request. Inert unless the process's command runs with `SIM_CRASH_LOG=FILE`: then each point passed
/// appends one line `<app> <pid> <point>` to FILE, numbered across all the processes that share it;
/// with `SIM_CRASH_AT=N` as well, the process that passes the N-th point logs it and kills itself
/// with SIGKILL — a crash at a chosen scheduling point, replayable because app runs are deterministic.
public enum CrashPoints {
    struct Plan {
        var log: String
        var at: Int
        var app: String
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var plan: Plan?

    /// Reads this command's crash plan from its environment (a serving process gets one per
    /// command); returns whether crash points are armed.
    @discardableResult
    public static func arm(app: AppKind) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let log = getenv("SIM_CRASH_LOG").map({ String(cString: $0) }), !log.isEmpty else {
            plan = nil
            KeychainTestingHooks.beforeRename = nil
            return false
        }
        let at = getenv("SIM_CRASH_AT").flatMap { Int(String(cString: $0)) } ?? 0
        plan = Plan(log: log, at: at, app: app.rawValue)
        KeychainTestingHooks.beforeRename = { path in
            let url = URL(fileURLWithPath: path)
            CrashPoints.pass("write \(url.deletingLastPathComponent().lastPathComponent)/\(url.lastPathComponent)")
        }
        return true
    }

    /// Passes one crash point: logs it, and dies here if it is the chosen one.
    public static func pass(_ point: String) {
        lock.lock()
        let plan = self.plan
        lock.unlock()
        guard let plan else { return }
        let descriptor = open(plan.log, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard Posix.lock(descriptor, exclusive: true) == 0 else { return }
        // The log is small (one line per point of one step); every line ends with a newline.
        let passed = ((try? BoundedFile.read(descriptor: descriptor, limit: 16 << 20)) ?? []).count {
            $0 == UInt8(ascii: "\n")
        }
        let line = "\(plan.app) \(getpid()) \(point.replacingOccurrences(of: "\n", with: " "))\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        if passed + 1 == plan.at { kill(getpid(), SIGKILL) }
    }

    /// `keychain` with a crash point before every call (per group it consults) and after it.
    public static func instrument(_ keychain: Keychain) -> Keychain {
        var caller = keychain.caller
        let fault = caller.fault
        let observer = caller.observer
        caller.fault = { operation, group, account in
            CrashPoints.pass("keychain \(operation.rawValue) \(group) \(account ?? "*")")
            return fault(operation, group, account)
        }
        caller.observer = { event in
            CrashPoints.pass("keychain \(event.call) done \(event.account ?? "*") \(event.status.rawValue)")
            observer(event)
        }
        var instrumented = Keychain(caller: caller, directory: keychain.directory)
        instrumented.durable = keychain.durable
        return instrumented
    }
}
