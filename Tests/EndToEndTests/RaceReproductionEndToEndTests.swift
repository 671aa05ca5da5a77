import Foundation
import Testing

/// The worked reproductions of Docs/races.md: each as a deterministic scenario with breakpoints,
/// and race (a) found by the harness, whose replay reproduces it.
@Suite struct RaceReproductionEndToEndTests {
    static let races: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/races")

    static var scenarios: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: races.path)) ?? []).filter { $0.hasSuffix(".scenario") }
            .sorted()
    }

    @Test(arguments: scenarios) func theReproductionPassesDeterministically(_ name: String) throws {
        let run = try Sim.run("simctl", ["scenario", "run", Self.races.appendingPathComponent(name).path])
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test func theHarnessFindsRaceAAndItsReplayReproducesIt() throws {
        let arguments = [
            "race", "--setup-file", Self.races.appendingPathComponent("picked-ring-pubky.steps").path,
            "--a", "ring relaunch", "--b", "bitkit foreground",
            "--expect", "expect bitkit state .reference.pubky = {A}",
        ]
        let search = try Sim.run("simctl", arguments + ["--iterations", "60", "--json"])
        #expect(search.status == 1, "the race should show up within 60 iterations")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
        let report = try #require(object["report"] as? [String: Any])
        let failed = try #require((report["failures"] as? [[String: Any]])?.first)
        let seed = try #require(failed["seed"] as? Int)
        let replay = try Sim.run("simctl", arguments + ["--iterations", "1", "--seed", String(seed)])
        #expect(replay.status == 1)
        #expect(replay.stdout.contains("got .reference = null, so .reference.pubky matched nothing"))
    }
}
