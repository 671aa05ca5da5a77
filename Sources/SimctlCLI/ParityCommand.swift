import ContractNames
import Foundation
import Parity
import RunReport
import Scenarios
import SimCLI
import WorldFiles

/// `simctl parity`: the catalogue on iOS and on Android, compared expectation by expectation against
/// spec/07 §10 (Docs/parity.md).
enum ParityCommand {
    static let command = Command(
        "parity", summary: "Run scenarios on iOS and on Android and compare them, expectation by expectation.",
        usage: "[FILE…] [--all] [--markdown] [--html DIR] [--defect NAME]… [--jobs N] [--quiet]",
        details: """
            Runs each scenario file (default: every Fixtures/scenarios/*.scenario and Fixtures/scenarios/android/*.scenario
            under the current folder) once on an iOS world and once on an Android world, each run going on after a failed
            expectation, and prints one block per run: its result on each platform, then every expectation that is not
            plainly the same (--all: every expectation). Each row is *same* (both platforms hold it, or each holds its own
            line under a `parity: same:` note), *differs by design* (a line of one platform, under a `parity: row N` line
            citing a spec/07 §10 row whose verdict is "differs by design"), *differs by assumption* (under a `parity: assumed:`
            line: a choice spec/07 §11 made where the Android app is not known), *differs unexpectedly* (it holds on one
            platform only, or a line of one platform has no `parity:` line saying why) or *fails on both*. A scenario that runs on
            one platform only (`skip on`, `platforms:`) is one row, under the `parity:` line before that line. Exit 1 on
            any row that differs unexpectedly or fails on both, naming its scenario.
            --markdown prints the tables of Docs/parity.md; --json every row; --html DIR writes a report: the parity page
            (index.html: both platforms' result per scenario, and each differing step with both platforms' phones side by
            side) and each platform's full run report (ios/, android/). --defect NAME (repeatable) installs the apps with a
            named defect (Docs/defects.md) on both platforms. --jobs N runs N scenarios at once (default: the number of
            cores); --quiet leaves out the progress lines.
            """,
        examples: [
            "simctl parity Fixtures/scenarios/06-signup-link-refused-while-picked.scenario",
            "simctl parity Fixtures/scenarios/R09-shared-entries-outlive-uninstall.scenario --all --quiet",
            "simctl parity Fixtures/scenarios/0[78]*.scenario --defect android-source-check-ignores-listing   # exit 1: 07 and 08 differ unexpectedly",
        ],
        action: execute)

    static func execute(_ args: inout Arguments, _ invocation: Invocation) throws {
        let all = args.flag("--all")
        let asMarkdown = args.flag("--markdown")
        let quiet = args.flag("--quiet") || invocation.json || asMarkdown
        let html = try args.option("--html")
        let jobs = try args.option("--jobs", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let defects = try DefectCatalogue.parse(args.options("--defect"))
        let named = args.remainingPositionals()
        try args.finish()
        let files = try ScenarioFiles.checked(
            named, orCatalogueIn: ["Fixtures/scenarios", "Fixtures/scenarios/android"])
        var runner = ScenarioRunner()
        runner.defects = defects
        runner.recordReport = html != nil
        let run = ParityRun(runner: runner, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let outcome = run.run(files: files) { line in if !quiet { Output.write(line + "\n") } }
        let report = outcome.report
        if let html { try writeReport(outcome, to: html, quiet: invocation.json) }
        let problems = report.problemScenarios
        let failed =
            problems.isEmpty
            ? nil
            : "\(report.counts.differsUnexpectedly + report.counts.failsOnBoth) row(s) to look into, in "
                + problems.map(\.name).joined(separator: ", ") + "."
        if invocation.json {
            Output.write(try Invocation.jsonString(CheckedReport(report, failed: failed)) + "\n")
        } else if asMarkdown {
            Output.write(report.markdown() + "\n")
        } else {
            Output.write(report.text(all: all) + "\n")
            if let failed { Output.write("Differs unexpectedly or fails on both: \(failed)\n") }
        }
        if failed != nil { throw ExitStatus(code: 1) }
    }

    static func writeReport(_ outcome: ParityRun.Outcome, to folder: String, quiet: Bool) throws {
        let (record, ios, android) = outcome.reportRecord()
        do throws(ReportError) {
            try ReportFolder(url: URL(fileURLWithPath: folder)).writeParity(record, ios: ios, android: android)
        } catch {
            throw CLIError.usage("Cannot write the HTML report to \(folder): \(error.description)")
        }
        if !quiet {
            Output.write(
                "Report: \(URL(fileURLWithPath: folder).appendingPathComponent("index.html", isDirectory: false).path)\n"
            )
        }
    }
}
