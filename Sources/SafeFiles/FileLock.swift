import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An flock(2) on a file, released by the kernel if the process dies so a crash never wedges the world.
public enum FileLock {
    public enum Mode: Sendable { case shared, exclusive }

    /// Runs `body` with the file at `path` open (created if missing, mode 0600; for appending with
    /// `append`) and locked. Opening or locking fails with a `FileError`; `body`'s errors pass through.
    public static func with<T>(
        _ path: String, _ mode: Mode, append: Bool = false, _ body: (_ descriptor: Int32) throws -> T
    ) throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | (append ? O_APPEND : 0), 0o600)
        guard fd >= 0 else { throw FileError.io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        let failure = Posix.lock(fd, exclusive: mode == .exclusive)
        guard failure == 0 else { throw FileError.io(operation: "flock", path: path, errno: failure) }
        return try body(fd)
    }
}

/// Whole-file writes that a reader sees complete or not at all: temp file, fsync, rename, fsync of
/// the folder. The rename alone makes the write atomic for every process (a killed writer leaves the
/// old file); the fsyncs only add survival of a power loss, so `durable: false` skips them for files
/// that stand for memory or scratch state.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL, durable: Bool) throws(FileError) {
        try Posix.writeAtomically([UInt8](data), to: url.path, durable: durable)
    }
}
