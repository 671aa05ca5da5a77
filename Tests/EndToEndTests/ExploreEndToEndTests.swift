import Foundation
import Testing

/// `simctl explore` on the real apps: race (a) explored completely, its violation replayed and
/// written as a scenario that passes, the same outcomes as the random harness and as the unreduced
/// exploration, and the race matrix's command.
@Suite(.serialized) struct ExploreEndToEndTests {
    static let races = RaceReproductionEndToEndTests.races
    static let raceA = [
        "--setup-file", races.appendingPathComponent("picked-ring-pubky.steps").path,
        "--a", "ring relaunch", "--b", "bitkit foreground",
        "--expect", "expect bitkit state .reference.pubky = {A}",
    ]

    /// The outcomes of an explore or race report as `FAIL outcome` / `outcome` texts.
    static func outcomes(_ list: [[String: Any]]) -> Set<String> {
        Set(list.map { (($0["failed"] as? Bool) == true ? "FAIL " : "") + (($0["outcome"] as? String) ?? "?") })
    }

    static func explore(_ arguments: [String]) throws -> (status: Int32, json: [String: Any]) {
        let run = try Sim.run("simctl", ["explore"] + arguments + ["--json"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        return (run.status, json)
    }

    @Test func raceAIsExploredCompletelyAndItsViolationReplaysEveryTime() throws {
        let explored = try Self.explore(Self.raceA)
        #expect(explored.status == 1, "a failing outcome makes the exit status 1")
        #expect(explored.json["complete"] as? Bool == true)
        #expect(explored.json["bound"] as? String == "2")
        #expect((explored.json["status"] as? String) == "complete within bound 2")
        let outcomes = try #require(explored.json["outcomes"] as? [[String: Any]])
        let failing = try #require(outcomes.first { $0["failed"] as? Bool == true })
        let replay = try #require(failing["replay"] as? String)
        let schedule = try #require(failing["schedule"] as? String)
        #expect(replay.hasPrefix("simctl explore ") && replay.hasSuffix("--replay \(schedule)"))
        #expect(
            (failing["shortest"] as? [String])?.contains { $0.hasPrefix("a:keychain delete app.pubkyring:") } == true)
        for _ in 0..<3 {
            let again = try Sim.run("simctl", ["explore"] + Self.raceA + ["--replay", schedule])
            #expect(again.status == 1)
            #expect(again.stdout.contains(".reference.pubky matched nothing"), "\(again.stdout)")
            // The journal names the scheduling points as the schedule does.
            #expect(again.stdout.contains(" schedule keychain "), "\(again.stdout)")
        }
    }

    @Test func theExploredOutcomesAreTheOnesTwoThousandRaceIterationsObserve() throws {
        let outcome = ["--outcome", "bitkit-sim state :: .reference.pubky"]
        let explored = try Self.explore(Self.raceA + outcome)
        // The race samples the same scheduling points as the explorer walks (--points all).
        let race = try Sim.run(
            "simctl", ["race"] + Self.raceA + outcome + ["--iterations", "2000", "--points", "all", "--json"])
        let raced = try #require(try JSONSerialization.jsonObject(with: Data(race.stdout.utf8)) as? [String: Any])
        let report = try #require(raced["report"] as? [String: Any])
        let expected = Self.outcomes(try #require(report["outcomes"] as? [[String: Any]]))
        #expect(expected.count == 2)
        #expect(Self.outcomes(try #require(explored.json["outcomes"] as? [[String: Any]])) == expected)
    }

    @Test func theReducedAndUnreducedExplorationsOfRealAppsFindTheSameOutcomes() throws {
        let lanes = [
            "--setup-file", Self.races.appendingPathComponent("owned-w-adopted-by-ring.steps").path,
            "--a", "ring foreground", "--b", "bitkit settings reset --confirm",
            "--outcome", "ring-sim state :: .pubkys[*].pubky", "--outcome", "ring-sim state :: .toasts[*].text",
        ]
        let reduced = try Self.explore(lanes)
        let unreduced = try Self.explore(lanes + ["--no-reduction", "--no-dedup"])
        let reducedOutcomes = Self.outcomes(try #require(reduced.json["outcomes"] as? [[String: Any]]))
        #expect(reducedOutcomes.count == 2, "W pruned now, or kept one load longer (Docs/races.md (c))")
        #expect(reducedOutcomes == Self.outcomes(try #require(unreduced.json["outcomes"] as? [[String: Any]])))
        let schedules = try #require(reduced.json["schedules"] as? Int)
        #expect(schedules < (try #require(unreduced.json["schedules"] as? Int)))
        #expect(reduced.json["complete"] as? Bool == true && unreduced.json["complete"] as? Bool == true)
    }

    @Test func theFailingScheduleBecomesAScenarioThatPassesWithBreakpoints() throws {
        let folder = Scratch.folder.appendingPathComponent("explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("race-a.scenario").path
        let explored = try Sim.run(
            "simctl",
            ["explore"] + Self.raceA + ["--outcome", "bitkit-sim state :: .reference.pubky", "--emit-scenario", file])
        #expect(explored.status == 1)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("break ring 'keychain"))
        #expect(text.contains("wait-paused"))
        #expect(text.contains("expect json bitkit-sim state :: .reference.pubky absent"))
        for _ in 0..<2 {
            let run = try Sim.run("simctl", ["scenario", "run", file])
            #expect(run.status == 0, "\(run.stdout)")
        }
    }

    @Test func limitsStopTheExplorationAndTheReportSaysHowFarItGot() throws {
        let explored = try Self.explore(Self.raceA + ["--bound", "all", "--no-reduction", "--max-schedules", "3"])
        #expect(explored.json["complete"] as? Bool == false)
        #expect(explored.json["schedules"] as? Int == 3)
        #expect(
            (explored.json["status"] as? String)?.hasPrefix("stopped by --max-schedules 3 after 3 schedules") == true)
    }

    @Test func theMatrixExploresEveryListedPairAndWritesTheDetails() throws {
        let folder = Scratch.folder.appendingPathComponent("matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let matrix = folder.appendingPathComponent("matrix.txt")
        try """
        # Two pairs of race (c)'s world.
        outcome ring-sim state :: .pubkys[*].pubky
        world adopted: \(Self.races.appendingPathComponent("owned-w-adopted-by-ring.steps").path)
          bitkit wipe: bitkit settings reset --confirm
          ring foreground: ring foreground
          ring relaunch: ring relaunch
        """.write(to: matrix, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let run = try Sim.run("simctl", ["explore", "--matrix", matrix.path, "--out", out.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("| Bitkit ↓ · Ring → | foreground | relaunch |"))
        #expect(run.stdout.contains("| wipe | "))
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json")))
                as? [String: Any])
        let pairs = try #require(summary["pairs"] as? [[String: Any]])
        #expect(pairs.map { $0["ring"] as? String } == ["foreground", "relaunch"])
        #expect(pairs.allSatisfy { $0["complete"] as? Bool == true && ($0["schedules"] as? Int ?? 0) > 0 })
        for pair in pairs {
            let report = try #require(pair["report"] as? String)
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(report).path))
        }
    }

    @Test func badExploreArgumentsAreUsageErrors() throws {
        let noLanes = try Sim.run("simctl", ["explore", "--a", "ring relaunch"])
        #expect(noLanes.status == 2)
        #expect(noLanes.stderr.contains("Give the lanes"))
        let badBound = try Sim.run(
            "simctl", ["explore", "--a", "ring relaunch", "--b", "bitkit foreground", "--bound", "x"])
        #expect(badBound.status == 2)
        let badReplay = try Sim.run(
            "simctl", ["explore", "--a", "ring relaunch", "--b", "bitkit foreground", "--replay", "abz"])
        #expect(badReplay.status == 2)
        #expect(badReplay.stderr.contains("--replay takes lane letters"))
        let badPlatform = try Sim.run(
            "simctl", ["explore", "--a", "ring relaunch", "--b", "bitkit foreground", "--platform", "iphone"])
        #expect(badPlatform.status == 2)
        #expect(badPlatform.stderr.contains("Invalid value 'iphone' for --platform: expected ios or android."))
        let badMatrixPlatform = try Sim.run(
            "simctl", ["explore", "--matrix", Self.races.appendingPathComponent("matrix.txt").path, "--platform", "x"])
        #expect(badMatrixPlatform.status == 2)
        #expect(badMatrixPlatform.stderr.contains("expected ios or android"))
        let keepWithoutReplay = try Sim.run(
            "simctl", ["explore", "--a", "ring relaunch", "--b", "bitkit foreground", "--keep-world", "/tmp/nowhere"])
        #expect(keepWithoutReplay.status == 2)
        #expect(keepWithoutReplay.stderr.contains("give it with --replay SCHEDULE"))
    }
}
