import Foundation
import Testing

/// `simctl explore --platform android` on the real apps: a race only Android has (Bitkit's provider
/// serves `PUBKY_SECRET_KEY` live, spec/07 §2, §10 row 5) is explored, and one outcome's replay
/// command, as printed, reproduces that outcome byte for byte — its output and its world's
/// canonical journal — and becomes a scenario that passes on Android; the matrix runs on Android.
@Suite(.serialized) struct AndroidExploreEndToEndTests {
    static let races = RaceReproductionEndToEndTests.races
    static let repository = races.deletingLastPathComponent().deletingLastPathComponent()

    /// Ring's launch loads its offers while Bitkit restores a backup of its own seed: on Android
    /// Ring's query of Bitkit's provider sees W as soon as the restore wrote its key.
    static let restoreRace = [
        "--setup-file", races.deletingLastPathComponent().appendingPathComponent("scenarios/baseline.steps").path,
        "--a", "ring relaunch", "--b", #"bitkit backup restore --document '{"pubkySession":{"kind":"localSeed"}}'"#,
        "--outcome", "ring-sim state :: .offers[*].pubky",
    ]

    /// Runs a command line as printed (quoted for a POSIX shell) with the built tools first on PATH.
    static func shell(_ command: String) throws -> Sim.Run {
        let path = Sim.productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Sim.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: ["PATH": path],
            directory: repository)
    }

    static func temporaryFolder() throws -> URL {
        let folder = Scratch.folder.appendingPathComponent(
            "android-explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func anAndroidOnlyRaceIsExploredAndItsPrintedReplayReproducesItByteForByte() throws {
        let explored = try ExploreEndToEndTests.explore(Self.restoreRace + ["--platform", "android"])
        #expect(explored.status == 0)
        #expect(explored.json["platform"] as? String == "android")
        #expect(explored.json["complete"] as? Bool == true)
        let outcomes = try #require(explored.json["outcomes"] as? [[String: Any]])
        #expect(outcomes.count == 2, "W offered now, or at Ring's next load: \(outcomes)")
        for outcome in outcomes {
            #expect((outcome["replay"] as? String)?.contains(" --platform android ") == true, "\(outcome)")
        }
        // On iOS the restore does not publish W (row 5: at launch, creation, signup), so no race.
        let ios = try ExploreEndToEndTests.explore(Self.restoreRace)
        #expect(ios.json["platform"] == nil, "iOS documents stay as they were")
        #expect((ios.json["outcomes"] as? [[String: Any]])?.count == 1)

        let offered = try #require(outcomes.first { ($0["outcome"] as? String)?.contains(#"= ["aihfh"#) == true })
        let replay = try #require(offered["replay"] as? String)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [String] = []
        var journals: [String] = []
        for index in 0..<2 {
            let world = folder.appendingPathComponent("world-\(index)").path
            let run = try Self.shell(replay + " --json --keep-world '\(world)'")
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(run.stdout)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(json["outcome"] as? String == offered["outcome"] as? String, "it reproduces the reported outcome")
            #expect(json["platform"] as? String == "android")
            #expect(json["diverged"] == nil)
            let journal = try Sim.run("simctl", ["journal", "--canonical", "--world", world])
            #expect(journal.status == 0)
            #expect(journal.stdout.contains("content://to.bitkit.dev.sharedpubky/v1/identities"))
            journals.append(journal.stdout)
        }
        #expect(outputs[0] == outputs[1])
        #expect(journals[0] == journals[1])
        #expect(!journals[0].isEmpty)

        // The same schedule as a scenario: Ring held at its provider query until the restore is done.
        let file = folder.appendingPathComponent("restore-race.scenario").path
        let emitted = try Self.shell(replay + " --emit-scenario '\(file)'")
        #expect(emitted.status == 0, "\(emitted.stderr)")
        #expect(emitted.stdout.contains("simctl scenario run --platform android "))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("platforms: android"))
        #expect(text.contains("break ring 'provider query content://to.bitkit.dev.sharedpubky/v1/identities'"))
        let scenario = try Sim.run("simctl", ["scenario", "run", "--platform", "android", file])
        #expect(scenario.status == 0, "\(scenario.stdout)")
        #expect(scenario.stdout.contains("1 passed"))
        let onIOS = try Sim.run("simctl", ["scenario", "run", file])
        #expect(onIOS.stdout.contains("SKIP"), "\(onIOS.stdout)")
    }

    @Test func theMatrixRunsOnAndroidAndItsFilesNameThePlatform() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let matrix = folder.appendingPathComponent("matrix.txt")
        try """
        # Ring's launch and foreground against Bitkit's restore, from the catalogue's baseline.
        outcome ring-sim state :: .offers[*].pubky
        world fresh: \(Self.races.deletingLastPathComponent().appendingPathComponent("scenarios/baseline.steps").path)
          bitkit restore: bitkit backup restore --document '{"pubkySession":{"kind":"localSeed"}}'
          ring relaunch: ring relaunch
          ring foreground: ring foreground
        """.write(to: matrix, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let run = try Sim.run(
            "simctl", ["explore", "--matrix", matrix.path, "--platform", "android", "--out", out.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("bound 2, on Android worlds, the audit as the expectation."))
        #expect(run.stdout.contains("| restore | 7 / 2 / 0 | 7 / 2 / 0 |"), "\(run.stdout)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json")))
                as? [String: Any])
        #expect(summary["platform"] as? String == "android")
        let table = try String(contentsOf: out.appendingPathComponent("matrix.md"), encoding: .utf8)
        #expect(table.hasPrefix("Race matrix \(matrix.path), on Android worlds."))
        let pairs = try #require(summary["pairs"] as? [[String: Any]])
        #expect(pairs.count == 2)
        for pair in pairs {
            let report = try #require(pair["report"] as? String)
            let text = try String(contentsOf: out.appendingPathComponent(report), encoding: .utf8)
            #expect(text.contains(", on Android worlds"))
            let json = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(
                        contentsOf: out.appendingPathComponent(report.replacingOccurrences(of: ".txt", with: ".json"))))
                    as? [String: Any])
            #expect(json["platform"] as? String == "android")
            let replays = (json["outcomes"] as? [[String: Any]] ?? []).compactMap { $0["replay"] as? String }
            #expect(replays.count == 2 && replays.allSatisfy { $0.contains(" --platform android ") }, "\(replays)")
        }
    }
}
