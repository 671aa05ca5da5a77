import Foundation
import Keychain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An flock(2) on a file, released by the kernel if the process dies so a crash never wedges the world.
struct FileLock {
    enum Mode { case shared, exclusive }

    /// Runs `body` with the file at `path` open (created if missing, mode 0600; for appending with
    /// `append`) and locked.
    static func with<T>(
        _ path: String, _ mode: Mode, append: Bool = false, _ body: (_ descriptor: Int32) throws -> T
    ) throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | (append ? O_APPEND : 0), 0o600)
        guard fd >= 0 else { throw WorldError.io(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let failure = Posix.lock(fd, exclusive: mode == .exclusive)
        guard failure == 0 else { throw WorldError.io(path: path, reason: String(cString: strerror(failure))) }
        return try body(fd)
    }
}

/// Whole-file writes that a reader sees complete or not at all: temp file, fsync, rename, fsync of
/// the folder. The rename alone makes the write atomic for every process (a killed writer leaves the
/// old file); the fsyncs only add survival of a power loss, so `durable: false` skips them for files
/// that stand for memory or scratch state.
enum AtomicFile {
    /// Whether this run's writes fsync (see `ProcessRun.durable`).
    static var durableByDefault: Bool { ProcessRun.current.durable }

    static func write(_ data: Data, to url: URL, durable: Bool? = nil) throws {
        // The keychain's atomic write: one implementation of the protocol for every world file.
        do {
            try Posix.writeAtomically([UInt8](data), to: url.path, durable: durable ?? durableByDefault)
        } catch {
            throw WorldError.io(path: url.path, reason: "\(error)")
        }
    }
}
