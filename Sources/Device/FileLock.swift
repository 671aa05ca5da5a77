import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An flock(2) on a file, released by the kernel if the process dies so a crash never wedges the world.
struct FileLock {
    enum Mode { case shared, exclusive }

    /// Runs `body` while holding the lock on `path` (created if missing, mode 0600).
    static func with<T>(_ path: String, _ mode: Mode, _ body: () throws -> T) throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WorldError.io(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        while flock(fd, mode == .shared ? LOCK_SH : LOCK_EX) != 0 {
            guard errno == EINTR else { throw WorldError.io(path: path, reason: String(cString: strerror(errno))) }
        }
        defer { _ = flock(fd, LOCK_UN) }
        return try body()
    }
}

/// Whole-file writes that a reader sees complete or not at all: temp file, fsync, rename, fsync of
/// the folder. The rename alone makes the write atomic for every process (a killed writer leaves the
/// old file); the fsyncs only add survival of a power loss, so `durable: false` skips them for files
/// that stand for memory or scratch state.
enum AtomicFile {
    /// False when `SIM_NO_FSYNC` is set: the scenario runner and the race harness set it for the
    /// throwaway worlds they create, where surviving a power loss means nothing and fsync latency
    /// (milliseconds each, far more while the disk writes back) dominated their run time.
    static let durableByDefault: Bool = getenv("SIM_NO_FSYNC") == nil

    static func write(_ data: Data, to url: URL, durable: Bool = durableByDefault) throws {
        let folder = url.deletingLastPathComponent().path
        let temp = folder + "/.tmp-" + url.lastPathComponent + "-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WorldError.io(path: temp, reason: String(cString: strerror(errno))) }
        var ok = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc_write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        ok = ok && (!durable || fsync(fd) == 0)
        close(fd)
        guard ok, rename(temp, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw WorldError.io(path: url.path, reason: reason)
        }
        guard durable else { return }
        let dir = open(folder, O_RDONLY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }

    private static func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.write(fd, buffer, count)
        #else
            return Darwin.write(fd, buffer, count)
        #endif
    }
}
