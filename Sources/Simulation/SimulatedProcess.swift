import Foundation
import SafeFiles
import Synchronization
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process one run is on the simulated device: a pid the world hands out in the order runs
/// first need one (from `.sim/pid`), so two runs of one seed number their processes alike and
/// nothing the kernel chose reaches the journal or an app's memory. A run that others must be able
/// to tell alive (an adoption in flight) holds a lock on `.sim/running/<pid>.lock`: the kernel
/// drops it when the real process dies, and `end()` when the run is over.
public final class SimulatedProcess: Sendable {
    private struct Held {
        package var pid: Int32?
        package var liveness: (descriptor: Int32, path: String)?
    }

    private let held = Mutex(Held())

    public init() {}

    /// This run's pid in `world`, handed out on first use.
    public func pid(in world: World) throws(WorldError) -> Int32 {
        try held.withLock { held throws(WorldError) -> Int32 in
            if let pid = held.pid { return pid }
            let pid = try Self.nextPID(world)
            held.pid = pid
            return pid
        }
    }

    /// The pid, if this run already has one.
    public var assignedPID: Int32? { held.withLock { $0.pid } }

    /// Holds this run's liveness lock until `end()` (or the process's death).
    public func holdLiveness(in world: World) throws(WorldError) {
        let pid = try pid(in: world)
        try held.withLock { held throws(WorldError) in
            guard held.liveness == nil else { return }
            let folder = world.simFolder.appendingPathComponent("running", isDirectory: true).path
            do throws(FileError) {
                try Posix.makeDirectories(folder)
            } catch {
                throw WorldError(error)
            }
            // Locked before it is renamed into place: a file at the final path is always held, so a
            // reader that gets the lock knows its run is over.
            let path = folder + "/\(pid).lock"
            let staging = folder + "/\(Posix.temporaryPrefix)\(pid).lock"
            let descriptor = open(staging, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .io(path: staging, reason: String(cString: strerror(errno))) }
            guard flock(descriptor, LOCK_EX) == 0, rename(staging, path) == 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .io(path: path, reason: reason)
            }
            held.liveness = (descriptor, path)
        }
    }

    /// The run is over: its liveness lock goes (and its file, so a finished world keeps nothing).
    public func end() {
        held.withLock { held in
            guard let liveness = held.liveness else { return }
            unlink(liveness.path)
            close(liveness.descriptor)
            held.liveness = nil
        }
    }

    /// Whether the run that was given `pid` in `world` still goes on: it holds its liveness lock. A
    /// lock file nobody holds is a dead run's, and is removed.
    public static func isAlive(pid: Int32, in world: World) -> Bool {
        let path = world.simFolder.appendingPathComponent("running/\(pid).lock", isDirectory: false).path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        unlink(path)
        return false
    }

    /// The next pid of `world`'s counter (`.sim/pid`), under its lock.
    private static func nextPID(_ world: World) throws(WorldError) -> Int32 {
        let path = world.simFolder.appendingPathComponent("pid", isDirectory: false).path
        do {
            return try FileLock.with(path, .exclusive) { _ in
                let counter = try CounterFile(path: path)
                defer { counter.closeFile() }
                let next = (counter.read() ?? 0) + 1
                try counter.write(next, durable: false)
                return Int32(truncatingIfNeeded: next)
            }
        } catch let error as FileError {
            throw WorldError(error)
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
    }
}
