import ContractNames
import Foundation
import Harnesses
import RunReport
import Scenarios
import SimCLI

/// `simctl race`: hammer an interleaving of the two apps with seeded jitter.
enum RaceCommands {
    static let race = Command(
        "race",
        summary: "Run two step scripts concurrently, many times, with seeded jitter; tally outcomes and failures.",
        usage:
            "--a STEPS --b STEPS [--setup STEPS | --setup-file FILE] [--iterations N] [--seed S] [--jitter MS] [--outcome 'TOOL ARGS… :: PATH']… [--expect 'expect …']… [--points all|checkpoints] [--jobs N] [--scratch DIR] [--html DIR] [--process-per-action] [--platform ios|android]",
        details: """
            STEPS are scenario lines (Docs/scenarios.md) separated by `;`. Every iteration starts from a copy of the world
            the setup prepared; lanes a and b run at the same time. At every scheduling point (an app run's start and each
            named checkpoint; with --points all also each keychain call and network request, as `simctl explore` does, at
            about 0.6× the rate) the lane waits for the other one; a coin drawn from the iteration's seed then decides
            which lane goes on, so the same seed replays the same interleaving. --jitter MS adds a seeded sleep at each of those points.
            After each iteration the audit runs and every --expect line is checked; a failed iteration prints its seed, the
            schedule and a command that replays it. The outcome of an iteration is the shared group's accounts plus each
            --outcome value. Exit 1 when any iteration failed.
            App commands go to long-lived `--serve` processes, one per app and lane, each command a fresh app run;
            --process-per-action starts a process for every command instead (slower, same outcomes). --jobs N runs N
            iterations side by side (default: the number of cores; outcomes do not depend on it). The iterations' worlds
            are made under --scratch DIR (default: $TMPDIR when set, else /dev/shm when writable, else the temporary folder);
            Ctrl-C ends the race and they are removed right after. --html DIR writes
            DIR/index.html: the outcome table and, for the first failing iterations and an example of every outcome, the
            schedule as a two-lane timeline and the sequence diagram (Docs/reports.md).
            --platform android makes the prepared world an Android one (Docs/android.md): the provider calls are then
            scheduling points too (`provider query content://…`, with --points all).
            """,
        examples: [
            "simctl race --setup-file Fixtures/races/picked-ring-pubky.steps --a 'ring relaunch' --b 'bitkit foreground' --iterations 50 --expect 'expect bitkit state .reference.pubky = {A}'   # exit 1: the harness finds the race (10 of 50 fail)",
            "simctl race --a 'ring keychain set-owned {A.secret}' --b 'bitkit keychain is-definitely-missing {A}' --iterations 200 --outcome 'simctl keychain list :: .items[*].account'",
            "simctl race --setup-file Fixtures/races/picked-ring-pubky.steps --a 'ring relaunch' --b 'bitkit foreground' --iterations 50 --expect 'expect bitkit state .reference.pubky = {A}' --html race-report   # exit 1: as above, drawn in race-report/index.html",
        ]
    ) { args, invocation in
        let setupText = try args.option("--setup")
        let setupFile = try args.option("--setup-file")
        guard let laneA = try args.option("--a"), let laneB = try args.option("--b") else {
            throw CLIError.usage("Give both lanes: --a STEPS --b STEPS.")
        }
        let iterations =
            try args.option("--iterations", expecting: "a positive whole number") {
                Int($0).flatMap { $0 > 0 ? $0 : nil }
            } ?? 100
        let seed = try args.option("--seed", expecting: "a whole number") { UInt64($0) } ?? 1
        let jitter =
            try args.option("--jitter", expecting: "milliseconds") { Double($0).flatMap { $0 >= 0 ? $0 : nil } } ?? 0
        let outcomes = try args.options("--outcome")
        let expectations = try args.options("--expect")
        let processPerAction = args.flag("--process-per-action")
        let pointsText = try args.option("--points")
        guard pointsText == nil || pointsText == "all" || pointsText == "checkpoints" else {
            throw CLIError.usage("--points takes all or checkpoints, not '\(pointsText ?? "")'.")
        }
        let jobs = try args.option("--jobs", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let scratch = try args.option("--scratch")
        let html = try args.option("--html")
        let platform = try args.platform()
        try args.finish()
        // On the command line `;` separates lines; a setup file is read as written.
        var setup = (setupText ?? "").replacingOccurrences(of: ";", with: "\n")
        if let setupFile {
            setup =
                String(
                    decoding: try UserFile.read(setupFile, what: "--setup-file", limit: .scenarioFile), as: UTF8.self)
                + "\n" + setup
        }
        var configuration = RaceHarness.Configuration(
            setup: setup, laneA: laneA, laneB: laneB, iterations: iterations, seed: seed, jitter: jitter,
            outcomes: outcomes, invariants: expectations.joined(separator: "\n"))
        if let setupFile { configuration.setupPath = setupFile }
        configuration.processPerAction = processPerAction
        configuration.accessPoints = pointsText == "all"
        configuration.recordSchedules = html != nil
        if let jobs { configuration.jobs = jobs }
        if let scratch {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: scratch, isDirectory: &isFolder), isFolder.boolValue else {
                throw CLIError.usage("--scratch \(scratch) is not a folder.")
            }
            configuration.scratchRoot = URL(fileURLWithPath: scratch)
        }
        let report: RaceHarness.Report
        var runner = ScenarioRunner()
        runner.platform = platform
        do {
            report = try RaceHarness(configuration: configuration, runner: runner).run()
        } catch let error as ScenarioError {
            throw CLIError.usage("Bad race script: \(error.description)")
        }
        let command: (Int, UInt64) -> String = { iterations, seed in
            var words = ["simctl", "race"]
            if let setupFile { words += ["--setup-file", quote(setupFile)] }
            if let setupText { words += ["--setup", quote(setupText)] }
            words += platform.optionWords
            words += [
                "--a", quote(laneA), "--b", quote(laneB), "--iterations", String(iterations), "--seed", String(seed),
                "--jitter", String(jitter),
            ]
            words += outcomes.flatMap { ["--outcome", quote($0)] } + expectations.flatMap { ["--expect", quote($0)] }
            if processPerAction { words.append("--process-per-action") }
            if pointsText == "all" { words += ["--points", "all"] }
            return words.joined(separator: " ")
        }
        let replay: (UInt64) -> String = { command(1, $0) }
        var lines = [
            String(
                format:
                    "Race: %d iterations in %.1f s (%.1f per second, %.1f s preparing the world), seed %llu, jitter %g ms",
                report.iterations, report.seconds, Double(report.iterations) / max(report.iterationSeconds, 0.001),
                report.seconds - report.iterationSeconds, seed, jitter)
                + ", \(report.processes), \(report.jobs) at a time"
                + (platform.isDefault ? "" : ", on \(platform.displayName) worlds"),
            "  count  outcome",
        ]
        for tally in report.outcomes {
            lines.append(String(format: "%7d  ", tally.count) + (tally.failed ? "FAIL " : "") + tally.outcome)
        }
        if report.failedCount == 0 {
            lines.append("No iteration failed.")
        } else {
            lines.append("\(report.failedCount) iteration(s) failed; the first ones:")
            for iteration in report.failures {
                lines.append("  iteration \(iteration.index) (seed \(iteration.seed)):")
                lines += iteration.failures.map { "    " + $0 }
                lines.append("    schedule: " + iteration.schedule.joined(separator: " → "))
                lines.append("    replay: " + replay(iteration.seed))
                lines += iteration.journal.suffix(12).map { "      " + $0 }
            }
        }
        if let html {
            let record = RaceReportRecord.make(
                report, lanes: [laneA, laneB], command: command(iterations, seed), seed: seed, jitter: jitter,
                replay: replay)
            do throws(ReportError) { try ReportFolder(url: URL(fileURLWithPath: html)).writeRace(record) } catch {
                throw CLIError.usage("Cannot write the HTML report to \(html): \(error.description)")
            }
            lines.append(
                "Report: \(URL(fileURLWithPath: html).appendingPathComponent("index.html", isDirectory: false).path)")
        }
        struct RaceOutput: Encodable {
            var report: RaceHarness.Report
            var replays: [String]
        }
        let output = CheckedReport(
            RaceOutput(report: report, replays: report.failures.map { replay($0.seed) }),
            failed: report.failedCount > 0 ? "\(report.failedCount) iteration(s) failed." : nil)
        try invocation.emit(output, text: lines.joined(separator: "\n"))
        try output.finish()
    }

    /// Single-quotes a word for a POSIX shell.
    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
