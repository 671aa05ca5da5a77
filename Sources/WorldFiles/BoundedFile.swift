import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file and whole-stream reads that never hold more than a limit in memory. The size of a
/// regular file is checked with `fstat` before a single byte is read, so an oversized file is refused
/// at once; a stream (a pipe, a terminal, `/dev/zero`) is read until one byte past the limit and then
/// refused, so it costs at most the limit.
public enum BoundedFile {
    /// Why a read was refused.
    public enum Failure: Error, Equatable, Sendable {
        /// Nothing is at the path.
        case absent
        /// Over the limit; `size` is the file's size when it was known before reading.
        case tooLarge(size: Int64?)
        /// A folder, or something that cannot be read.
        case unreadable(String)
    }

    /// The bytes of the file at `path`, if it holds at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .absent }
            throw .unreadable(String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, limit: limit)
    }

    /// The first `count` bytes of the regular file at `path` and its whole size, without reading the rest.
    public static func prefix(_ path: String, count: Int) throws(Failure) -> (bytes: [UInt8], size: Int64) {
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .absent }
            throw .unreadable(String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable("not a regular file") }
        var buffer = [UInt8](repeating: 0, count: count)
        var total = 0
        while total < count {
            let read = buffer.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress.map { $0 + total }, raw.count - total)
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            total += read
        }
        return (Array(buffer[..<total]), Int64(info.st_size))
    }

    /// Everything left on standard input, if it is at most `limit` bytes.
    public static func readStandardInput(limit: Int) throws(Failure) -> [UInt8] {
        try read(descriptor: STDIN_FILENO, limit: limit)
    }

    /// Everything left to read on an open descriptor, if it is at most `limit` bytes.
    public static func read(descriptor: Int32, limit: Int) throws(Failure) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        var expected = 0
        let isRegular = info.st_mode & S_IFMT == S_IFREG
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw .unreadable("a folder, not a file")
        case S_IFREG:
            // What is left from the current offset (stdin redirected from a file may be mid-file).
            let offset = max(0, Int64(lseek(descriptor, 0, SEEK_CUR)))
            let left = max(0, Int64(info.st_size) - offset)
            if left > Int64(limit) { throw .tooLarge(size: left) }
            expected = Int(left)
        default:
            break
        }
        // Read straight into the result: a regular file's size is known (plus one byte, so a file
        // that grew since fstat is still caught); a stream's buffer doubles up to one byte past the
        // limit, which tells an oversized stream from one that fits.
        var buffer = [UInt8](repeating: 0, count: min(limit, isRegular ? expected : 16_384) + 1)
        var total = 0
        while true {
            if total == buffer.count {
                guard buffer.count <= limit else { break }
                buffer += [UInt8](repeating: 0, count: min(buffer.count * 2, limit + 1) - buffer.count)
            }
            let count = buffer.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress.map { $0 + total }, raw.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            total += count
        }
        if total > limit { throw .tooLarge(size: nil) }
        buffer.removeSubrange(total...)
        return buffer
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }
}
