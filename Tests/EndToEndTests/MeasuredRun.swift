import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a tool with its data memory capped (RLIMIT_DATA: heap and private mappings, set by
/// `ulimit -d` in a `/bin/sh` that then execs the tool) and its wall time measured. A tool that tried
/// to hold a 300 MB input under a 48 MiB cap would fail to allocate and die instead of exiting with
/// its own error. Where `/usr/bin/time` is installed it also reports the tool's peak RSS: it forks the
/// tool from its own small process. (`wait4`'s peak RSS cannot be used: on Linux a child spawned from
/// the test process inherits the test's own high-water mark at `exec`.)
struct MeasuredRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double
    /// The tool's peak resident memory in bytes, where `/usr/bin/time` measured it.
    var peakMemory: Int?

    enum Failure: Error {
        case spawn(Int32)
        case wait(Int32)
    }

    /// Data memory a tool may use in these tests: far below a 300 MB input, above a tool's own needs
    /// (about 20 MiB is enough for any command).
    static let dataLimitKiB = 48 * 1024

    /// Runs `tool args…` with standard input read from `stdin` (a path; `/dev/null` by default).
    static func run(_ tool: String, _ args: [String], stdin: String = "/dev/null") throws -> MeasuredRun {
        let folder = Scratch.folder.appendingPathComponent("measured-\(UUID().uuidString)")
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
        let peakPath = folder.appendingPathComponent("peak").path
        let timed = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        let launcher = timed ? "exec /usr/bin/time -f %M -o \"$MEASURED_PEAK\" " : "exec "
        let script = "ulimit -d \(dataLimitKiB) && " + launcher + "\"$0\" \"$@\""
        let argv: [UnsafeMutablePointer<CChar>?] =
            (["/bin/sh", "-c", script, executable] + args).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment: [UnsafeMutablePointer<CChar>?] =
            ProcessInfo.processInfo.environment.merging(["MEASURED_PEAK": peakPath]) { _, new in new }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environment)
        guard spawned == 0 else { throw Failure.spawn(spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure.wait(errno) }
        }
        let seconds = Date().timeIntervalSince(started)
        let exited = (status & 0x7f) == 0
        // /usr/bin/time writes the peak in KiB on its last line (after a note if the tool failed).
        let peak = (try? String(contentsOfFile: peakPath, encoding: .utf8))?.split(separator: "\n").last.flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        return MeasuredRun(
            status: exited ? (status >> 8) & 0xff : -(status & 0x7f),
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "", seconds: seconds,
            peakMemory: peak.map { $0 * 1024 })
    }
}
