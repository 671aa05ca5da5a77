import Backend
import Exploration
import Foundation
import Harnesses
import RunReport
import Scenarios
import SimCLI

/// `simctl explore`: every interleaving of two or three lanes within a preemption bound, not a
/// random sample (Docs/races.md).
enum ExploreCommands {
    static let explore = Command(
        "explore",
        summary:
            "Run two or three step scripts under every schedule within a preemption bound; report every distinct outcome.",
        usage:
            "--a STEPS --b STEPS [--c STEPS] [--setup STEPS | --setup-file FILE] [--bound N|all] [--expect 'expect …']… [--outcome 'TOOL ARGS… :: PATH']… [--max-schedules N] [--max-seconds S] [--jobs N] [--no-reduction] [--no-dedup] [--replay SCHEDULE [--keep-world DIR]] [--emit-scenario FILE] [--html DIR] [--platform ios|android] | --matrix FILE [--out DIR] [--platform ios|android]",
        details: """
            STEPS are scenario lines (Docs/scenarios.md) separated by `;`; every schedule starts from a copy of the world the
            setup prepared. The lanes wait at every scheduling point: an app run's start, each named checkpoint, each keychain
            call (`keychain copy app.pubkyring:<z32>`) and each network request (`backend homeserver GET /session`). The
            explorer walks the tree of decisions depth-first: at most --bound preemptions per schedule (switching away from
            a lane that could go on; default 2, `all` for no bound); steps that touch nothing another lane touches are never
            interleaved, and a branch that preempts a lane keeps that lane's step asleep while the two commute (sleep sets;
            --no-reduction runs every order); a schedule that reaches a state already explored from the same point stops
            counting (--no-dedup keeps them). After each schedule the --expect lines and the audit are checked and the
            outcome is read (the shared group's accounts plus each --outcome value). The report lists every distinct
            outcome with its count, whether it failed, its shortest schedule and a command that replays it; it says
            "complete within bound N", or how far it got when --max-schedules or --max-seconds stopped it. Exit 1 when
            an outcome failed.
            --replay SCHEDULE runs one schedule (the lane letters of its decisions, e.g. `abba`; after them the lane that
            went last goes on while it can); --keep-world DIR keeps a copy of the world it ended in (`simctl journal
            --canonical --world DIR` prints the same bytes for every replay of the schedule). --emit-scenario FILE writes the first failing outcome's shortest schedule
            (or the replayed one) as a scenario with breakpoints that passes under `simctl scenario run`. --html DIR
            draws the report as DIR/index.html. --matrix FILE explores every pair of a Bitkit action and a Ring action
            the file lists, from its setup worlds, with the audit as the expectation; it prints pairs × (schedules,
            outcomes, violations) and writes each pair's report under --out DIR (default: explore-matrix).
            --platform android makes every world an Android one (Docs/android.md): each provider call is then a scheduling
            point too (`provider query content://…`), the outcome's `shared:` part lists what the providers serve, and
            every replay command the report prints carries `--platform android`.
            """,
        examples: [
            "simctl explore --setup-file Fixtures/races/picked-ring-pubky.steps --a 'ring relaunch' --b 'bitkit foreground' --expect 'expect bitkit state .reference.pubky = {A}'   # exit 1: some schedules break it",
            "simctl explore --setup-file Fixtures/races/picked-ring-pubky.steps --a 'ring relaunch' --b 'bitkit foreground' --expect 'expect bitkit state .reference.pubky = {A}' --replay aabbaab --emit-scenario race-a.scenario   # exit 1: that schedule breaks it",
            "simctl explore --setup-file Fixtures/races/owned-w-adopted-by-ring.steps --a 'ring foreground' --b 'bitkit settings reset --confirm' --outcome 'ring-sim state :: .pubkys[*].pubky' --bound all --json",
            "simctl explore --matrix Fixtures/races/matrix.txt --out matrix-report",
            "simctl explore --platform android --setup-file Fixtures/races/picked-ring-pubky.steps --a 'ring delete {A} --confirm' --b 'bitkit foreground' --outcome 'bitkit-sim state :: .reference.pubky'",
        ]
    ) { args, invocation in
        let matrix = try args.option("--matrix")
        let out = try args.option("--out")
        let replayText = try args.option("--replay")
        let emit = try args.option("--emit-scenario")
        let html = try args.option("--html")
        let keepWorld = try args.option("--keep-world")
        let request = try ExploreRequest.parse(&args, lanesRequired: matrix == nil)
        try args.finish()
        if let matrix {
            guard request.lanes.isEmpty, replayText == nil, emit == nil, keepWorld == nil else {
                throw CLIError.usage(
                    "--matrix takes its lanes and setups from the file: no --a/--b/--c, --replay, --keep-world or --emit-scenario."
                )
            }
            try MatrixCommand.run(file: matrix, out: out ?? "explore-matrix", request: request, invocation: invocation)
            return
        }
        if let replayText {
            guard let schedule = Schedule(text: replayText) else {
                throw CLIError.usage("--replay takes lane letters (a, b, c), e.g. `abba`, not '\(replayText)'.")
            }
            guard schedule.lanes.allSatisfy({ $0 < request.lanes.count }) else {
                throw CLIError.usage("--replay \(replayText) names a lane this exploration does not have.")
            }
            try replay(schedule, request: request, emit: emit, keepWorld: keepWorld, invocation: invocation)
            return
        }
        guard keepWorld == nil else {
            throw CLIError.usage("--keep-world keeps the world of one schedule: give it with --replay SCHEDULE.")
        }
        try run(request, emit: emit, html: html, invocation: invocation)
    }

    static let backendDigest: @Sendable (URL) -> String = { world in
        (try? Backend.open(at: world.appendingPathComponent(".sim/backend.sqlite", isDirectory: false).path)
            .contentDigest())
            ?? "no backend"
    }

    static func harness(_ request: ExploreRequest, recordExamples: Bool = false) throws -> ExploreHarness {
        var configuration = try request.configuration(backendDigest: backendDigest)
        configuration.recordExamples = recordExamples
        return ExploreHarness(configuration: configuration, runner: request.runner)
    }

    static func run(_ request: ExploreRequest, emit: String?, html: String?, invocation: Invocation) throws {
        let result: ExploreHarness.Result
        do { result = try harness(request, recordExamples: html != nil).explore() } catch let error as ScenarioError {
            throw CLIError.usage("Bad exploration script: \(error.description)")
        }
        let summary = ExploreSummary(request: request, result: result)
        var lines = summary.text()
        if let emit {
            lines.append(try emitScenario(result: result, request: request, to: emit))
        }
        if let html {
            let record = ExploreReportRecord.make(summary)
            do throws(ReportError) { try ReportFolder(url: URL(fileURLWithPath: html)).writeRace(record) } catch {
                throw CLIError.failure("Could not write the HTML report: \(error.description)")
            }
            lines.append(
                "Report: \(URL(fileURLWithPath: html).appendingPathComponent("index.html", isDirectory: false).path)")
        }
        let failed = result.report.failures.count
        let output = CheckedReport(summary.json(), failed: failed == 0 ? nil : "\(failed) outcome(s) failed.")
        try invocation.emit(output, text: lines.joined(separator: "\n"))
        try output.finish()
    }

    static func replay(
        _ schedule: Schedule, request: ExploreRequest, emit: String?, keepWorld: String?, invocation: Invocation
    ) throws {
        if let keepWorld, FileManager.default.fileExists(atPath: keepWorld) {
            throw CLIError.usage("--keep-world \(keepWorld) already exists: give a path to create.")
        }
        let replay: ExploreHarness.Replay
        do {
            replay = try harness(request).replay(schedule, keepWorld: keepWorld.map { URL(fileURLWithPath: $0) })
        } catch let error as ScenarioError {
            throw CLIError.usage("Bad exploration script: \(error.description)")
        }
        var lines = [
            "Replay of schedule \(schedule): \(replay.decisions.count) decisions, \(replay.failures.isEmpty ? "PASS" : "FAIL")"
                + request.platformSuffix,
            "  schedule: " + Schedule.trace(replay.decisions).joined(separator: " → "),
            "  outcome: " + replay.outcome,
        ]
        if let diverged = replay.diverged {
            lines.append(
                "  the schedule could not be followed from decision \(diverged + 1): the lanes differ from the ones it was found with"
            )
        }
        lines += replay.failures.map { "  " + $0 }
        if !replay.failures.isEmpty { lines += replay.journal.suffix(12).map { "    " + $0 } }
        if let emit { lines.append(try writeScenario(replay, request: request, to: emit)) }
        struct ReplayOutput: Encodable {
            var schedule: String
            /// `android`, or absent on iOS.
            var platform: String?
            var trace: [String]
            var outcome: String
            var failed: Bool
            var failures: [String]
            var diverged: Int?
            var journal: [String]
        }
        let failure =
            replay.diverged != nil
            ? "The schedule could not be followed."
            : replay.failures.isEmpty ? nil : "The schedule breaks an expectation."
        let output = CheckedReport(
            ReplayOutput(
                schedule: schedule.description, platform: request.platformName, trace: Schedule.trace(replay.decisions),
                outcome: replay.outcome,
                failed: !replay.failures.isEmpty, failures: replay.failures, diverged: replay.diverged,
                journal: replay.journal),
            failed: failure)
        try invocation.emit(output, text: lines.joined(separator: "\n"))
        try output.finish()
    }

    static func emitScenario(result: ExploreHarness.Result, request: ExploreRequest, to file: String) throws -> String {
        guard let index = result.report.outcomes.firstIndex(where: \.failed),
            let replay = result.examples.indices.contains(index) ? result.examples[index] : nil
        else {
            return "No outcome failed: no scenario written to \(file)."
        }
        return try writeScenario(replay, request: request, to: file)
    }

    static func writeScenario(
        _ replay: ExploreHarness.Replay, request: ExploreRequest, to file: String
    ) throws -> String {
        var scenario = ScheduleScenario(
            lanes: request.lanes, setupText: request.setupText,
            setupFile: request.setupFile.map { ScheduleScenario.relativePath(from: file, to: $0) },
            expectations: request.expectations, decisions: replay.decisions, accounts: replay.accounts,
            values: replay.values, failures: replay.failures,
            replay: request.command(replay: Schedule.replaying(replay.decisions)))
        scenario.platform = request.platform
        let text: String
        do throws(ScenarioError) { text = try scenario.text() } catch {
            throw CLIError.usage("Cannot write the schedule as a scenario: \(error.description)")
        }
        do { try text.write(toFile: file, atomically: true, encoding: .utf8) } catch {
            throw CLIError.failure("Could not write \(file): \(error.localizedDescription)")
        }
        return
            "Scenario: \(file) (`simctl scenario run\(request.platform.optionSuffix) \(file)` replays the schedule with breakpoints)."
    }
}
