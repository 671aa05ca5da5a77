import Device
import Foundation
import Scenarios
import SimCLI

/// `simctl scenario run FILE…`: QA's scripted runs.
enum ScenarioCommands {
    static let group = Command(
        "scenario", summary: "Run scenario files: a transcript, one line per scenario, `N passed, N failed`.",
        subcommands: [run])

    struct SuiteOutput: Encodable {
        var passed: Int
        var failed: Int
        var scenarios: [Entry]
        struct Entry: Encodable {
            var file: String
            var passed: Bool
            var result: ScenarioResult?
            var error: String?
        }
    }

    static let run = Command(
        "run", summary: "Run each scenario in a fresh temporary world with the real executables.",
        usage: "FILE… [--keep] [--seed N] [--jobs N] [--quiet] [--junit FILE] [--sequence] [--process-per-action]",
        details: """
            Each scenario stops at its first failed expectation and prints the step, what was expected and what was
            found. --keep keeps every world folder (its path is printed); --seed N overrides the scenarios' seeds;
            --jobs N runs N scenarios at once (default: the number of cores); --quiet prints only the result lines;
            --junit FILE writes a JUnit XML report; --sequence ends each transcript with a Mermaid sequence diagram of the
            run's cross-app events. App commands go to long-lived `--serve` processes shared by the run, each command a
            fresh app run; --process-per-action starts a process for every command instead (slower, same transcripts).
            The language is documented in Docs/scenarios.md.
            """,
        examples: [
            "simctl scenario run Fixtures/scenarios/*.scenario",
            "simctl scenario run Fixtures/scenarios/07-ring-deletes-picked-pubky.scenario --keep",
            "simctl scenario run Fixtures/scenarios/*.scenario --quiet --junit report.xml",
        ]
    ) { args, invocation in
        let keep = args.flag("--keep")
        let quiet = args.flag("--quiet")
        let seed = try args.option("--seed", expecting: "a whole number") { UInt64($0) }
        let jobs = try args.option("--jobs", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let junit = try args.option("--junit")
        let sequence = args.flag("--sequence")
        let processPerAction = args.flag("--process-per-action")
        let files = args.remainingPositionals()
        try args.finish()
        guard !files.isEmpty else { throw CLIError.usage("Give at least one scenario file.") }
        // An oversized file is a usage error before anything runs (Docs/cli.md, "Input limits").
        for file in files { try InputLimit.scenarioFile.checkSize(file) }
        var runner = ScenarioRunner(keepWorld: keep, seedOverride: seed)
        runner.embedSequence = sequence
        runner.processPerAction = processPerAction
        let suite = ScenarioSuite(
            runner: runner,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let json = invocation.json
        let outcomes = suite.run(files: files) { index, outcome in
            guard !json else { return }
            Output.write(render(outcome, file: files[index], quiet: quiet))
        }
        let passed = outcomes.filter(\.passed).count
        let failed = outcomes.count - passed
        if let junit {
            let xml = JUnitReport.xml(Array(zip(files, outcomes)).map { (file: $0.0, outcome: $0.1) })
            do { try xml.write(toFile: junit, atomically: true, encoding: .utf8) } catch {
                throw CLIError.failure("Could not write the JUnit report to \(junit): \(error.localizedDescription)")
            }
        }
        if json {
            let entries = zip(files, outcomes).map { file, outcome -> SuiteOutput.Entry in
                switch outcome {
                case .ran(let result): return .init(file: file, passed: result.passed, result: result)
                case .malformed(let error): return .init(file: file, passed: false, error: error.description)
                }
            }
            Output.write(
                try Invocation.jsonString(SuiteOutput(passed: passed, failed: failed, scenarios: entries)) + "\n")
        } else {
            Output.write("\(passed) passed, \(failed) failed\n")
        }
        if failed > 0 { throw ExitStatus(code: 1) }
    }

    static func render(_ outcome: ScenarioSuite.Outcome, file: String, quiet: Bool) -> String {
        switch outcome {
        case .malformed(let error):
            return "MALFORMED \(error.description)\n"
        case .ran(let result):
            var text = ""
            if !quiet || !result.passed {
                text += "── \(result.name): \(result.title)\n\(result.transcript)\n"
            }
            let time = String(format: "%.2f s", result.seconds)
            if result.passed {
                text += "PASS \(result.name) — \(result.title) (\(time))\n"
            } else {
                text += "FAIL \(result.name) — \(result.title) (\(time))\n"
                text += "     replay: simctl scenario run \(file) --seed \(result.seedUsed) --keep\n"
            }
            // `--keep` is how a passing run's world gets inspected too (Docs/scenarios.md).
            if let kept = result.keptWorld { text += "     world kept at \(kept)\n" }
            return text
        }
    }
}
