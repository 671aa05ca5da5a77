import ContractNames
import Foundation
import RunReport
import Scenarios
import SimCLI

/// `simctl scenario run FILE…`: QA's scripted runs.
enum ScenarioCommands {
    static let group = Command(
        "scenario", summary: "Run scenario files: a transcript, one line per scenario, `N passed, N failed`.",
        examples: ["simctl scenario run Fixtures/scenarios/01-ring-pubkys-listed.scenario"], subcommands: [run])

    struct SuiteOutput: Encodable {
        var platform: Platform
        var passed: Int
        var failed: Int
        var skipped: Int
        /// Scenarios `--fail-fast` did not start after a failure (absent without `--fail-fast`).
        var notRun: Int?
        var scenarios: [Entry]
        struct Entry: Encodable {
            var file: String
            var passed: Bool
            /// `passed`, `failed`, `skipped` or `malformed`.
            var status: String
            /// Why a skipped scenario did not run.
            var reason: String?
            var result: ScenarioResult?
            var error: String?
        }
    }

    static let run = Command(
        "run", summary: "Run each scenario in a fresh temporary world with the real executables.",
        usage:
            "FILE… [--platform ios|android] [--tag T]… [--keep-going] [--example N] [--keep] [--seed N] [--jobs N] [--quiet] [--junit FILE] [--html DIR] [--sequence] [--process-per-action] [--no-timings] [--defect NAME]… [--fail-fast] [--step-timeout S]",
        details: """
            Each scenario stops at its first failed expectation and prints the step, what was expected and what was
            found; --keep-going goes on after a failed expectation and lists every one that failed (a step that
            fails on its own still ends the scenario). --tag T (repeatable) runs only the scenarios whose `tags:`
            line has T (or any of the given tags). A scenario with an `examples:` table runs once per row, reported
            as NAME[ROW]; --example N runs only row N. --keep keeps every world folder (its path is printed); --seed N
            overrides the scenarios' seeds;
            --jobs N runs N scenarios at once (default: the number of cores); --quiet prints only the result lines;
            --junit FILE writes a JUnit XML report; --html DIR writes a visual report into DIR (index.html and one page per
            scenario: every step with both phones side by side, the expectations, what the device shares (the keychain
            group on iOS, the providers' rows on Android), the journal and the run's sequence diagram; one folder, no script, nothing fetched: Docs/reports.md); --sequence ends each
            transcript with a Mermaid sequence diagram of the run's cross-app events. Commands (the apps' and simctl's) go to long-lived `--serve` processes shared by the run, each command a
            fresh app run; --process-per-action starts a process for every command instead (slower, same transcripts).
            --no-timings leaves durations out of the result lines and --json, so two runs with one seed print the same
            bytes (the transcripts are always the same). --defect NAME (repeatable) installs the apps with that named
            defect (Docs/defects.md): the run shows what the catalogue catches (`simctl defects` for every defect).
            --platform android creates every world with `simctl world init --platform android` (default ios): lines
            for the other platform are left out, and a scenario with `skip on android:` or `platforms: ios` is reported
            as SKIP with its reason. --fail-fast starts no scenario after one has failed (with --jobs 1 the run stops at
            the first failure; the last line counts those not run). --step-timeout S fails a step that runs longer than
            S seconds (default 60). The language is documented in Docs/scenarios.md.
            """,
        examples: [
            "simctl scenario run Fixtures/scenarios/0[1-4]*.scenario",
            "simctl scenario run Fixtures/scenarios/*.scenario --tag lock",
            "simctl scenario run Fixtures/scenarios/R06-dht-unreachable-no-pick.scenario --keep-going",
            "simctl scenario run Fixtures/scenarios/09-ring-deletes-picked-on-identity-screen.scenario --example 2",
            "simctl scenario run Fixtures/scenarios/07-ring-deletes-picked-bitkit-relaunches.scenario --keep",
            "simctl scenario run Fixtures/scenarios/R0[1-3]*.scenario --quiet --junit report.xml",
            "simctl scenario run Fixtures/scenarios/1[23]*.scenario --quiet --html report",
            "simctl scenario run Fixtures/scenarios/01-ring-pubkys-listed.scenario --platform ios --quiet",
        ]
    ) { args, invocation in
        let keep = args.flag("--keep")
        let platform = try args.platform()
        let quiet = args.flag("--quiet")
        let seed = try args.option("--seed", expecting: "a whole number") { UInt64($0) }
        let jobs = try args.option("--jobs", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let junit = try args.option("--junit")
        let html = try args.option("--html")
        let sequence = args.flag("--sequence")
        let processPerAction = args.flag("--process-per-action")
        let noTimings = args.flag("--no-timings")
        let keepGoing = args.flag("--keep-going")
        let tags = try args.options("--tag")
        let defects = try DefectCatalogue.parse(args.options("--defect"))
        let example = try args.option("--example", expecting: "a row number (1, 2, …)") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let failFast = args.flag("--fail-fast")
        let stepTimeout = try args.option("--step-timeout", expecting: "a positive number of seconds") {
            Double($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let files = args.remainingPositionals()
        try args.finish()
        guard !files.isEmpty else { throw CLIError.usage("Give at least one scenario file.") }
        try ScenarioFiles.check(files)
        var runner = ScenarioRunner(keepWorld: keep, seedOverride: seed)
        runner.embedSequence = sequence
        runner.processPerAction = processPerAction
        runner.recordReport = html != nil
        runner.keepGoing = keepGoing
        runner.defects = defects
        runner.platform = platform
        if let stepTimeout { runner.stepTimeout = stepTimeout }
        var suite = ScenarioSuite(
            runner: runner,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        suite.tags = tags
        suite.exampleRow = example
        suite.stopAtFirstFailure = failFast
        let json = invocation.json
        // The default platform's output stays as it was before platforms existed; another says so first.
        if !json, !platform.isDefault { Output.write("Platform: \(platform.displayName)\n") }
        let entries = suite.run(files: files) { _, entry in
            guard !json else { return }
            Output.write(
                render(noTimings ? entry.outcome.withoutTimings : entry.outcome, file: entry.file, quiet: quiet))
        }
        .map { ScenarioSuite.Entry(file: $0.file, outcome: noTimings ? $0.outcome.withoutTimings : $0.outcome) }
        if entries.isEmpty, !tags.isEmpty {
            throw CLIError.usage(
                "No scenario among the \(files.count) file(s) has the tag \(tags.joined(separator: " or ")); `tags:` lines name them."
            )
        }
        let outcomes = entries.map(\.outcome)
        let passed = outcomes.filter(\.passed).count
        let skipped = outcomes.filter(\.skipped).count
        let failed = outcomes.count - passed - skipped
        let notRun = failFast ? suite.units(files).count - entries.count : nil
        if let junit {
            let xml = JUnitReport.xml(entries.map { (file: $0.file, outcome: $0.outcome) }, platform: platform)
            try UserFile.write(Data(xml.utf8), to: junit, what: "the JUnit report")
        }
        if let html {
            let pages = entries.map(\.reportEntry)
            do throws(ReportError) {
                try ReportFolder(url: URL(fileURLWithPath: html)).writeScenarios(pages, platform: platform.displayName)
            } catch {
                throw CLIError.usage("Cannot write the HTML report to \(html): \(error.description)")
            }
            if !json {
                Output.write(
                    "Report: \(URL(fileURLWithPath: html).appendingPathComponent("index.html", isDirectory: false).path)\n"
                )
            }
        }
        if json {
            let scenarios = entries.map { entry -> SuiteOutput.Entry in
                switch entry.outcome {
                case .ran(let result):
                    let status = result.skipped ? "skipped" : result.passed ? "passed" : "failed"
                    return .init(
                        file: entry.file, passed: result.passed, status: status, reason: result.skipReason,
                        result: result)
                case .malformed(let error):
                    return .init(file: entry.file, passed: false, status: "malformed", error: error.description)
                }
            }
            let suite = CheckedReport(
                SuiteOutput(
                    platform: platform, passed: passed, failed: failed, skipped: skipped, notRun: notRun,
                    scenarios: scenarios),
                failed: failed > 0 ? "\(failed) scenario run(s) failed." : nil)
            Output.write(try Invocation.jsonString(suite) + "\n")
        } else {
            // The skipped count only when something was skipped, so a run without any reads as before.
            Output.write(
                "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
                    + ((notRun ?? 0) > 0 ? ", \(notRun ?? 0) not run (--fail-fast)" : "") + "\n")
        }
        if failed > 0 { throw ExitStatus(code: 1) }
    }

    static func render(_ outcome: ScenarioSuite.Outcome, file: String, quiet: Bool) -> String {
        switch outcome {
        case .malformed(let error):
            return "MALFORMED \(error.description)\n"
        case .ran(let result) where result.skipped:
            return "SKIP \(result.name) — \(result.title): \(result.skipReason ?? "")\n"
        case .ran(let result):
            var text = ""
            if !quiet || !result.passed {
                text += "── \(result.name): \(result.title)\n\(result.transcript)\n"
            }
            let time = result.seconds.map { String(format: " (%.2f s)", $0) } ?? ""
            if result.passed {
                text += "PASS \(result.name) — \(result.title)\(time)\n"
            } else {
                text += "FAIL \(result.name) — \(result.title)\(time)\n"
                let row = result.example.map { " --example \($0)" } ?? ""
                text += "     replay: simctl scenario run \(file)\(row) --seed \(result.seedUsed) --keep\n"
            }
            // `--keep` is how a passing run's world gets inspected too (Docs/scenarios.md).
            if let kept = result.keptWorld { text += "     world kept at \(kept)\n" }
            return text
        }
    }
}

extension ScenarioSuite.Outcome {
    /// The outcome without its duration (`--no-timings`).
    var withoutTimings: ScenarioSuite.Outcome {
        guard case .ran(var result) = self else { return self }
        result.seconds = nil
        return .ran(result)
    }
}
