import Foundation
import SimCLI
import Testing

/// `bitkit-sim --serve` and `ring-sim --serve`: one long-lived process answering commands, each
/// command one app run; and the race harness giving the same outcomes with it as with a process per
/// action.
@Suite struct ServeEndToEndTests {
    /// Sends `lines` to `tool --serve` and returns its reply lines and exit status.
    static func serve(_ tool: String, _ lines: [String]) throws -> (replies: [[String: Any]], status: Int32) {
        let process = Process()
        process.executableURL = Sim.productsDirectory.appendingPathComponent(tool)
        process.arguments = ["--serve"]
        let (input, output) = try Process.launchingAlone {
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            return (input, output)
        }
        try input.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let replies = try data.split(separator: UInt8(ascii: "\n")).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
        }
        return (replies, process.terminationStatus)
    }

    static func request(_ arguments: [String]) throws -> String {
        String(
            decoding: try JSONSerialization.data(withJSONObject: ["arguments": arguments, "environment": [:]]),
            as: UTF8.self)
    }

    @Test func aServingAppAnswersEachRequestAsOneRunAndEndsWithItsInput() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let world = sim.world.path
        let served = try Self.serve(
            "bitkit-sim",
            [
                try Self.request(["launch", "--world", world, "--json"]), "not json",
                try Self.request(["background", "--world", world]),
                try Self.request(["state", "--world", world, "--json"]),
            ])
        #expect(served.status == 0)
        #expect(served.replies.map { $0["status"] as? Int } == [0, 2, 0, 0])
        #expect((served.replies[1]["stderr"] as? String)?.hasPrefix("error: malformed request") == true)
        let launched = try #require(
            try JSONSerialization.jsonObject(with: Data(((served.replies[0]["stdout"] as? String) ?? "").utf8))
                as? [String: Any])
        #expect(launched["route"] as? String == "onboarding")

        // Each run of the one process is a process of its own on the simulated device: its own
        // simulated pid, in the order the runs came, and no serving-process run number.
        let journal = try String(contentsOf: sim.world.appendingPathComponent(".sim/journal.jsonl"), encoding: .utf8)
        let entries = journal.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let bitkit = entries.filter { $0["app"] as? String == "bitkit" }
        #expect(!bitkit.isEmpty)
        let pids = bitkit.compactMap { $0["pid"] as? Int }
        #expect(pids.count == bitkit.count)
        #expect(Set(pids).count >= 2, "launch and background are different runs")
        #expect(pids == pids.sorted())
        #expect(bitkit.allSatisfy { $0["run"] == nil })
    }

    @Test func aServedCommandCannotReadStandardInputWhichCarriesTheRequests() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let world = sim.world.path
        let served = try Self.serve(
            "bitkit-sim",
            [
                try Self.request(["backup", "restore", "-", "--world", world, "--json"]),
                try Self.request(["launch", "--world", world, "--json"]),
            ])
        #expect(served.status == 0)
        #expect(served.replies.map { $0["status"] as? Int } == [2, 0], "the second request is still answered")
        let refused = try #require(
            try JSONSerialization.jsonObject(with: Data(((served.replies[0]["stdout"] as? String) ?? "").utf8))
                as? [String: Any])
        let message = (refused["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("carries this serving process's requests"), "\(message)")
    }

    @Test func theRaceHarnessFindsTheSameOutcomesWithServingProcessesAsWithAProcessPerAction() throws {
        let arguments = [
            "race", "--setup-file",
            RaceReproductionEndToEndTests.races.appendingPathComponent("picked-ring-pubky.steps").path,
            "--a", "ring relaunch", "--b", "bitkit foreground", "--iterations", "24", "--seed", "7",
            "--expect", "expect bitkit state .reference.pubky = {A}", "--json",
        ]
        let serving = try Sim.run("simctl", arguments)
        let fresh = try Sim.run("simctl", arguments + ["--process-per-action"])
        func summary(_ run: Sim.Run) throws -> (tally: [String], failures: [String]) {
            let report = try #require(
                try run.json()["report"] as? [String: Any], "\(run.stdout.prefix(3000))\n\(run.stderr.prefix(3000))")
            let tally = (report["outcomes"] as? [[String: Any]] ?? []).map {
                "\($0["count"] ?? "") \($0["failed"] ?? "") \($0["outcome"] ?? "")"
            }
            let failures = (report["failures"] as? [[String: Any]] ?? []).map {
                "\($0["seed"] ?? "") \(($0["schedule"] as? [String] ?? []).joined(separator: ","))"
            }
            return (tally.sorted(), failures)
        }
        let a = try summary(serving)
        let b = try summary(fresh)
        #expect((try serving.json()["report"] as? [String: Any])?["processes"] as? String == "serving processes")
        #expect((try fresh.json()["report"] as? [String: Any])?["processes"] as? String == "a process per action")
        #expect(serving.status == fresh.status)
        #expect(a.tally == b.tally)
        #expect(a.failures == b.failures)
        #expect(!a.failures.isEmpty, "seed 7 over 24 iterations should meet race (a)")
    }

    @Test func theRaceRefusesABadJobCountAndAScratchFolderThatIsNotThere() throws {
        let base = ["race", "--a", "bitkit launch", "--b", "ring launch", "--iterations", "1"]
        let jobs = try Sim.run("simctl", base + ["--jobs", "0"])
        #expect(jobs.status == 2)
        #expect(jobs.stderr.contains("--jobs"))
        let scratch = try Sim.run("simctl", base + ["--scratch", "/no/such/folder"])
        #expect(scratch.status == 2)
        #expect(scratch.stderr.contains("--scratch /no/such/folder is not a folder."))
        let help = try Sim.run("simctl", ["race", "--help"])
        #expect(help.stdout.contains("--process-per-action"))
        let toolHelp = try Sim.run("bitkit-sim", ["--help"])
        #expect(toolHelp.stdout.contains("--serve"))
    }

    @Test func aRaceWithOwnWorldFolderLeavesNothingBehind() throws {
        let scratch = Scratch.folder.appendingPathComponent("race-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try Sim.run(
            "simctl",
            [
                "race", "--setup",
                "include "
                    + RaceReproductionEndToEndTests.races.deletingLastPathComponent()
                    .appendingPathComponent("scenarios/baseline.steps").path,
                "--a", "bitkit launch", "--b",
                "ring launch", "--iterations", "6", "--scratch", scratch.path,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Race: 6 iterations"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    /// Transcripts of a scenario run, as printed: they leave out what differs between two runs
    /// (process ids, start times, run numbers), so nothing needs blanking out.
    static func transcripts(_ run: Sim.Run) throws -> [String] {
        let scenarios = try #require(try run.json()["scenarios"] as? [[String: Any]])
        return scenarios.map { entry in (entry["result"] as? [String: Any])?["transcript"] as? String ?? "" }
    }

    @Test func catalogueScenariosShowTheSameTranscriptWithServingProcessesAsWithAProcessPerAction() throws {
        let root = RaceReproductionEndToEndTests.races.deletingLastPathComponent()
        // Breakpoints with background steps, in-flight guards, deletion and relaunch, adoption by Ring.
        let files = [
            "scenarios/07-ring-deletes-picked-bitkit-relaunches.scenario",
            "scenarios/R12-concurrent-adoption-rejected.scenario",
            "races/a-republish-while-bitkit-foregrounds.scenario",
            "scenarios/18-ring-removes-adopted-bitkit-pubky.scenario",
        ].map { root.appendingPathComponent($0).path }
        let serving = try Sim.run("simctl", ["scenario", "run"] + files + ["--json"])
        let fresh = try Sim.run("simctl", ["scenario", "run"] + files + ["--json", "--process-per-action"])
        #expect(serving.status == 0, "\(serving.stdout)")
        #expect(fresh.status == 0, "\(fresh.stdout)")
        let a = try Self.transcripts(serving)
        let b = try Self.transcripts(fresh)
        #expect(a.count == files.count)
        #expect(a == b)
    }
}
