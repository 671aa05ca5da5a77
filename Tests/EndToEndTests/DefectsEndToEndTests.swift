import Foundation
import Testing

/// `simctl defects`: the kill matrix names a defect no scenario catches, and the audit alone catches
/// a wipe that reaches the shared group (Docs/defects.md).
@Suite struct DefectsEndToEndTests {
    static func file(_ name: String) -> String { CatalogueFiles.scenarios.appendingPathComponent(name).path }

    @Test func withoutItsKillScenarioADefectSurvivesAndTheMatrixExitsOne() throws {
        let without = try Sim.run(
            "simctl",
            [
                "defects", Self.file("20-ring-wipe-leaves-bitkit.scenario"), "--defect", "ring-prunes-on-list-failure",
                "--json",
            ])
        #expect(without.status == 1, "\(without.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(without.stdout.utf8)) as? [String: Any])
        #expect(report["survived"] as? Int == 1)
        let rows = try #require(report["defects"] as? [[String: Any]])
        #expect(rows.first?["name"] as? String == "ring-prunes-on-list-failure")
        #expect(rows.first?["killed"] as? Bool == false)
        let text = try Sim.run(
            "simctl",
            ["defects", Self.file("20-ring-wipe-leaves-bitkit.scenario"), "--defect", "ring-prunes-on-list-failure"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("SURVIVED ring-prunes-on-list-failure"))

        let with = try Sim.run(
            "simctl",
            [
                "defects", Self.file("20-ring-wipe-leaves-bitkit.scenario"),
                Self.file("D02-ring-prunes-on-list-failure.scenario"), "--defect", "ring-prunes-on-list-failure",
                "--json",
            ])
        #expect(with.status == 0, "\(with.stdout)")
        let killed = try #require(try JSONSerialization.jsonObject(with: Data(with.stdout.utf8)) as? [String: Any])
        let row = try #require((killed["defects"] as? [[String: Any]])?.first)
        #expect(row["scenarios"] as? [String] == ["D02-ring-prunes-on-list-failure"])
        #expect(row["killedByNamed"] as? Bool == true)
    }

    @Test func namedRunsEachDefectAgainstTheScenarioThatClaimsItAlone() throws {
        let files = [
            Self.file("13-bitkit-profile-offered-in-ring.scenario"), Self.file("R04-regtest-over-mainnet.scenario"),
        ]
        // Both runs catch the defect in the full matrix; --named runs R04, the one Docs/defects.md names.
        let full = try Sim.run("simctl", ["defects"] + files + ["--defect", "own-prefix-without-network", "--json"])
        let fullReport = try #require(try JSONSerialization.jsonObject(with: Data(full.stdout.utf8)) as? [String: Any])
        #expect(
            (fullReport["defects"] as? [[String: Any]])?.first?["scenarios"] as? [String] == [
                "13-bitkit-profile-offered-in-ring", "R04-regtest-over-mainnet",
            ])
        let named = try Sim.run(
            "simctl", ["defects"] + files + ["--defect", "own-prefix-without-network", "--named", "--json"])
        #expect(named.status == 0, "\(named.stdout)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(named.stdout.utf8)) as? [String: Any])
        let row = try #require((report["defects"] as? [[String: Any]])?.first)
        #expect(row["scenarios"] as? [String] == ["R04-regtest-over-mainnet"])
        #expect(row["killedByNamed"] as? Bool == true)
        let progress = try Sim.run(
            "simctl", ["defects"] + files + ["--defect", "own-prefix-without-network", "--named"])
        #expect(progress.stdout.contains("shipped build: running 1 file(s)…"), "\(progress.stdout)")

        let orphan = try Sim.run(
            "simctl", ["defects", files[0], "--defect", "own-prefix-without-network", "--named"])
        #expect(orphan.status == 2)
        #expect(
            orphan.stderr.contains("R04-regtest-over-mainnet.scenario, which is not among the files"),
            "\(orphan.stderr)")
    }

    @Test func theAuditAloneFlagsABitkitWipeThatRemovesRingsRecords() throws {
        let folder = try CatalogueFiles.folderWithIncludes(label: "defect-audit")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Scenario 20's shape with Bitkit's reset instead of Ring's wipe, and no expectation at all.
        let file = folder.appendingPathComponent("audit-only.scenario")
        try """
        title: Bitkit resets after Ring adopted its pubky
        include 16-ring-adopted-bitkit-pubky.steps
        bitkit settings reset --confirm
        """.write(to: file, atomically: true, encoding: .utf8)
        #expect(try Sim.run("simctl", ["scenario", "run", file.path]).status == 0, "the shipped build passes")

        let run = try Sim.run(
            "simctl", ["scenario", "run", file.path, "--defect", "wipe-removes-all-shared", "--json"])
        #expect(run.status == 1)
        let suite = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let result = try #require((suite["scenarios"] as? [[String: Any]])?.first?["result"] as? [String: Any])
        let failure = try #require(result["failure"] as? [String: Any])
        #expect(failure["step"] as? String == "(audit at the end of the scenario)")
        let actual = try #require(failure["actual"] as? String)
        #expect(actual.contains("own-prefix-only: bitkit (owner to.bitkit.dev) ran remove on app.pubkyring:"))
    }

    @Test func theKeychainJournalNamesTheGroupADeleteActuallyRemovedFrom() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret).status == 0)
        #expect(try sim("simctl", "install", "bitkit", "--defect", "wipe-removes-all-shared").status == 0)
        #expect(try sim("bitkit-sim", "launch").status == 0)
        #expect(try sim("bitkit-sim", "settings", "reset", "--confirm").status == 0)
        let journal = try sim("simctl", "journal", "--app", "bitkit", "--json").json()
        let entries = journal["entries"] as? [[String: Any]] ?? []
        let delete = try #require(
            entries.first {
                $0["event"] as? String == "keychain" && $0["op"] as? String == "delete"
                    && $0["account"] as? String == "app.pubkyring:\(Fixture.a)"
            })
        #expect(delete["group"] == nil, "the query named no group")
        #expect(delete["removedFrom"] as? [String] == ["KYH47R284B.pubky.shared"])
    }
}

/// A defect of one platform runs there, against that platform's shipped run (Docs/defects.md).
@Suite struct PlatformDefectEndToEndTests {
    @Test func anAndroidDefectRunsOnAndroidAndAScenarioSkippedThereIsNoFailure() throws {
        let run = try Sim.run(
            "simctl",
            [
                "defects", DefectsEndToEndTests.file("07-ring-deletes-picked-bitkit-relaunches.scenario"),
                DefectsEndToEndTests.file("R04-regtest-over-mainnet.scenario"), "--defect",
                "android-source-check-ignores-listing", "--json",
            ])
        #expect(run.status == 0, "\(run.stdout)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["failingWithoutDefect"] as? [String] == [])
        let row = try #require((report["defects"] as? [[String: Any]])?.first)
        #expect(row["scenarios"] as? [String] == ["07-ring-deletes-picked-bitkit-relaunches"])
        #expect(row["killedByNamed"] as? Bool == true)
    }
}
