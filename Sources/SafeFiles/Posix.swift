import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few system calls the keychain and the world files need, with EINTR handled and failures as
/// typed errors. Paths are never followed through symbolic links (O_NOFOLLOW, lstat, d_type).
public enum Posix {
    /// The prefix of the temporary files `writeAtomically` creates next to its target; readers
    /// skip such files and clean stale ones.
    public static let temporaryPrefix = ".tmp-"
    /// A temporary file older than this is a dead writer's leftover: a live writer renames its file
    /// within milliseconds.
    public static let staleTemporaryAge: TimeInterval = 5

    /// What a directory entry is, from `d_type` (or `lstat` when the file system does not say).
    public enum EntryKind: Equatable, Sendable {
        case regular, directory, symbolicLink, other
    }

    /// The outcome of reading an item-sized file.
    public enum FileRead: Sendable {
        case absent
        case bytes([UInt8])
        /// Not readable as an item. `replaceable`: an add may atomically replace it (garbage);
        /// otherwise it must be preserved (a folder, an unreadable file).
        case rejected(reason: String, replaceable: Bool)
    }

    /// Takes an flock(2) on an open descriptor, waiting as long as it takes and retrying when a
    /// signal interrupts the wait. Returns 0, or the errno of the failure. The kernel drops the lock
    /// when the descriptor is closed or the process dies, so a crash never wedges a world.
    public static func lock(_ descriptor: Int32, exclusive: Bool) -> Int32 {
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { return errno }
        }
        return 0
    }

    public static func errorMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Creates `path` and missing parents with mode 0700.
    public static func makeDirectories(_ path: String) throws(FileError) {
        if isDirectory(path) { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o700) == 0 {
            // The umask may have removed bits; the folder must be exactly owner-only.
            _ = chmod(path, 0o700)
        } else if errno != EEXIST || !isDirectory(path) {
            throw .io(operation: "mkdir", path: path, errno: errno)
        }
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The entries of a folder except `.` and `..`, in directory order.
    public static func listDirectory(
        _ path: String
    ) throws(FileError) -> [(
        name: String, kind: EntryKind
    )] {
        guard let stream = opendir(path) else {
            throw .io(operation: "opendir", path: path, errno: errno)
        }
        defer { closedir(stream) }
        var entries: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regular
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = self.kind(of: path + "/" + name) ?? .other
            default: kind = .other
            }
            entries.append((name, kind))
        }
        return entries
    }

    /// What `path` itself is (a symbolic link is not followed), or nil when nothing is there.
    public static func kind(of path: String) -> EntryKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Reads a regular file of at most `cap` bytes without following a symbolic link and without
    /// reading oversized files.
    public static func readFile(_ path: String, cap: Int) -> FileRead {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .absent
            case ELOOP: return .rejected(reason: "symbolic link (never followed)", replaceable: true)
            case let code:
                return .rejected(reason: "unreadable: \(errorMessage(code))", replaceable: false)
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .rejected(reason: "unreadable: \(errorMessage(errno))", replaceable: false)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            return .rejected(reason: "a folder where an item file is expected", replaceable: false)
        default: return .rejected(reason: "not a regular file", replaceable: true)
        }
        if Int(info.st_size) > cap {
            return .rejected(
                reason: "larger than the \(cap >> 20) MiB item size cap (\(info.st_size) bytes)",
                replaceable: true)
        }
        // Read one byte past the cap so a file that grew since fstat is still caught.
        var buffer = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var total = 0
        while total <= cap {
            if total == buffer.count {
                buffer.append(
                    contentsOf: repeatElement(0, count: min(buffer.count, cap + 1 - buffer.count)))
            }
            let count = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress.map { $0 + total }, raw.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .rejected(reason: "unreadable: \(errorMessage(errno))", replaceable: false)
            }
            if count == 0 { break }
            total += count
        }
        if total > cap {
            return .rejected(reason: "larger than the \(cap >> 20) MiB item size cap", replaceable: true)
        }
        buffer.removeSubrange(total...)
        return .bytes(buffer)
    }

    /// Writes `bytes` to `target` so that readers see the old content or the new, never a mix, even
    /// if this process dies at any instruction: temporary file in the same folder (`.tmp-…`),
    /// flushed, renamed over the target, then the folder flushed.
    public static func writeAtomically(
        _ bytes: [UInt8], to target: String, durable: Bool
    )
        throws(FileError)
    {
        let folder = (target as NSString).deletingLastPathComponent
        let temporary =
            folder + "/" + temporaryPrefix
            + "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(operation: "create", path: temporary, errno: errno) }
        var failure: FileError?
        if fchmod(descriptor, 0o600) != 0 {
            failure = .io(operation: "chmod", path: temporary, errno: errno)
        }
        var written = 0
        let pause = FileTestingHooks.midWritePause.load(ordering: .relaxed)
        var pausedAt = pause > 0 ? bytes.count / 2 : bytes.count
        while failure == nil && written < bytes.count {
            if written == pausedAt {
                usleep(pause)
                pausedAt = bytes.count
            }
            let end = written < pausedAt ? pausedAt : bytes.count
            let count = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress.map { $0 + written }, end - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = .io(operation: "write", path: temporary, errno: errno)
            } else {
                written += count
            }
        }
        if failure == nil, durable, fsync(descriptor) != 0 {
            failure = .io(operation: "fsync", path: temporary, errno: errno)
        }
        close(descriptor)
        if failure == nil { FileTestingHooks.beforeRename?.call(target) }
        if failure == nil, rename(temporary, target) != 0 {
            failure = .io(operation: "rename", path: target, errno: errno)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        if durable { try syncDirectory(folder) }
    }

    /// Flushes a folder's entries (a rename or unlink in it) to disk.
    public static func syncDirectory(_ path: String) throws(FileError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0 { throw .io(operation: "fsync", path: path, errno: errno) }
    }

    public static func removeFile(_ path: String) throws(FileError) {
        if unlink(path) != 0 && errno != ENOENT {
            throw .io(operation: "unlink", path: path, errno: errno)
        }
    }

    /// Removes the temporary files (`.tmp-…`) of `writeAtomically` in `folder` that are older than
    /// `staleTemporaryAge`: leftovers of a writer killed mid-write (a live writer renames
    /// its file within milliseconds). Returns how many were removed. The same rule as a keychain scan
    /// under the shared lock, for folders that have no group lock (sandboxes, `.sim/`).
    @discardableResult
    public static func removeStaleTemporaries(in folder: String) -> Int {
        guard let entries = try? listDirectory(folder) else { return 0 }
        var removed = 0
        for (name, kind) in entries where name.hasPrefix(temporaryPrefix) && kind == .regular {
            let path = folder + "/" + name
            if (age(path) ?? 0) > staleTemporaryAge, (try? removeFile(path)) != nil { removed += 1 }
        }
        return removed
    }

    /// Seconds since `path` was last modified (not following a link), or nil if it is gone.
    public static func age(_ path: String) -> TimeInterval? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
        // Real time on purpose: this judges real files left by real processes, never simulated state.
        return Date().timeIntervalSince1970 - modified
    }
}
