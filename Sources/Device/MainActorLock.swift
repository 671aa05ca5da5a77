import Foundation
import SafeFiles
import Simulation
import Synchronization
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The model of an app's main actor: an exclusive flock on the sandbox, held while the app does
/// synchronous work and released at every asynchronous point, so a second action of the same app
/// can run while the first is paused — and meets the same in-flight guards the real app has.
public final class MainActorLock: Sendable {
    private let fd: Int32
    private let held = Atomic<Bool>(false)
    private let hold: MainActorHold?

    init(path: String, hold: MainActorHold?) throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WorldError.io(path: path, reason: String(cString: strerror(errno))) }
        self.hold = hold
        acquire()
    }

    /// Takes the lock (blocking).
    public func acquire() {
        guard !held.load(ordering: .relaxed) else { return }
        // Waiting is the point (the other action holds the main actor); another failure would mean
        // a bad descriptor, which `init` already ruled out.
        _ = Posix.lock(fd, exclusive: true)
        held.store(true, ordering: .relaxed)
        hold?.acquired()
    }

    /// Gives the lock up, as the main actor does at an `await`.
    public func release() {
        guard held.exchange(false, ordering: .relaxed) else { return }
        hold?.released()
        _ = flock(fd, LOCK_UN)
    }

    func close() {
        release()
        Glibc_close(fd)
    }

    private func Glibc_close(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }
}
