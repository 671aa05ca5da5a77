// The raw-file floor of the keychain benchmark (scripts/bench): the same system calls a keychain
// operation makes — open, flock, read or write, fsync, rename, close — on the same group folder,
// without any decoding, validation or bookkeeping. Only Glibc, so nothing but the calls is measured.
//
// usage: bench-floor keychain --dir GROUP_FOLDER --reps N [--write-reps N] [--list-reps N] [--seed S]
// Prints one JSON object: mean microseconds per add, read, list and delete.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String) -> Never {
    // write(2), not the C `stderr` global, which Swift 6 cannot prove is safe to share.
    let line = "bench-floor: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

func nowNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// The names in a folder, without `.` and `..`.
func listFolder(_ path: String) -> [String] {
    guard let dir = opendir(path) else { fail("cannot open \(path)") }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}

func isFolder(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// Reads a whole file (open, read until end, close).
func readWhole(_ path: String, into buffer: inout [UInt8]) -> Int {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return -1 }
    var total = 0
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, $0.count - total) }
        if n <= 0 { break }
        total += n
        if total == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
    }
    close(fd)
    return total
}

func lockGroup(_ group: String, _ operation: Int32) -> Int32 {
    let fd = open(group + "/.lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0, flock(fd, operation) == 0 else { fail("cannot lock \(group)") }
    return fd
}

func syncFolder(_ path: String) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd >= 0 {
        fsync(fd)
        close(fd)
    }
}

/// Writes `bytes` to a temporary file, fsyncs it, renames it over `path` and fsyncs the folder.
func writeAtomically(_ bytes: [UInt8], folder: String, name: String) {
    let temporary = folder + "/.tmp-" + name
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { fail("cannot create \(temporary)") }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    fsync(fd)
    close(fd)
    guard rename(temporary, folder + "/" + name) == 0 else { fail("cannot rename \(temporary)") }
    syncFolder(folder)
}

struct Options {
    var directory = ""
    var reps = 100
    var writeReps = 20
    var listReps = 3
    var seed: UInt64 = 1

    init(_ arguments: [String]) {
        var index = 0
        while index + 1 < arguments.count {
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--dir": directory = value
            case "--reps": reps = Int(value) ?? reps
            case "--write-reps": writeReps = Int(value) ?? writeReps
            case "--list-reps": listReps = Int(value) ?? listReps
            case "--seed": seed = UInt64(value) ?? seed
            default: fail("unknown option \(arguments[index])")
            }
            index += 2
        }
        if directory.isEmpty { fail("--dir is required") }
    }
}

func keychainFloor(_ options: Options) {
    let group = options.directory
    let services = listFolder(group).filter { !$0.hasPrefix(".") && isFolder(group + "/" + $0) }.sorted()
    guard let service = services.first else { fail("no service folder in \(group)") }
    let folder = group + "/" + service
    let items = listFolder(folder).filter { $0.hasSuffix(".item") }.sorted()
    guard !items.isEmpty else { fail("no items in \(folder)") }
    var buffer = [UInt8](repeating: 0, count: 4096)
    var state = options.seed | 1

    // Read one item: lock shared, open, read, close, unlock.
    var started = nowNanoseconds()
    for _ in 0..<options.reps {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let name = items[Int((state >> 33) % UInt64(items.count))]
        let lock = lockGroup(group, LOCK_SH)
        guard readWhole(folder + "/" + name, into: &buffer) > 0 else { fail("cannot read \(name)") }
        close(lock)
    }
    let read = Double(nowNanoseconds() - started) / Double(options.reps) / 1000

    // List: lock shared, read every service folder and every item in it.
    var bytes = 0
    started = nowNanoseconds()
    for _ in 0..<options.listReps {
        let lock = lockGroup(group, LOCK_SH)
        for entry in listFolder(group) where !entry.hasPrefix(".") {
            for name in listFolder(group + "/" + entry) {
                bytes += readWhole(group + "/" + entry + "/" + name, into: &buffer)
            }
        }
        close(lock)
    }
    let list = Double(nowNanoseconds() - started) / Double(options.listReps) / 1000

    // Add: lock exclusive, write a new file atomically and durably, unlock.
    let payload = [UInt8](repeating: UInt8(ascii: "x"), count: 400)
    started = nowNanoseconds()
    for index in 0..<options.writeReps {
        let lock = lockGroup(group, LOCK_EX)
        writeAtomically(payload, folder: folder, name: "floor-\(index).item")
        close(lock)
    }
    let add = Double(nowNanoseconds() - started) / Double(options.writeReps) / 1000

    // Delete: lock exclusive, unlink, fsync the folder, unlock.
    started = nowNanoseconds()
    for index in 0..<options.writeReps {
        let lock = lockGroup(group, LOCK_EX)
        guard unlink(folder + "/floor-\(index).item") == 0 else { fail("cannot delete floor-\(index).item") }
        syncFolder(folder)
        close(lock)
    }
    let delete = Double(nowNanoseconds() - started) / Double(options.writeReps) / 1000

    print(
        "{\"items\": \(items.count), \"add_us\": \(add), \"read_us\": \(read), \"list_us\": \(list), "
            + "\"delete_us\": \(delete), \"list_bytes\": \(bytes / max(1, options.listReps))}")
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "keychain": keychainFloor(Options(Array(arguments.dropFirst())))
default: fail("usage: bench-floor keychain --dir GROUP_FOLDER --reps N [--write-reps N] [--list-reps N] [--seed S]")
}
