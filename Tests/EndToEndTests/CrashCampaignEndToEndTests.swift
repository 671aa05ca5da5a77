import Foundation
import Testing

/// The crash-consistency campaign (`simctl crash`, Docs/reliability.md): app processes die by SIGKILL at
/// a chosen crash point, and after a relaunch no item is torn, the audit holds and no credential is lost.
@Suite struct CrashCampaignEndToEndTests {
    static let aSecret = Fixture.aSecret

    /// A scenario of Ring steps only (so no focus change adds processes): import A, then relaunch,
    /// whose launch publish deletes and re-adds A's record.
    private func ringScenario() throws -> String {
        let path = Scratch.folder.appendingPathComponent("crash-\(UUID().uuidString).scenario")
        try """
        title: Ring relaunches
        ring-sim import --secret \(Self.aSecret)
        ring-sim relaunch
        """.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    @Test func theProcessPassingTheChosenCrashPointDiesThereBySIGKILL() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let log = sim.world.appendingPathComponent("points").path
        let run = try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("ring-sim"),
            ["import", "--secret", Self.aSecret, "--world", sim.world.path],
            environment: ["SIM_CRASH_LOG": log, "SIM_CRASH_AT": "3"])
        #expect(run.status == SIGKILL, "\(run.stdout)\(run.stderr)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("ring ") })
        let listed = try sim("simctl", "keychain", "list", "--json").json()
        #expect((listed["ignored"] as? [Any])?.isEmpty == true)
    }

    @Test func aSmallCampaignKillsAProcessInEveryTrialAndBreaksNothing() throws {
        let files = try ["07", "13", "20"].map {
            try CatalogueFiles.scenarios.appendingPathComponent(CatalogueFiles.original($0).name).path
        }
        let run = try Sim.run("simctl", ["crash"] + files + ["--trials", "6", "--seed", "7", "--json"])
        #expect(run.status == 0, "\(run.stdout.suffix(2000))\(run.stderr)")
        let report = try run.json()
        #expect(report["trials"] as? Int == 6)
        #expect(report["killed"] as? Int == 6)
        #expect(report["tornItems"] as? Int == 0)
        #expect(report["auditViolations"] as? Int == 0)
        #expect(report["lostCredentials"] as? Int == 0)
        let results = report["results"] as? [[String: Any]] ?? []
        #expect(results.count == 6)
        // The same seed draws the same trials.
        let again = try Sim.run("simctl", ["crash"] + files + ["--trials", "6", "--seed", "7", "--json"]).json()
        let points = { (report: [String: Any]) in
            (report["results"] as? [[String: Any]] ?? []).map { "\($0["step"] ?? "") @\($0["at"] ?? "")" }
        }
        #expect(points(again) == points(report))
    }

    @Test func aTrialReplaysAloneAtTheSamePoint() throws {
        let scenario = try ringScenario()
        defer { try? FileManager.default.removeItem(atPath: scenario) }
        let campaign = try Sim.run("simctl", ["crash", scenario, "--trials", "3", "--seed", "11", "--json"]).json()
        let trials = campaign["results"] as? [[String: Any]] ?? []
        #expect(trials.count == 3)
        for trial in trials {
            let words = (trial["replay"] as? String ?? "").split(separator: " ").map(String.init)
            #expect(words.prefix(2) == ["simctl", "crash"])
            let replay = try Sim.run("simctl", Array(words.dropFirst()) + ["--json"]).json()
            let replayed = (replay["results"] as? [[String: Any]])?.first
            #expect(replayed?["point"] as? String == trial["point"] as? String)
            #expect(replayed?["app"] as? String == "ring")
        }
    }

    /// A step from an included file is shown with a path as relative as the scenario's, as a user
    /// typed it, not resolved against the current folder.
    @Test func anIncludedStepIsShownRelativeLikeTheScenarioThatIncludesIt() throws {
        let repository = CatalogueFiles.scenarios.deletingLastPathComponent().deletingLastPathComponent()
        let run = try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("simctl"),
            [
                "crash", "Fixtures/scenarios/07-ring-deletes-picked-bitkit-relaunches.scenario", "--step", "17",
                "--at", "5",
            ], directory: repository)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("\n  Fixtures/scenarios/02-end-of-2.steps:4: bitkit pick {A}: killed bitkit"),
            "\(run.stdout)")
    }

    /// The worlds of a campaign go under `$TMPDIR` when the user set it: `--keep` leaves them there.
    @Test func keptWorldsAreUnderTheTemporaryFolderTheUserChose() throws {
        let chosen = Scratch.folder.appendingPathComponent("chosen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: chosen, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: chosen) }
        let scenario = try ringScenario()
        defer { try? FileManager.default.removeItem(atPath: scenario) }
        let run = try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("simctl"),
            ["crash", scenario, "--step", "2", "--at", "1", "--keep"], environment: ["TMPDIR": chosen.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("worlds: \(chosen.path)/crash-"), "\(run.stdout)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: chosen.path)
        #expect(kept.count == 1 && kept.allSatisfy { $0.hasPrefix("crash-") }, "\(kept)")
    }

    /// Killed between the delete and the add of its launch publish, Ring leaves A's record missing —
    /// a lost credential the check reports when it looks at the world as the crash left it — and the
    /// next launch publishes it again, so after the relaunch nothing is lost.
    @Test func theCheckSeesTheRecordRingsKillLeftMissingAndTheRelaunchRestoresIt() throws {
        let scenario = try ringScenario()
        defer { try? FileManager.default.removeItem(atPath: scenario) }
        // Count the relaunch's crash points in a world built as the campaign builds it.
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try sim("ring-sim", "import", "--secret", Self.aSecret).status == 0)
        let log = sim.world.appendingPathComponent("points").path
        _ = try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("ring-sim"),
            ["relaunch", "--world", sim.world.path, "--json"], environment: ["SIM_CRASH_LOG": log])
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let window = try #require(lines.firstIndex { $0.hasSuffix("checkpoint ring.setOwned.between-delete-and-add") })

        let arguments = ["crash", scenario, "--step", "2", "--at", String(window + 1), "--json"]
        let unrelaunched = try Sim.run("simctl", arguments + ["--no-relaunch"])
        #expect(unrelaunched.status == 1)
        let lost = (try unrelaunched.json()["failures"] as? [[String: Any]])?.first?["lostCredentials"] as? [String]
        #expect(
            lost == [
                "KYH47R284B.pubky.shared pubky.shared.v1 app.pubkyring:\(Fixture.a) is gone (the completed step keeps it)"
            ])
        let relaunched = try Sim.run("simctl", arguments)
        #expect(relaunched.status == 0, "\(relaunched.stdout)")
    }

    /// C-pre, then A adopted and Import All (its five saves), in a folder with the catalogue's
    /// includes; `install` lines go before the adoption. Returns the file and the Import All step's
    /// number as `--step` counts it (included lines counted).
    private func importScenario(install: [String] = []) throws -> (file: URL, step: Int) {
        let folder = try CatalogueFiles.folderWithIncludes(label: "crash-import")
        let lines =
            ["title: Import All"] + ["include C-pre.steps"] + install + [
                "bitkit pick {A}", "bitkit tap ContactImportOverviewImportAll",
            ]
        let file = folder.appendingPathComponent("import.scenario")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        func steps(_ url: URL) throws -> Int {
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").reduce(0) { count, raw in
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("include ") {
                    return count
                        + (try steps(url.deletingLastPathComponent().appendingPathComponent(String(line.dropFirst(8)))))
                }
                let notAStep = line.isEmpty || ["#", "title:", "tags:", "seed:"].contains { line.hasPrefix($0) }
                return count + (notAStep ? 0 : 1)
            }
        }
        return (file, try steps(file))
    }

    /// A kill at the third `bitkit.import.before-save` (two follows saved): the book holds those two,
    /// whole and once; the trial retries the import after the relaunch (Disconnect, adopt A again,
    /// Import All) and ends with the completed step's five contacts. A build whose retry saves every
    /// follow again fails the same trial.
    @Test func aKillInsideAContactImportKeepsTheSavedContactsAndTheRetryCompletesIt() throws {
        let (file, step) = try importScenario()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // The step's crash points, from a kept trial's reference log.
        let kept = try Sim.run("simctl", ["crash", file.path, "--step", "\(step)", "--at", "1", "--keep", "--json"])
        let worlds = try #require((kept.json()["results"] as? [[String: Any]])?.first?["worlds"] as? String)
        defer {
            try? FileManager.default.removeItem(
                atPath: URL(fileURLWithPath: worlds).deletingLastPathComponent().deletingLastPathComponent().path)
        }
        let points = try String(contentsOfFile: worlds + "/reference.points", encoding: .utf8).split(separator: "\n")
        let holds = points.indices.filter { points[$0].hasSuffix("checkpoint bitkit.import.before-save") }
        #expect(holds.count == 5, "\(points)")
        let third = try #require(holds.dropFirst(2).first) + 1

        let arguments = ["crash", file.path, "--step", "\(step)", "--at", "\(third)", "--json"]
        let run = try Sim.run("simctl", arguments)
        #expect(run.status == 0, "\(run.stdout.suffix(3000))\(run.stderr)")
        let trial = try #require((try run.json()["results"] as? [[String: Any]])?.first)
        #expect(trial["point"] as? String == "checkpoint bitkit.import.before-save")
        #expect(trial["retried"] as? Bool == true)
        #expect((trial["contactProblems"] as? [String])?.isEmpty == true)

        let (broken, brokenStep) = try importScenario(install: ["simctl install bitkit --defect import-retry-saves-all"]
        )
        defer { try? FileManager.default.removeItem(at: broken.deletingLastPathComponent()) }
        let again = try Sim.run(
            "simctl", ["crash", broken.path, "--step", "\(brokenStep)", "--at", "\(third)", "--json"])
        #expect(again.status == 1, "\(again.stdout.suffix(3000))")
        let problems = (try again.json()["failures"] as? [[String: Any]])?.first?["contactProblems"] as? [String] ?? []
        #expect(
            problems.count == 2 && problems.allSatisfy { $0.hasSuffix("is extra (against the completed step's book)") },
            "\(problems)")
    }

    @Test func replayingAStepThatPassesNoCrashPointSaysSoAndCountsNoKill() throws {
        let path = Scratch.folder.appendingPathComponent("crash-\(UUID().uuidString).scenario")
        defer { try? FileManager.default.removeItem(at: path) }
        // Step 2 only reads the world: it has no crash point.
        try """
        title: Ring imports and shows its state
        ring-sim import --secret \(Self.aSecret)
        ring-sim state
        """.write(to: path, atomically: true, encoding: .utf8)
        let run = try Sim.run("simctl", ["crash", path.path, "--step", "2", "--at", "1"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("step 2 passes no crash point, so there is nothing to kill"), "\(run.stdout)")
        #expect(run.stdout.contains("by app: \n"), "a trial that killed nothing counts no app: \(run.stdout)")
        #expect(!run.stdout.contains("killed  at"), "\(run.stdout)")
    }
}
