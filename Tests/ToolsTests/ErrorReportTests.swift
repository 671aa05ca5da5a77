import Foundation
import Testing

/// Errors as data, in-process: with `--json` a failure prints `{"error":{"message","exitCode","hint"}}`
/// on stdout (the text stays on stderr), one exit code per kind of failure, one hint line.
/// ErrorReportEndToEndTests checks that a real process exits with the code the report names.
@Suite struct ErrorReportTests {
    /// The `error` object a failed `--json` run printed; its exit code must be the run's.
    static func error(of run: InProcess.Run, stderrPrefix: Bool = true) throws -> [String: Any] {
        let object = try run.json()
        let error = try #require(object["error"] as? [String: Any], "stdout: \(run.stdout)")
        #expect(Set(error.keys) == ["message", "exitCode", "hint"])
        #expect((error["exitCode"] as? Int).map(Int32.init) == run.status)
        if stderrPrefix { #expect(run.stderr.hasPrefix("error: ")) }
        return error
    }

    @Test func aFailedPickPrintsItsErrorAsJSONWithTheProcessExitCode() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        try sim(
            "bitkit-sim", "wallet", "restore", "--mnemonic",
            "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
        try sim("bitkit-sim", "settings", "dev", "paykit-ui", "on")
        let run = try sim("bitkit-sim", "pick", "nosuchpubky", "--json")
        #expect(run.status == 2)
        let error = try Self.error(of: run)
        #expect(error["hint"] as? String == "See `bitkit-sim pick --help`.")
        #expect((error["message"] as? String)?.isEmpty == false)
    }

    @Test func aMissingOrUnreadableInputFileIsAUsageErrorInEveryTool() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let missing = sim.world.appendingPathComponent("no-such-file").path
        let runs = [
            try sim("bitkit-sim", "paykit", "check-request", missing, "--json"),
            try sim("bitkit-sim", "paykit", "check-fixture", missing, "--json"),
            try sim("bitkit-sim", "backup", "restore", missing, "--json"),
            try sim("ring-sim", "import", "--file", missing, "--passphrase", "correct horse", "--json"),
            try sim("simctl", "files", "put", "x.pkarr", "--from", missing, "--json"),
            try sim("simctl", "files", "decrypt", missing, "--passphrase", "x", "--json"),
            try InProcess.run("simctl", ["scenario", "run", missing, "--json"]),
            try InProcess.run(
                "simctl", ["race", "--setup-file", missing, "--a", "ring launch", "--b", "bitkit launch", "--json"]),
            try InProcess.run("bitkit-sim", ["backup", "restore", sim.world.path, "--world", sim.world.path]),
        ]
        for run in runs {
            #expect(run.status == 2, "\(run.stderr)")
            #expect(!run.stderr.contains("The operation could not be completed"), "\(run.stderr)")
            #expect(!run.stderr.contains("NSCocoaErrorDomain"), "\(run.stderr)")
        }
        for run in runs.dropLast() { _ = try Self.error(of: run) }
    }

    @Test func anErrorPrintsOneHintLine() throws {
        let run = try InProcess.run("simctl", ["frobnicate"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: Unknown command 'frobnicate'.\nSee `simctl --help`.\n")
        let world = try InProcess.run("simctl", ["device", "lock", "--world", "/nonexistent/world"])
        #expect(world.status == 3)
        #expect(world.stderr.split(separator: "\n").count == 1, "\(world.stderr)")
    }

    @Test func aWorldPathThatIsAFileIsAWorldErrorThatDoesNotAdviseWorldInitThere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-world-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("afile")
        try Data("x".utf8).write(to: file)

        let launch = try InProcess.run("bitkit-sim", ["launch", "--world", file.path])
        #expect(launch.status == 3)
        #expect(launch.stderr.contains("\(file.path) is a file, not a world"), "\(launch.stderr)")
        #expect(!launch.stderr.contains("world init --world \(file.path)"))

        let under = try InProcess.run("simctl", ["world", "init", "--world", file.appendingPathComponent("sub").path])
        #expect(under.status == 3)
        #expect(under.stderr.contains("\(file.path) is a file, not a folder"), "\(under.stderr)")
        #expect(!under.stderr.contains("NSCocoaErrorDomain"))
        #expect(!under.stderr.contains("world init --world"))
    }

    @Test func theSequenceDiagramInJSONIsAnObjectHoldingTheMermaidText() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        try sim("bitkit-sim", "launch")
        let run = try sim("simctl", "journal", "--sequence", "--json")
        #expect(run.status == 0)
        let mermaid = try #require(try run.json()["mermaid"] as? String)
        #expect(mermaid.hasPrefix("sequenceDiagram\n"))
        #expect(try sim("simctl", "journal", "--sequence").stdout == mermaid)
    }
}
