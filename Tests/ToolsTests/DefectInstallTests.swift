import ContractNames
import Foundation
import Testing

/// Named defects as install options (Docs/defects.md): off unless installed, shown where the
/// install is shown, refused when misnamed or put in the other app.
@Suite struct DefectInstallTests {
    @Test func theCatalogueListsEveryDefectWithItsRuleSourceAndKillScenario() throws {
        let sim = try InProcess(apps: false)
        defer { sim.cleanup() }
        let listed = try sim("simctl", "install", "--defect", "list", "--json")
        #expect(listed.status == 0)
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == Defect.allCases.map(\.rawValue))
        #expect(entries.count >= 12)
        for entry in entries {
            for field in ["summary", "rule", "source", "killedBy"] {
                #expect((entry[field] as? String)?.isEmpty == false, "\(entry["name"] ?? "?") has no \(field)")
            }
        }
        let text = try sim("simctl", "install", "--defect", "list")
        #expect(text.stdout.contains("wipe-removes-all-shared (Bitkit)"))
        #expect(text.stdout.contains("killed by: D01-wipe-removes-all-shared.scenario"))
    }

    @Test func anInstalledDefectIsRecordedAndShownByStatus() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let install = try sim(
            "simctl", "install", "bitkit", "--defect", "wipe-removes-all-shared", "--defect", "no-derivation-check",
            "--json")
        #expect(install.status == 0)
        let app = try #require(try install.json()["install"] as? [String: Any])
        // In catalogue order, whatever the order on the command line.
        #expect(app["defects"] as? [String] == ["wipe-removes-all-shared", "no-derivation-check"])
        let status = try sim("simctl", "status")
        #expect(status.stdout.contains("DEFECTS wipe-removes-all-shared no-derivation-check"))
        let journal = try sim("simctl", "journal", "--json").json()
        let details = (journal["entries"] as? [[String: Any]] ?? []).compactMap { $0["detail"] as? String }
        #expect(details.contains { $0.contains("defects=wipe-removes-all-shared,no-derivation-check") })
        // An update-install without --defect is the shipped build again.
        try sim("simctl", "install", "bitkit")
        #expect(!(try sim("simctl", "status").stdout.contains("DEFECTS")))
    }

    @Test func aShippedInstallWritesNoDefectsKey() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let device = try String(contentsOf: sim.world.appendingPathComponent(".sim/device.json"), encoding: .utf8)
        #expect(!device.contains("defects"))
    }

    @Test func aMisnamedDefectOrOneOfTheOtherAppIsAUsageError() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let unknown = try sim("simctl", "install", "bitkit", "--defect", "wipe-everything")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Unknown defect 'wipe-everything'"))
        #expect(unknown.stderr.contains("wipe-removes-all-shared"))
        let wrongApp = try sim("simctl", "install", "ring", "--defect", "wipe-removes-all-shared")
        #expect(wrongApp.status == 2)
        #expect(wrongApp.stderr.contains("is in Bitkit's code, not Pubky Ring's"))
        let scenario = try sim("simctl", "scenario", "run", "x.scenario", "--defect", "nope")
        #expect(scenario.status == 2)
    }

    @Test func docsDefectsShowsTheCatalogueAsTheToolPrintsIt() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/defects.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- defect-catalogue: begin -->\n"))
        let end = try #require(text.range(of: "<!-- defect-catalogue: end -->"))
        let shown = String(text[begin.upperBound..<end.lowerBound])
        let sim = try InProcess(apps: false)
        defer { sim.cleanup() }
        let printed = try sim("simctl", "install", "--defect", "list", "--markdown").stdout
        #expect(shown == printed, "regenerate the table: simctl install --defect list --markdown")
        // Every defect's kill scenario exists.
        let scenarios = page.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scenarios")
        for defect in Defect.allCases {
            #expect(
                FileManager.default.fileExists(atPath: scenarios.appendingPathComponent(defect.killedBy).path),
                "\(defect.rawValue): no \(defect.killedBy)")
        }
    }
}
