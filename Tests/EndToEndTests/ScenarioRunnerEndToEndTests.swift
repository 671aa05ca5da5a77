import Foundation
import SimCLI
import Testing

/// The scenario runner drives the real executables; these scenarios use only the low-level commands.
@Suite struct ScenarioRunnerEndToEndTests {
    let folder: URL

    init() throws {
        folder = Scratch.folder.appendingPathComponent("scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func aPassingScenarioPrintsItsTranscriptAndTheCount() throws {
        let file = try write(
            "01-publish.scenario",
            """
            title: Ring publishes, Bitkit lists
            ring keychain set-owned {A.secret}
            expect records app.pubkyring:{A}
            bitkit keychain list-ring
            expect last .pubkys = [{A}]
            device lock
            bitkit keychain load-secret {A}
            expect last .secret absent
            expect json simctl journal --app bitkit --event keychain :: .entries[-1].status = -25308
            expect json simctl journal --app bitkit --event sharing :: .entries[-1].result = unknown
            """)
        let run = try Sim.run("simctl", ["scenario", "run", file])
        #expect(run.status == 0)
        #expect(run.stdout.contains("PASS 01-publish — Ring publishes, Bitkit lists"))
        #expect(run.stdout.contains("$ ring keychain set-owned {A.secret}"))
        #expect(run.stdout.contains("✓ audit"))
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func aWrongExpectationFailsWithStepExpectedActualAndReplay() throws {
        let file = try write(
            "02-wrong.scenario",
            """
            ring keychain set-owned {A.secret}
            expect records app.pubkyring:{B}
            note never reached
            """)
        let run = try Sim.run("simctl", ["scenario", "run", file])
        #expect(run.status == 1)
        #expect(run.stdout.contains("✗ \(file):2: expect records app.pubkyring:{B}"))
        #expect(
            run.stdout.contains(
                "expected: .records[*].record = [\"app.pubkyring:orhzqdiexwmi6iidktucgud63ufa5nwtsuzdxe176a8izd6jsqky\"]"
            ))
        #expect(
            run.stdout.contains(
                "actual:   .records[*].record = [\"app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy\"]"
            ))
        #expect(run.stdout.contains("replay: simctl scenario run \(file) --seed 0 --keep"))
        #expect(!run.stdout.contains("never reached"))
        #expect(run.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func aMalformedFileIsReportedWithLineAndTheOthersStillRun() throws {
        let bad = try write("03-bad.scenario", "ring keychain list-external\nexpect frobnication\n")
        let good = try write("04-good.scenario", "ring keychain list-external\nexpect last .ok = true\n")
        let run = try Sim.run("simctl", ["scenario", "run", bad, good])
        #expect(run.status == 1)
        #expect(run.stdout.contains("MALFORMED \(bad):2: unknown expectation 'frobnication'"))
        #expect(run.stdout.contains("PASS 04-good"))
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func aBreakpointTurnsTheRepublishWindowIntoAScript() throws {
        let file = try write(
            "05-window.scenario",
            """
            ring keychain set-owned {A.secret}
            break ring ring.setOwned.between-delete-and-add
            ring keychain set-owned {A.secret} &
            wait-paused ring
            bitkit keychain is-definitely-missing {A}
            expect last .definitelyMissing = true
            continue ring
            wait
            bitkit keychain is-definitely-missing {A}
            expect last .definitelyMissing = false
            """)
        let run = try Sim.run(
            "simctl", ["scenario", "run", file, "--junit", folder.appendingPathComponent("report.xml").path])
        #expect(run.status == 0, "\(run.stdout)")
        let drawn = try Sim.run("simctl", ["scenario", "run", file, "--sequence"])
        #expect(drawn.stdout.contains("```mermaid\n  sequenceDiagram"))
        #expect(drawn.stdout.contains("R->>S: delete app.pubkyring:tkrq8…p7qy → ok"))
        let xml = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"scenarios\" tests=\"1\" failures=\"0\""))
    }

    @Test func theRaceHarnessFindsTheRepublishWindowAndItsReplayReproducesIt() throws {
        let arguments = [
            "race", "--setup", "ring keychain set-owned {A.secret}", "--a", "ring keychain set-owned {A.secret}",
            "--b", "bitkit keychain is-definitely-missing {A}; expect last .definitelyMissing = false",
        ]
        let search = try Sim.run("simctl", arguments + ["--iterations", "40", "--json"])
        #expect(search.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
        let replays = try #require(object["replays"] as? [String])
        let report = try #require(object["report"] as? [String: Any])
        let failed = try #require((report["failures"] as? [[String: Any]])?.first)
        let seed = try #require(failed["seed"] as? Int)
        #expect(replays.first?.contains("--iterations 1 --seed \(seed)") == true)
        for _ in 0..<3 {
            let replay = try Sim.run("simctl", arguments + ["--iterations", "1", "--seed", String(seed)])
            #expect(replay.status == 1)
            #expect(replay.stdout.contains("got .definitelyMissing = true"))
        }
    }

    @Test func aPausedProcessKilledWithSigkillLeavesTheWorldConsistentAndThePauseCleared() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret)
        try sim("simctl", "break", "ring", "ring.setOwned.between-delete-and-add")
        let process = Process()
        process.executableURL = Sim.productsDirectory.appendingPathComponent("ring-sim")
        process.arguments = ["keychain", "set-owned", Fixture.aSecret, "--world", sim.world.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runAlone()
        #expect(try sim("simctl", "wait-paused", "ring", "--timeout", "10").status == 0)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let status = try sim("simctl", "status", "--json").json()
        #expect((status["paused"] as? [Any])?.isEmpty == true)
        #expect((status["breakpoints"] as? [Any])?.isEmpty == true)
        // The killed re-publish left the record absent, as the real app would; the group still works.
        let missing = try sim("bitkit-sim", "keychain", "is-definitely-missing", Fixture.a, "--json").json()
        #expect(missing["definitelyMissing"] as? Bool == true)
        #expect(try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret).status == 0)
        #expect(try sim("simctl", "audit").status == 0)
    }
}
