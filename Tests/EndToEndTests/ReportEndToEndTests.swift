import Foundation
import Testing

/// `simctl scenario run --html` and `simctl race --html` without a browser: the files, what they
/// must never contain, and the outputs that must not change.
@Suite struct ReportEndToEndTests {
    @Test func theCatalogueReportIsAnIndexAndOnePagePerScenario() throws {
        let (folder, run) = try ReportRuns.catalogue.get()
        #expect(run.status == 0, "\(run.stdout.suffix(2000))")
        let files = try ReportRuns.files(in: folder)
        let pages = files.map(\.name).filter { $0 != "index.html" }
        #expect(ReportRuns.catalogueFiles.count >= 39)
        // One page per run: a scenario with an examples table has one per row (`NAME[ROW]` → `NAME-ROW-`).
        #expect(ReportRuns.catalogueRuns.count > ReportRuns.catalogueFiles.count)
        #expect(pages.count == ReportRuns.catalogueRuns.count)
        #expect(files.contains { $0.name == "index.html" })
        for name in ReportRuns.catalogueRuns {
            let page = name.replacingOccurrences(of: "[", with: "-").replacingOccurrences(of: "]", with: "-")
            #expect(pages.contains("\(page).html"), "no page for \(name)")
        }
        let index = try #require(files.first { $0.name == "index.html" }).text
        let count = ReportRuns.catalogueRuns.count
        #expect(index.contains("<h1>Scenario run: \(count) passed, 0 failed</h1>"))
        #expect(run.stdout.hasSuffix("\(count) passed, 0 failed\n"))
    }

    @Test func noReportFileReferencesTheWebOrHoldsASecretOrScript() throws {
        let (folder, _) = try ReportRuns.catalogue.get()
        let secrets = try ReportRuns.catalogueSecrets()
        #expect(secrets.count >= 12)
        for (name, text) in try ReportRuns.files(in: folder) {
            let lowered = text.lowercased()
            #expect(!lowered.contains("http:") && !lowered.contains("https:"), "\(name) references the web")
            #expect(!lowered.contains("<script"), "\(name) has a script")
            #expect(!lowered.contains("xmlns"), "\(name) names a namespace (a web address)")
            for secret in secrets {
                #expect(!lowered.contains(secret.lowercased()), "\(name) shows the secret \(secret.prefix(8))…")
            }
        }
    }

    /// Scenarios whose journal is itself the same in every run: where Bitkit fetches several profiles
    /// at once (Pubky Choice with two Ring pubkys, e.g. 07), those fetches reach the journal in a
    /// different order from run to run, and the page shows the journal as it is.
    @Test func eachStepRecordsWhoActedTheToastTheSheetAndTheKeychainChanges() throws {
        let folder = ReportRuns.temporaryFolder("report-steps")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ReportRuns.simctl([
            "scenario", "run", "Fixtures/reports/report-reference.scenario",
            "Fixtures/reports/failing-example.scenario",
            "--html", folder.path,
        ])
        #expect(run.status == 1, "the failing example fails on purpose")
        let page = try String(
            contentsOf: folder.appendingPathComponent("report-reference.html"), encoding: .utf8)
        let steps = Array(page.components(separatedBy: "<section class=\"step")[1...])
        #expect(steps.count == 7)
        guard steps.count == 7 else { return }
        // 2: simctl auth-request; 3: ring open-url; 4: ring import; 5: bitkit launch; 6: ring delete; 7: --confirm.
        #expect(steps[1].contains("<h3>Output</h3>"))
        #expect(!steps[1].contains(" acted\""))
        #expect(steps[2].contains("<figure class=\"phone phone-ring acted\""))
        #expect(
            steps[2].contains(
                "<li class=\"toast toast-error\"><span class=\"toast-kind\">error</span> <strong>No Pubkys exist</strong>"
            ))
        #expect(steps[3].contains("<tr class=\"change-added\" data-change=\"added\">"))
        #expect(
            steps[3].contains(
                "<td class=\"account\">app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy</td>"))
        #expect(steps[4].contains("<figure class=\"phone phone-bitkit acted\""))
        #expect(steps[4].contains("last screen, from step 4"))
        #expect(steps[4].contains("<tr class=\"change-unchanged\""))
        #expect(steps[5].contains("<div class=\"sheet\" role=\"dialog\" aria-label=\"Sheet: Delete Pubky\""))
        #expect(steps[6].contains("<tr class=\"change-removed\" data-change=\"removed\">"))
        #expect(steps.allSatisfy { $0.contains("<details class=\"journal\"><summary>Journal: ") })
        // Expectations sit next to what they concern.
        let worldPane = steps[3].components(separatedBy: "<div class=\"pane pane-world\">").last ?? ""
        #expect(worldPane.contains("expect records app.pubkyring:{A}"))
        let ringPane = steps[2].components(separatedBy: "<div class=\"pane pane-ring\">").last ?? ""
        #expect(ringPane.components(separatedBy: "<div class=\"pane pane-world\">")[0].contains("expect ring toasts"))
        #expect(page.contains("8 invariants hold over"))
        // A page of a locked device says so on both status lines.
        let (catalogue, _) = try ReportRuns.catalogue.get()
        let locked = try String(
            contentsOf: catalogue.appendingPathComponent("R05-locked-device-keeps-adoption.html"), encoding: .utf8)
        #expect(locked.contains("<span class=\"lock lock-locked\">Locked</span>"))
    }

    @Test func theSameRunWritesTheSamePagesExceptDurations() throws {
        let files = [
            "Fixtures/reports/report-reference.scenario",
            "Fixtures/scenarios/13-bitkit-profile-offered-in-ring.scenario",
        ]
        let first = ReportRuns.temporaryFolder("report-a")
        let second = ReportRuns.temporaryFolder("report-b")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        _ = try ReportRuns.simctl(["scenario", "run"] + files + ["--quiet", "--html", first.path])
        _ = try ReportRuns.simctl(["scenario", "run"] + files + ["--quiet", "--html", second.path])
        let a = try ReportRuns.files(in: first)
        let b = try ReportRuns.files(in: second)
        #expect(a.map(\.name) == b.map(\.name))
        for (left, right) in zip(a, b) {
            #expect(ReportRuns.withoutDurations(left.text) == ReportRuns.withoutDurations(right.text), "\(left.name)")
        }
        let page = try #require(a.first { $0.name != "index.html" }).text
        // The tools' TMPDIR is `Scratch.folder` (the machine's temporary directory where it has no tmpfs).
        #expect(!page.contains("/tmp/") && !page.contains(Scratch.folder.path), "a temporary path reached the page")
    }

    @Test func askingForAReportLeavesTheJSONOutputOfAScenarioRunAsItWas() throws {
        let folder = ReportRuns.temporaryFolder("report-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = "Fixtures/scenarios/01-ring-pubkys-listed.scenario"
        let plain = try ReportRuns.simctl(["--json", "scenario", "run", file])
        let reported = try ReportRuns.simctl(["--json", "scenario", "run", file, "--html", folder.path])
        #expect(try normalised(plain.json()) == normalised(reported.json()))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
    }

    @Test func askingForAReportLeavesTheJSONOutputOfARaceAsItWas() throws {
        let folder = ReportRuns.temporaryFolder("race-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let race = [
            "--json", "race", "--setup-file", "Fixtures/races/picked-ring-pubky.steps", "--a", "ring relaunch", "--b",
            "bitkit foreground", "--iterations", "12", "--expect", "expect bitkit state .reference.pubky = {A}",
        ]
        let plain = try ReportRuns.simctl(race)
        let reported = try ReportRuns.simctl(race + ["--html", folder.path])
        // A failing iteration's journal excerpt is left out: its last events (Bitkit's profile
        // fetches after the last scheduling point) come in a different order from run to run,
        // report or not.
        #expect(
            try normalised(plain.json(), dropping: ["journal"]) == normalised(reported.json(), dropping: ["journal"]))
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<table class=\"outcomes\">"))
    }

    @Test func theHelpNamesTheHTMLOption() throws {
        let scenario = try ReportRuns.simctl(["scenario", "run", "--help"])
        #expect(scenario.stdout.contains("--html DIR"))
        let race = try ReportRuns.simctl(["race", "--help"])
        #expect(race.stdout.contains("--html DIR"))
    }

    /// The JSON text with every time measurement (and the `dropping` keys) removed: they differ
    /// between any two runs.
    func normalised(_ object: [String: Any], dropping: Set<String> = []) throws -> String {
        let ignored = dropping.union(["seconds", "iterationSeconds"])
        func strip(_ value: Any) -> Any {
            if let dictionary = value as? [String: Any] {
                return dictionary.filter { !ignored.contains($0.key) }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        let data = try JSONSerialization.data(withJSONObject: strip(object), options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
