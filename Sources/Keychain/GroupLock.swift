import SafeFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// flock(2) locks on the `.lock` files of one or more group folders, held for one operation. The
/// kernel drops them when the process dies, so a crash never wedges a world.
struct GroupLock {
    enum Mode { case shared, exclusive }

    private var descriptors: [Int32] = []

    /// Locks every folder in `paths` that exists (or, with `create`, every folder after creating it).
    /// Folders are locked in path order, so two processes locking overlapping sets cannot deadlock;
    /// a folder listed twice is locked once (two locks of one process on one file would conflict).
    static func acquire(
        _ paths: [String], mode: Mode, create: Bool
    ) throws(KeychainStoreError)
        -> GroupLock
    {
        var lock = GroupLock()
        do throws(KeychainStoreError) {
            for path in Set(paths).sorted() {
                if create {
                    try fileCall { () throws(FileError) in try Posix.makeDirectories(path) }
                } else if !Posix.isDirectory(path) {
                    continue
                }
                let descriptor = try openLockFile(path + "/" + GroupFolder.lockName)
                lock.descriptors.append(descriptor)
                let failure = Posix.lock(descriptor, exclusive: mode == .exclusive)
                guard failure == 0 else {
                    throw KeychainStoreError.io(
                        operation: "flock", path: path + "/" + GroupFolder.lockName, errno: failure)
                }
            }
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// Unlocks (closing the descriptor releases the flock).
    mutating func release() {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }

    private static func openLockFile(_ path: String) throws(KeychainStoreError) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 { return descriptor }
        // A read-only group folder can still be read under a lock on an existing lock file.
        let readOnly = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard readOnly >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        return readOnly
    }
}
