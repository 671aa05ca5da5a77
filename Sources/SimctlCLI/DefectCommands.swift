import ContractNames
import Foundation
import Scenarios
import SimCLI
import WorldFiles

/// `simctl defects`: the kill matrix — for every named defect, the catalogue run with that defect
/// installed, and which scenarios fail (FoundationDB's BUGGIFY, Docs/defects.md).
enum DefectCommands {
    struct Matrix: Encodable {
        var files: Int
        var killed: Int
        var survived: Int
        /// Scenario runs that fail on the shipped build: they prove nothing about a defect.
        var failingWithoutDefect: [String]
        var defects: [Row]
    }

    struct Row: Encodable {
        var name: String
        var app: String
        var killed: Bool
        /// The scenario Docs/defects.md names to kill it, and whether it did (nil when not run).
        var namedScenario: String
        var killedByNamed: Bool?
        /// The runs that failed with the defect installed, in file order.
        var scenarios: [String]
        var first: ScenarioResult.Failure?
    }

    static let command = Command(
        "defects", summary: "Run the catalogue once per named defect and print which scenarios catch each one.",
        usage: "[FILE…] [--defect NAME]… [--named] [--jobs N] [--markdown] [--quiet]",
        details: """
            For every defect of Docs/defects.md (or each --defect NAME), runs the scenario files (default: every
            Fixtures/scenarios/*.scenario under the current folder) with that defect installed in its app, and prints
            the kill matrix: the runs that fail, the first failing expectation, and SURVIVED where none fails. The files
            run once on the shipped build first: a run that fails there catches nothing. Exit 1 when a defect survives,
            when the scenario named to kill a defect was run and did not, or when a run fails without any defect.
            --named runs each defect against its named scenario only (and the shipped build against those): every
            defect killed by the scenario that claims it, in a fraction of the time; CI runs this. --markdown prints
            the matrix as a Markdown table; --json as JSON; --quiet leaves out the progress lines. --jobs N runs N
            scenarios at once (default: the number of cores). `simctl defects` alone (or scripts/defects) runs the
            whole catalogue once per defect: a few minutes.
            """,
        examples: [
            "simctl defects Fixtures/scenarios/D01-wipe-removes-all-shared.scenario --defect wipe-removes-all-shared",
            "simctl defects Fixtures/scenarios/2*.scenario --defect ring-wipe-removes-bitkit-records --json",
            "simctl defects Fixtures/scenarios/D0[24]*.scenario --defect ring-prunes-on-list-failure --markdown",
            "simctl defects --named --defect wipe-removes-all-shared",
            "simctl defects Fixtures/scenarios/01-ring-pubkys-listed.scenario --defect ring-prunes-on-list-failure   # exit 1: no scenario catches it",
        ],
        action: execute)

    static func execute(_ args: inout Arguments, _ invocation: Invocation) throws {
        let asMarkdown = args.flag("--markdown")
        let quiet = args.flag("--quiet") || invocation.json || asMarkdown
        let jobs = try args.option("--jobs", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let defects = try DefectCatalogue.parse(args.options("--defect"))
        let namedOnly = args.flag("--named")
        let named = args.remainingPositionals()
        try args.finish()
        let files = try ScenarioFiles.checked(named, orCatalogueIn: ["Fixtures/scenarios"])
        let chosen = defects.isEmpty ? Defect.allCases : defects
        if namedOnly {
            let names = Set(files.map { ($0 as NSString).lastPathComponent })
            if let orphan = chosen.first(where: { !names.contains($0.killedBy) }) {
                throw CLIError.usage(
                    "--named: \(orphan.rawValue) is claimed by \(orphan.killedBy), which is not among the files; name it or leave the files out (the catalogue has it)."
                )
            }
        }
        let suite = ScenarioSuite(
            runner: ScenarioRunner(), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let progress: @Sendable (String) -> Void = { line in if !quiet { Output.write(line + "\n") } }
        let matrix = run(suite, files: files, defects: chosen, namedOnly: namedOnly, progress: progress)
        var problems: [String] = []
        if matrix.survived > 0 { problems.append("\(matrix.survived) defect(s) survived") }
        let missed = matrix.defects.filter { $0.killedByNamed == false }
        if !missed.isEmpty {
            problems.append("\(missed.count) defect(s) not killed by their named scenario")
        }
        if !matrix.failingWithoutDefect.isEmpty {
            problems.append("\(matrix.failingWithoutDefect.count) run(s) fail without a defect")
        }
        let failed = problems.isEmpty ? nil : problems.joined(separator: "; ") + "."
        if invocation.json {
            Output.write(try Invocation.jsonString(CheckedReport(matrix, failed: failed)) + "\n")
        } else {
            Output.write((asMarkdown ? markdown(matrix) : text(matrix)) + "\n")
        }
        if failed != nil { throw ExitStatus(code: 1) }
    }

    /// The matrix over `files`; with `namedOnly`, each defect runs against its named scenario alone and the
    /// shipped build against the named scenarios of its platform.
    static func run(
        _ suite: ScenarioSuite, files: [String], defects: [Defect], namedOnly: Bool = false,
        progress: @escaping @Sendable (String) -> Void
    ) -> Matrix {
        func filesRun(for defect: Defect) -> [String] {
            namedOnly ? files.filter { ($0 as NSString).lastPathComponent == defect.killedBy } : files
        }
        // A defect runs on its platform, against that platform's run of the shipped build.
        var baselines: [Platform: Set<String>] = [:]
        func shippedFailures(on platform: Platform) -> Set<String> {
            if let known = baselines[platform] { return known }
            let claimed = Set(defects.filter { ($0.platform ?? .default) == platform }.flatMap(filesRun(for:)))
            let shippedFiles = namedOnly ? files.filter(claimed.contains) : files
            progress(
                "shipped build\(platform.isDefault ? "" : " on \(platform.displayName)"): running \(shippedFiles.count) file(s)…"
            )
            var shipped = suite
            shipped.runner.platform = platform
            // A run skipped on the platform (R04 on Android) neither passes nor fails.
            let failing = Set(
                shipped.run(files: shippedFiles) { _, _ in }.filter { !$0.outcome.passed && !$0.outcome.skipped }.map(
                    name))
            baselines[platform] = failing
            return failing
        }
        if !namedOnly { _ = shippedFailures(on: .default) }
        let names = Set(files.map { ($0 as NSString).lastPathComponent })
        var rows: [Row] = []
        for defect in defects {
            let platform = defect.platform ?? .default
            let baseline = shippedFailures(on: platform)
            var withDefect = suite
            withDefect.runner.defects = [defect]
            withDefect.runner.platform = platform
            let entries = withDefect.run(files: filesRun(for: defect)) { _, _ in }
            // A run skipped on the defect's platform catches nothing.
            let failing = entries.filter {
                !$0.outcome.passed && !$0.outcome.skipped && !baseline.contains(name($0))
            }
            let named = failing.contains { ($0.file as NSString).lastPathComponent == defect.killedBy }
            let row = Row(
                name: defect.rawValue, app: defect.app.rawValue, killed: !failing.isEmpty,
                namedScenario: defect.killedBy, killedByNamed: names.contains(defect.killedBy) ? named : nil,
                scenarios: failing.map(name), first: failing.first.flatMap(firstFailure))
            progress(
                "\(row.killed ? "KILLED  " : "SURVIVED") \(defect.rawValue): "
                    + (row.killed ? "\(row.scenarios.count) run(s) fail" : "no run fails"))
            rows.append(row)
        }
        let killed = rows.filter(\.killed).count
        return Matrix(
            files: files.count, killed: killed, survived: rows.count - killed,
            failingWithoutDefect: baselines.keys.sorted { $0.rawValue > $1.rawValue }.flatMap { platform in
                (baselines[platform] ?? []).sorted().map { platform.isDefault ? $0 : "\($0) (\(platform.displayName))" }
            },
            defects: rows)
    }

    private static func name(_ entry: ScenarioSuite.Entry) -> String {
        if case .ran(let result) = entry.outcome { return result.name }
        return (entry.file as NSString).lastPathComponent
    }

    private static func firstFailure(_ entry: ScenarioSuite.Entry) -> ScenarioResult.Failure? {
        switch entry.outcome {
        case .ran(let result): return result.failure
        case .malformed(let error):
            return ScenarioResult.Failure(
                location: entry.file, step: "parse", expected: "a scenario", actual: error.description)
        }
    }

    static func text(_ matrix: Matrix) -> String {
        var lines: [String] = []
        for row in matrix.defects {
            guard row.killed else {
                lines.append("SURVIVED \(row.name) (\(row.app)): no run fails (named: \(row.namedScenario))")
                continue
            }
            var line = "KILLED   \(row.name) (\(row.app)) by \(row.scenarios.joined(separator: ", "))"
            if row.killedByNamed == false { line += " — NOT by its named scenario \(row.namedScenario)" }
            lines.append(line)
            if let first = row.first {
                lines.append(
                    "         first: \(first.location) `\(first.step)`: expected \(clipped(first.expected)), found \(clipped(first.actual))"
                )
            }
        }
        for run in matrix.failingWithoutDefect { lines.append("FAILS WITHOUT A DEFECT \(run)") }
        lines.append("\(matrix.defects.count) defect(s): \(matrix.killed) killed, \(matrix.survived) survived")
        return lines.joined(separator: "\n")
    }

    static func markdown(_ matrix: Matrix) -> String {
        var lines = [
            "| defect | app | result | scenarios that fail | first failing expectation |",
            "| --- | --- | --- | --- | --- |",
        ]
        for row in matrix.defects {
            let result =
                row.killed
                ? (row.killedByNamed == false ? "killed, not by its named scenario" : "killed") : "**SURVIVED**"
            let first =
                row.first.map { "`\(cell($0.step))` (\(cell(($0.location as NSString).lastPathComponent)))" } ?? ""
            lines.append(
                "| `\(row.name)` | \(row.app) | \(result) | \(row.scenarios.map { "`\($0)`" }.joined(separator: ", ")) | \(first) |"
            )
        }
        lines.append("")
        lines.append("\(matrix.defects.count) defects: \(matrix.killed) killed, \(matrix.survived) survived.")
        return lines.joined(separator: "\n")
    }

    /// A long value (a packet, a journal) cut to what a reader of the matrix needs; --json has it whole.
    private static func clipped(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        return line.count <= 240 ? line : String(line.prefix(240)) + "…"
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
