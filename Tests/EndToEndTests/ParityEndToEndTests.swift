import Foundation
import Testing

/// `simctl parity` (Docs/parity.md): the catalogue on both platforms has no unexpected difference and
/// the page's table is its current output; an Android rule installed wrongly is named; the HTML report
/// shows a differing step with both platforms' phones.
@Suite struct ParityEndToEndTests {
    static let repository = CatalogueFiles.scenarios.deletingLastPathComponent().deletingLastPathComponent()

    /// The generated part of Docs/parity.md.
    static func documentedTable() throws -> String {
        let page = try String(
            contentsOf: repository.appendingPathComponent("Docs/parity.md"), encoding: .utf8)
        let begin = try #require(page.range(of: "<!-- parity-table: begin -->\n"))
        let end = try #require(page.range(of: "<!-- parity-table: end -->"))
        return String(page[begin.upperBound..<end.lowerBound])
    }

    @Test func theCatalogueHasNoUnexpectedDifferenceAndTheDocumentedTableIsCurrent() throws {
        let run = try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("simctl"), ["parity", "--markdown"],
            directory: Self.repository)
        #expect(run.status == 0, "simctl parity found a difference to look into:\n\(run.stdout.suffix(4000))")
        #expect(run.stdout.contains(" 0 differ unexpectedly"))
        let documented = try Self.documentedTable()
        #expect(
            documented == run.stdout,
            "Docs/parity.md is stale: paste the output of `simctl parity --markdown` between its parity-table markers")
        // Every row that differs by design cites spec/07 §10.
        let byDesign = run.stdout.components(separatedBy: "### Differences by design").last ?? ""
        for line in byDesign.split(separator: "\n").prefix { !$0.hasPrefix("###") }
        where line.hasPrefix("| ") && !line.hasPrefix("| Scenario") && !line.hasPrefix("| ---") {
            #expect(line.contains("spec/07 §10 row "), "\(line)")
        }
    }

    @Test func anAndroidRuleInstalledWronglyIsNamedAndTheReportShowsBothPlatformsPhones() throws {
        let report = Scratch.folder.appendingPathComponent("parity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let file = CatalogueFiles.scenarios.appendingPathComponent("07-ring-deletes-picked-bitkit-relaunches.scenario")
            .path
        let shipped = try Sim.run("simctl", ["parity", file, "--quiet"])
        #expect(shipped.status == 0, "\(shipped.stdout)")

        let wrong = try Sim.run(
            "simctl",
            ["parity", file, "--defect", "android-source-check-ignores-listing", "--quiet", "--html", report.path])
        #expect(wrong.status == 1)
        #expect(
            wrong.stdout.contains(
                "Differs unexpectedly or fails on both: 9 row(s) to look into, in 07-ring-deletes-picked-bitkit-relaunches."
            ))
        #expect(wrong.stdout.contains("── 07-ring-deletes-picked-bitkit-relaunches  iOS ✓  Android ✗"))
        #expect(
            wrong.stdout.contains(
                #"  ✗ line 23  iOS ✓ Android ✗  expect bitkit toasts "error · Profile Disconnected"#))
        #expect(wrong.stdout.contains("      differs unexpectedly — it holds on iOS and not on Android"))

        let index = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("DIFFERS UNEXPECTEDLY"))
        #expect(index.contains(#"<a href="parity-07-ring-deletes-picked-bitkit-relaunches.html">"#))
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("ios/index.html").path))
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("android/index.html").path))
        let page = try String(
            contentsOf: report.appendingPathComponent("parity-07-ring-deletes-picked-bitkit-relaunches.html"),
            encoding: .utf8)
        let first = try #require(
            page.components(separatedBy: #"<section class="step failed" id="row-1""#).dropFirst().first)
        let row = first.components(separatedBy: "</section>")[0]
        // Both platforms, each with both phones: iOS shows the toast Android does not.
        #expect(row.components(separatedBy: #"<figure class="phone phone-bitkit"#).count == 3)
        #expect(row.components(separatedBy: #"<figure class="phone phone-ring"#).count == 3)
        let (ios, android) = try #require(
            row.components(separatedBy: "<h3>Android").count == 2
                ? (row.components(separatedBy: "<h3>Android")[0], row.components(separatedBy: "<h3>Android")[1]) : nil)
        #expect(ios.contains("Profile Disconnected"))
        #expect(!android.contains(#"<ul class="toasts""#))
        #expect(android.contains(#"href="android/07-ring-deletes-picked-bitkit-relaunches.html#step-"#))

        // Each platform's full run shows what its device shares after every step, in its own words:
        // Ring's record of A in the keychain group on iOS, the row Ring's provider serves on Android,
        // until Ring deletes it.
        let a = "app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
        let iosRun = try String(
            contentsOf: report.appendingPathComponent("ios/07-ring-deletes-picked-bitkit-relaunches.html"),
            encoding: .utf8)
        let androidRun = try String(
            contentsOf: report.appendingPathComponent("android/07-ring-deletes-picked-bitkit-relaunches.html"),
            encoding: .utf8)
        #expect(iosRun.contains("<caption>Shared keychain group after step 1</caption>"))
        #expect(iosRun.contains(#"<td class="account">\#(a)</td><td>app.pubkyring</td><td>When<wbr>Unlocked"#))
        #expect(androidRun.contains("<caption>Content providers after step 1</caption>"))
        #expect(!androidRun.contains("The group holds no record."))
        #expect(
            androidRun.contains(
                #"<td class="account">\#(a)</td><td>app.pubkyring</td><td>app.pubkyring.sharedpubky</td><td>hidden, 64 bytes</td>"#
            ))
        #expect(androidRun.contains(#"<td class="change">− removed</td><td class="account">\#(a)</td>"#))
    }

    @Test func aFileThatCannotBeReadIsAUsageError() throws {
        let run = try Sim.run("simctl", ["parity", "/nonexistent/x.scenario"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Cannot read the scenario file /nonexistent/x.scenario"))
    }
}
