import Foundation
import SimCLI

/// Runs a page's commands in order in one bash, as a reader's terminal would: in a scratch copy of
/// the repository's root (links to its files, so the checkout never changes) with the built tools
/// first on PATH, TMPDIR inside the scratch folder, and `SIM_BIN` telling `scripts/qa` to use the
/// built tools instead of building. A help page's copy is first made a world with both apps.
/// The shell stops at the first command whose exit status is not the documented one.
struct DocRunner {
    /// The whole page's limit on the wall clock: a guard against a command that hangs, never a speed
    /// check (a loaded machine may be many times slower); a page that hits it is a failure naming
    /// the running command.
    var timeoutSeconds = 1800
    /// After a run: the seconds its commands took, and the three slowest, for keeping the doc test fast.
    private(set) var seconds = 0.0
    /// After a run: the CPU seconds (user and system) the page's shell and every command it ran
    /// used — what the page costs, which the machine's load barely changes.
    private(set) var cpuSeconds = 0.0
    private(set) var slowest: [String] = []

    /// What went wrong, in order; empty when every command exited as documented and printed what
    /// the page shows.
    mutating func failures(of page: DocPage) throws -> [String] {
        let fm = FileManager.default
        // In memory where it can (the pages' races make thousands of worlds); the pages' TMPDIR is in
        // it, so what a page keeps (`simctl crash --keep`) goes when the page ends.
        let memory = URL(fileURLWithPath: "/dev/shm")
        let base = access(memory.path, W_OK | X_OK) == 0 ? memory : fm.temporaryDirectory
        let scratch = base.appendingPathComponent("doctest-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: scratch) }
        let root = scratch.appendingPathComponent("repo")
        let tmp = scratch.appendingPathComponent("tmp")
        let commandFolder = scratch.appendingPathComponent("cmd")
        let outFolder = scratch.appendingPathComponent("out")
        for folder in [root, tmp, commandFolder, outFolder] {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for entry in try fm.contentsOfDirectory(atPath: BuiltTools.repository.path)
        where !entry.hasPrefix(".") && entry != "SharedGroup" {
            try fm.createSymbolicLink(
                at: root.appendingPathComponent(entry),
                withDestinationURL: BuiltTools.repository.appendingPathComponent(entry))
        }

        var commands = page.commands
        if page.inWorld {
            commands.insert(
                DocCommand(location: "the doc test's world", text: "simctl world init --with-apps >/dev/null"), at: 0)
        }
        for (index, command) in commands.enumerated() {
            try command.text.write(
                to: commandFolder.appendingPathComponent("\(index)"), atomically: true, encoding: .utf8)
            try "\(command.exitStatus)".write(
                to: commandFolder.appendingPathComponent("\(index).exit"), atomically: true, encoding: .utf8)
        }
        let script = scratch.appendingPathComponent("run.sh")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", "-k", "5", "\(timeoutSeconds)", "bash", script.path, scratch.path]
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = BuiltTools.directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TMPDIR"] = tmp.path
        environment["SIM_BIN"] = BuiltTools.directory.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runAlone()
        process.waitUntilExit()

        let results = (try? String(contentsOf: scratch.appendingPathComponent("results"), encoding: .utf8)) ?? ""
        var ended: [Int: Int32] = [:]
        var started = -1
        var startTimes: [Int: Double] = [:]
        var seconds: [(location: String, seconds: Double)] = []
        for line in results.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "start", words.count == 3, let index = Int(words[1]) {
                started = index
                startTimes[index] = Double(words[2])
            }
            if words.first == "end", words.count == 4, let index = Int(words[1]), let status = Int32(words[2]) {
                ended[index] = status
                if let start = startTimes[index], let end = Double(words[3]), index < commands.count {
                    seconds.append((commands[index].location, end - start))
                }
            }
        }
        self.seconds = seconds.map(\.seconds).reduce(0, +)
        cpuSeconds = Self.cpuSeconds(
            times: (try? String(contentsOf: scratch.appendingPathComponent("cpu"), encoding: .utf8)) ?? "")
        slowest = seconds.sorted { $0.seconds > $1.seconds }.prefix(3).map {
            "\($0.location) took \(String(format: "%.1f", $0.seconds)) s"
        }

        var failures: [String] = []
        for (index, command) in commands.enumerated() {
            let output = (try? String(contentsOf: outFolder.appendingPathComponent("\(index)"), encoding: .utf8)) ?? ""
            guard let status = ended[index] else {
                if index == started {
                    failures.append(
                        "\(command.location): did not finish within the page's \(timeoutSeconds) s\n"
                            + Self.describe(command, output: output))
                } else if failures.isEmpty {
                    failures.append("\(command.location): never ran (the shell stopped before it)")
                }
                break
            }
            if status != command.exitStatus {
                failures.append(
                    "\(command.location): exited \(status), documented \(command.exitStatus)"
                        + (command.exitStatus == 0 ? "" : " (`# exit \(command.exitStatus)`)") + "\n"
                        + Self.describe(command, output: output))
                break
            }
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for expected in command.output where !lines.contains(where: { ShellText.line($0, shows: expected) }) {
                failures.append(
                    "\(command.location): the output lacks the documented line `\(expected)`\n"
                        + Self.describe(command, output: output))
            }
        }
        return failures
    }

    private static func describe(_ command: DocCommand, output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let tail = lines.suffix(25).map { "  | \($0)" }.joined(separator: "\n")
        return "  $ \(command.text)\n" + (lines.count > 25 ? "  | …\n" : "") + tail
    }

    /// Runs `cmd/0`, `cmd/1`, … in this one shell (so `cd`, variables and background jobs carry
    /// over), each one's stdout and stderr to `out/N`, and notes `start N` / `end N STATUS`.
    private static let script = #"""
        __doc_dir=$1
        __doc_index=0
        while [ -f "$__doc_dir/cmd/$__doc_index" ]; do
          echo "start $__doc_index $EPOCHREALTIME" >> "$__doc_dir/results"
          eval "$(cat "$__doc_dir/cmd/$__doc_index")" > "$__doc_dir/out/$__doc_index" 2>&1 < /dev/null
          __doc_status=$?
          echo "end $__doc_index $__doc_status $EPOCHREALTIME" >> "$__doc_dir/results"
          [ "$__doc_status" = "$(cat "$__doc_dir/cmd/$__doc_index.exit")" ] || break
          __doc_index=$((__doc_index + 1))
        done
        __doc_jobs=$(jobs -p)
        [ -z "$__doc_jobs" ] || kill $__doc_jobs 2> /dev/null
        wait
        times > "$__doc_dir/cpu"
        exit 0
        """#

    /// The sum of bash's `times` (`0m1.250s 0m0.310s` for the shell, then for its children).
    static func cpuSeconds(times: String) -> Double {
        times.split(whereSeparator: \.isWhitespace).reduce(0) { total, field in
            let parts = field.dropLast().split(separator: "m")
            guard field.hasSuffix("s"), parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1])
            else { return total }
            return total + minutes * 60 + seconds
        }
    }
}
