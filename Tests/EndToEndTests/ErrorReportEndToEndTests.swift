import Foundation
import Testing

/// Errors as data from real processes: the exit code a `--json` failure report names is the
/// process's own (the report's shape and texts are checked in-process, ToolsTests/ErrorReportTests).
@Suite struct ErrorReportEndToEndTests {
    /// The `error` object a failed `--json` run printed; its exit code must be the process's.
    static func error(of run: Sim.Run, stderrPrefix: Bool = true) throws -> [String: Any] {
        let object = try run.json()
        let error = try #require(object["error"] as? [String: Any], "stdout: \(run.stdout)")
        #expect(Set(error.keys) == ["message", "exitCode", "hint"])
        #expect((error["exitCode"] as? Int).map(Int32.init) == run.status)
        if stderrPrefix { #expect(run.stderr.hasPrefix("error: ")) }
        return error
    }

    @Test func everyKindOfFailureAnswersInJSONWithItsOwnExitCode() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let world = sim.world.path
        let cases: [(tool: String, arguments: [String], status: Int32)] = [
            ("simctl", ["frobnicate", "--json"], 2),
            ("ring-sim", ["open", "#9", "--world", world, "--json"], 2),
            ("simctl", ["device", "lock", "--world", world + "/missing", "--json"], 3),
            ("simctl", ["wait-paused", "ring", "--timeout", "0.1", "--world", world, "--json"], 1),
            ("bitkit-sim", ["launch", "--world", world, "--json", "--serve"], 2),
        ]
        for (tool, arguments, status) in cases {
            let run = try Sim.run(tool, arguments)
            #expect(run.status == status, "\(tool) \(arguments)")
            _ = try Self.error(of: run)
        }
    }
}

/// A command whose result is a report of checks keeps its report as the JSON document and adds
/// `error` (exit code 1) when a check failed.
@Suite struct CheckedReportEndToEndTests {
    @Test func aFailedScenarioRunInJSONCarriesTheErrorWithItsExitCode() throws {
        let folder = Scratch.folder.appendingPathComponent("checked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fails.scenario")
        try Data("simctl device lock\nexpect json simctl device status :: .protection = unlocked\n".utf8).write(
            to: file)
        let run = try Sim.run("simctl", ["scenario", "run", file.path, "--json"])
        #expect(run.status == 1)
        let object = try run.json()
        #expect(object["failed"] as? Int == 1)
        let error = try ErrorReportEndToEndTests.error(of: run, stderrPrefix: false)
        #expect(error["message"] as? String == "1 scenario run(s) failed.")

        let passing = folder.appendingPathComponent("passes.scenario")
        try Data("simctl device lock\n".utf8).write(to: passing)
        let passed = try Sim.run("simctl", ["scenario", "run", passing.path, "--json"])
        #expect(passed.status == 0)
        #expect(try passed.json()["error"] == nil)
    }

    @Test func aRaceThatFindsItsRaceInJSONCarriesTheErrorWithItsExitCode() throws {
        let setup = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/races/picked-ring-pubky.steps")
        let run = try Sim.run(
            "simctl",
            [
                "race", "--setup-file", setup.path, "--a", "ring relaunch", "--b", "bitkit foreground",
                "--iterations", "40", "--expect", "expect bitkit state .reference.pubky = {A}", "--json",
            ])
        #expect(run.status == 1)
        let error = try ErrorReportEndToEndTests.error(of: run, stderrPrefix: false)
        #expect((error["message"] as? String)?.hasSuffix("iteration(s) failed.") == true)
    }

    @Test func anExplorationAndAReplayThatBreakTheExpectationInJSONCarryTheError() throws {
        let setup = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/races/picked-ring-pubky.steps")
        let arguments = [
            "explore", "--setup-file", setup.path, "--a", "ring relaunch", "--b", "bitkit foreground", "--expect",
            "expect bitkit state .reference.pubky = {A}", "--json",
        ]
        let explored = try Sim.run("simctl", arguments)
        #expect(explored.status == 1)
        let error = try ErrorReportEndToEndTests.error(of: explored, stderrPrefix: false)
        #expect(error["message"] as? String == "1 outcome(s) failed.")
        #expect(try explored.json()["schedules"] != nil, "the report's own keys stay")

        let replayed = try Sim.run("simctl", arguments + ["--replay", "aabbaab"])
        #expect(replayed.status == 1)
        let replayError = try ErrorReportEndToEndTests.error(of: replayed, stderrPrefix: false)
        #expect(replayError["message"] as? String == "The schedule breaks an expectation.")
        let passing = try Sim.run("simctl", arguments + ["--replay", "a"])
        #expect(passing.status == 0)
        #expect(try passing.json()["error"] == nil, "\(passing.stdout)")
    }

    @Test func aCrashTrialThatKillsNothingInJSONCarriesTheError() throws {
        let file = Scratch.folder.appendingPathComponent("crash-\(UUID().uuidString).scenario")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("ring-sim import --secret \(Fixture.aSecret)\nring-sim state\n".utf8).write(to: file)
        let run = try Sim.run("simctl", ["crash", file.path, "--step", "2", "--at", "1", "--json"])
        #expect(run.status == 1)
        let error = try ErrorReportEndToEndTests.error(of: run, stderrPrefix: false)
        #expect(error["message"] as? String == "1 trial(s) broke something.")
    }
}
