import Foundation
import Harnesses
import Scenarios
import SimCLI
import WorldFiles

/// `simctl crash`: the crash-consistency campaign (Docs/reliability.md).
enum CrashCommands {
    static let crash = Command(
        "crash",
        summary: "SIGKILL app processes at random crash points of catalogue steps, relaunch, and check nothing broke.",
        usage:
            "FILE… [--trials N] [--seed S] [--jobs N] [--scratch DIR] [--keep] [--no-relaunch] | FILE --step N --at K [--keep] [--no-relaunch]",
        details: """
            Each trial draws, from the seed, a scenario among the FILEs and one of its app steps; runs the scenario up
            to that step; runs the step once to completion and once with the app process killed (SIGKILL) at one of the
            crash points it passes — before and after every keychain call, inside every atomic file write, at every
            checkpoint and after every backend request — drawn at random; relaunches the killed app in both worlds; then
            checks the crashed world: no torn item or document, no audit violation, no credential lost that the
            completed step keeps, and every Bitkit contact whole, saved once, kept if saved before the step, and
            either saved before the step or by the completed step. A kill inside a contact import is then retried
            as a person would (Disconnect, adopt the identity again, the same import) and must leave the contacts
            the completed step left. The same seed draws the same trials. --step N --at K replays one trial: the
            scenario's N-th step (1-based, included steps counted) killed at its K-th crash point; every failed trial
            prints that command. --keep keeps each trial's worlds (before/, reference/, crashed/). --no-relaunch checks
            the world exactly as the crash left it, without opening the killed app again: the apps' non-atomic windows
            (Ring's delete then add) then show as lost records. Exit 1 when any trial broke something.
            """,
        examples: [
            "simctl crash Fixtures/scenarios/*.scenario --trials 20 --seed 1",
            "simctl crash Fixtures/scenarios/07-ring-deletes-picked-bitkit-relaunches.scenario --step 17 --at 5 --keep",
        ]
    ) { args, invocation in
        let trials =
            try args.option("--trials", expecting: "a positive whole number") {
                Int($0).flatMap { $0 > 0 ? $0 : nil }
            } ?? 200
        let seed = try args.option("--seed", expecting: "a whole number") { UInt64($0) } ?? 1
        let jobs = try args.option("--jobs", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let step = try args.option("--step", expecting: "a step number (1-based)") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let at = try args.option("--at", expecting: "a crash point number (1-based)") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let scratch = try args.option("--scratch")
        let keep = args.flag("--keep")
        let noRelaunch = args.flag("--no-relaunch")
        let files = args.remainingPositionals()
        try args.finish()
        guard !files.isEmpty else { throw CLIError.usage("Give at least one scenario file.") }
        for file in files { try InputLimit.scenarioFile.checkSize(file) }
        var configuration = CrashCampaign.Configuration(files: files, trials: trials, seed: seed)
        switch (step, at) {
        case (let step?, let at?):
            guard files.count == 1 else { throw CLIError.usage("--step and --at replay one trial of one FILE.") }
            configuration.replay = CrashCampaign.Replay(step: step, at: at)
        case (nil, nil): break
        default: throw CLIError.usage("--step N and --at K go together.")
        }
        if let jobs { configuration.jobs = jobs }
        configuration.keepWorlds = keep
        configuration.relaunch = !noRelaunch
        if let scratch {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: scratch, isDirectory: &isFolder), isFolder.boolValue else {
                throw CLIError.usage("--scratch \(scratch) is not a folder.")
            }
            configuration.scratchRoot = URL(fileURLWithPath: scratch)
        }
        let report: CrashReport
        do { report = try CrashCampaign(configuration: configuration).run() } catch let error as ScenarioError {
            throw CLIError.usage("Bad scenario: \(error.description)")
        }
        let output = CheckedReport(
            report, failed: report.passed ? nil : "\(report.failedCount) trial(s) broke something.")
        try invocation.emit(output, text: render(report, keep: keep))
        try output.finish()
    }

    static func render(_ report: CrashReport, keep: Bool) -> String {
        func tally(_ counts: [String: Int]) -> String {
            counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
        }
        var lines = [
            String(
                format: "Crash campaign: %d trial(s) in %.1f s, seed %llu", report.trials, report.seconds, report.seed),
            "  killed: \(report.killed) process(es) in \(report.steps) step(s) of \(report.scenarios) scenario(s)",
            "  by app: \(tally(report.killedApps))",
            "  at: \(tally(report.pointKinds))",
            "  torn items: \(report.tornItems), audit violations: \(report.auditViolations), lost credentials: \(report.lostCredentials)",
            "  contact problems: \(report.contactProblems), killed imports retried: \(report.importsRetried)",
        ]
        if report.failedCount == 0 {
            lines.append("No trial broke anything.")
        } else {
            lines.append("\(report.failedCount) trial(s) broke something; the first ones:")
            for trial in report.failures {
                lines.append("  trial \(trial.index): \(trial.step)")
                if !trial.app.isEmpty {
                    lines.append("    killed \(trial.app) at point \(trial.at) of \(trial.points): \(trial.point)")
                }
                for problem in trial.tornItems.map({ "torn: \($0)" }) + trial.auditViolations.map({ "audit: \($0)" })
                    + trial.lostCredentials.map({ "lost: \($0)" }) + trial.contactProblems.map({ "contacts: \($0)" })
                    + trial.errors
                {
                    lines.append("    " + problem)
                }
                if !trial.replay.isEmpty { lines.append("    replay: " + trial.replay) }
                if let worlds = trial.worlds { lines.append("    worlds: " + worlds) }
            }
        }
        if report.failedCount == 0, report.results.count == 1, let trial = report.results.first {
            lines.append("  \(trial.step): killed \(trial.app) at point \(trial.at) of \(trial.points): \(trial.point)")
            if let worlds = trial.worlds { lines.append("  worlds: " + worlds) }
        }
        return lines.joined(separator: "\n")
    }
}
