import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a tool as `posix_spawn` + `wait4`, so the test learns the child's own peak memory and wall
/// time (Foundation's `Process` reaps the child itself and drops its resource usage).
struct MeasuredRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double
    /// Peak resident memory of the child, in bytes.
    var peakMemory: Int

    enum Failure: Error {
        case spawn(Int32)
        case wait(Int32)
    }

    /// Runs `tool args…` with standard input read from `stdin` (a path; `/dev/null` by default).
    static func run(_ tool: String, _ args: [String], stdin: String = "/dev/null") throws -> MeasuredRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("measured-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("out").path
        let errPath = folder.appendingPathComponent("err").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let executable = Sim.productsDirectory.appendingPathComponent(tool).path
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + args).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure.spawn(spawned) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw Failure.wait(errno) }
        }
        let seconds = Date().timeIntervalSince(started)
        // Linux reports ru_maxrss in KiB (macOS in bytes).
        #if os(Linux)
            let peak = Int(usage.ru_maxrss) * 1024
        #else
            let peak = Int(usage.ru_maxrss)
        #endif
        let exited = (status & 0x7f) == 0
        return MeasuredRun(
            status: exited ? (status >> 8) & 0xff : -(status & 0x7f),
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "", seconds: seconds, peakMemory: peak)
    }
}
