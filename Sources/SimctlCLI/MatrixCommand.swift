import Exploration
import Foundation
import Harnesses
import Scenarios
import SimCLI

/// `simctl explore --matrix FILE`: every pair of a Bitkit action and a Ring action the file lists,
/// explored from its setup worlds with the audit as the expectation; a table per world of
/// schedules / outcomes / failing outcomes, and each pair's report written under the output folder.
enum MatrixCommand {
    struct PairSummary: Encodable {
        var world: String
        var bitkit: String
        var ring: String
        var complete: Bool
        var schedules: Int
        var outcomes: Int
        var violations: Int
        var seconds: Double
        var error: String?
        var report: String
        var failing: [ExploreSummary.JSON.Outcome]
    }

    struct MatrixOutput: Encodable {
        var matrix: String
        /// `android`, or absent on iOS (whose documents predate platforms).
        var platform: String?
        var bound: String
        var pairs: [PairSummary]
        var seconds: Double
        var schedules: Int
        var violatingPairs: Int
        var details: String
    }

    static func run(file: String, out: String, request: ExploreRequest, invocation: Invocation) throws {
        var request = request
        guard request.expectations.isEmpty, request.outcomes.isEmpty else {
            throw CLIError.usage(
                "--matrix takes its outcomes from the file (`outcome` lines); its expectation is the audit.")
        }
        let started = Date()
        let matrix: RaceMatrix
        do throws(ScenarioError) { matrix = try RaceMatrix.parse(contentsOf: file) } catch {
            throw CLIError.usage("Bad matrix: \(error.description)")
        }
        let folder = URL(fileURLWithPath: out)
        let pairsFolder = folder.appendingPathComponent("pairs", isDirectory: true)
        do { try FileManager.default.createDirectory(at: pairsFolder, withIntermediateDirectories: true) } catch {
            throw CLIError.failure("Could not create \(pairsFolder.path): \(error.localizedDescription)")
        }
        request.outcomes = matrix.outcomes
        var exploration = MatrixExploration(matrix: matrix, options: request.options, runner: request.runner)
        exploration.backendDigest = ExploreCommands.backendDigest
        if let scratch = request.scratch { exploration.scratchRoot = URL(fileURLWithPath: scratch) }
        let total = matrix.pairs.count
        var done = 0
        let results: [MatrixExploration.PairResult]
        do {
            results = try exploration.run { result in
                done += 1
                if !invocation.json {
                    let verdict = result.result.map {
                        "\($0.report.schedules) schedules, \($0.report.failures.count) failing"
                    }
                    Output.error(
                        "[\(done)/\(total)] \(result.pair.name): \(verdict ?? "error: \(result.error ?? "")")\n")
                }
            }
        } catch let error as ScenarioError {
            throw CLIError.usage("Bad matrix world: \(error.description)")
        }
        var summaries: [PairSummary] = []
        for result in results {
            let pairRequest = request.forPair(result.pair)
            let name = fileName(result.pair)
            var summary = PairSummary(
                world: result.pair.world.name, bitkit: result.pair.bitkit.name, ring: result.pair.ring.name,
                complete: false, schedules: 0, outcomes: 0, violations: 0, seconds: 0, error: result.error,
                report: "pairs/\(name).txt", failing: [])
            var text = ["Pair: \(result.pair.name)", "World: \(result.pair.world.setupFile)"]
            if let explored = result.result {
                let explore = ExploreSummary(request: pairRequest, result: explored)
                let json = explore.json()
                summary.complete = explored.report.complete
                summary.schedules = explored.report.schedules
                summary.outcomes = explored.report.outcomes.count
                summary.violations = explored.report.failures.count
                summary.seconds = explored.seconds
                summary.failing = json.outcomes.filter(\.failed)
                text += explore.text()
                for (index, outcome) in explored.report.outcomes.enumerated() where outcome.failed {
                    if let example = explored.examples[index] {
                        text.append("Journal of the failing outcome \(index + 1)'s shortest schedule (last lines):")
                        text += example.journal.suffix(25).map { "  " + $0 }
                    }
                }
                try write(
                    try Invocation.jsonString(json),
                    to: pairsFolder.appendingPathComponent("\(name).json", isDirectory: false))
            } else {
                text.append("error: \(result.error ?? "unknown")")
            }
            try write(
                text.joined(separator: "\n") + "\n",
                to: pairsFolder.appendingPathComponent("\(name).txt", isDirectory: false))
            summaries.append(summary)
        }
        let output = MatrixOutput(
            matrix: file, platform: request.platformName, bound: request.boundText, pairs: summaries,
            seconds: Date().timeIntervalSince(started),
            schedules: summaries.reduce(0) { $0 + $1.schedules },
            violatingPairs: summaries.filter { $0.violations > 0 || $0.error != nil }.count, details: folder.path)
        try write(
            try Invocation.jsonString(output), to: folder.appendingPathComponent("summary.json", isDirectory: false))
        let table = tables(matrix, summaries)
        // The file is read away from the command that wrote it: it says which phone it is about.
        let heading = request.platform.isDefault ? [] : ["Race matrix \(file)\(request.platformSuffix)."]
        try write(
            (heading + table).joined(separator: "\n") + "\n",
            to: folder.appendingPathComponent("matrix.md", isDirectory: false))
        var lines = [
            String(
                format:
                    "Matrix %@: %d pairs in %d worlds, %d schedules in %.0f s, bound %@%@, the audit as the expectation.",
                file, summaries.count, matrix.worlds.count, output.schedules, output.seconds, request.boundText,
                request.platformSuffix)
        ]
        lines += table
        lines.append(
            output.violatingPairs == 0
                ? "No pair failed."
                : "\(output.violatingPairs) pair\(output.violatingPairs == 1 ? "" : "s") failed: see \(folder.path)/pairs/."
        )
        lines.append("Details: \(folder.path) (summary.json, matrix.md, pairs/).")
        let checked = CheckedReport(
            output, failed: output.violatingPairs == 0 ? nil : "\(output.violatingPairs) pair(s) break an invariant.")
        try invocation.emit(checked, text: lines.joined(separator: "\n"))
        try checked.finish()
    }

    /// One Markdown table per world: a row per Bitkit action, a column per Ring action, each cell
    /// `schedules / outcomes / failing` (`✗` marks a pair with a failing outcome).
    static func tables(_ matrix: RaceMatrix, _ summaries: [PairSummary]) -> [String] {
        var lines: [String] = []
        for world in matrix.worlds {
            lines.append("")
            lines.append(
                "World `\(world.name)` (\(URL(fileURLWithPath: world.setupFile).lastPathComponent)): schedules / outcomes / failing"
            )
            lines.append("")
            lines.append("| Bitkit ↓ · Ring → | " + world.ring.map(\.name).joined(separator: " | ") + " |")
            lines.append("|---|" + world.ring.map { _ in "---|" }.joined())
            for bitkit in world.bitkit {
                let cells = world.ring.map { ring -> String in
                    guard
                        let summary = summaries.first(where: {
                            $0.world == world.name && $0.bitkit == bitkit.name && $0.ring == ring.name
                        })
                    else { return "" }
                    if summary.error != nil { return "error" }
                    let cell = "\(summary.schedules) / \(summary.outcomes) / \(summary.violations)"
                    return (summary.violations > 0 ? "✗ " : "") + cell + (summary.complete ? "" : " (partial)")
                }
                lines.append("| \(bitkit.name) | " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines
    }

    static func fileName(_ pair: RaceMatrix.Pair) -> String {
        let raw = "\(pair.world.name)--bitkit-\(pair.bitkit.name)--ring-\(pair.ring.name)"
        return String(raw.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
    }

    static func write(_ text: String, to url: URL) throws {
        do { try text.write(to: url, atomically: true, encoding: .utf8) } catch {
            throw CLIError.failure("Could not write \(url.path): \(error.localizedDescription)")
        }
    }
}
