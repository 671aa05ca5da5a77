import Exploration
import Foundation
import Harnesses
import Scenarios

/// An exploration's result as people and scripts read it: the text table and the `--json` document.
struct ExploreSummary {
    let request: ExploreRequest
    let result: ExploreHarness.Result

    var report: ExplorationReport { result.report }

    /// `complete within bound 2`, or how far it got.
    var status: String {
        if report.complete { return "complete within bound \(request.boundText)" }
        let deviations = report.deviationsCovered == 1 ? "deviation" : "deviations"
        return
            "stopped by \(report.stoppedBy ?? "a limit") after \(report.schedules) schedules: every schedule with up to \(report.deviationsCovered) \(deviations) from the default explored (bound \(request.boundText)), \(report.pending) waiting"
    }

    var perSecond: Double {
        Double(report.schedules) / max(result.seconds - result.preparationSeconds, 0.001)
    }

    var reductionText: String {
        request.reduction ? "invisible steps and running-lane sleep sets" : "none"
    }

    func text() -> [String] {
        var lines = [
            "Explore: " + request.lanes.joined(separator: " ∥ ") + request.platformSuffix,
            status.prefix(1).uppercased() + status.dropFirst() + ".",
            String(
                format: "%d schedules in %.1f s (%.1f per second, %.1f s preparing the world), %d pass%@; ",
                report.schedules, result.seconds, perSecond, result.preparationSeconds, report.passes,
                report.passes == 1 ? "" : "es")
                + "pruned \(report.redundant + report.deduplicated) (\(report.redundant) redundant, \(report.deduplicated) deduplicated), "
                + "\(report.beyondBound) branches beyond the bound; \(report.distinctEndStates) distinct end states; reduction: \(reductionText).",
            "  count  preemptions  outcome",
        ]
        for outcome in report.outcomes {
            lines.append(
                String(format: "%7d  %11d  ", outcome.count, outcome.preemptions) + (outcome.failed ? "FAIL " : "")
                    + outcome.outcome)
        }
        let failures = report.failures
        if failures.isEmpty {
            lines.append("No outcome failed.")
        } else {
            lines.append("\(failures.count) outcome\(failures.count == 1 ? "" : "s") failed:")
            for (index, outcome) in failures.enumerated() {
                lines.append("  \(index + 1). \(outcome.outcome)")
                lines += outcome.violations.map { "    " + $0 }
                lines.append(
                    "    shortest schedule (\(outcome.preemptions) preemption\(outcome.preemptions == 1 ? "" : "s")): "
                        + Schedule.trace(outcome.decisions).joined(separator: " → "))
                lines.append("    replay: " + request.command(replay: outcome.replay))
            }
        }
        return lines
    }

    struct JSON: Encodable {
        struct Outcome: Encodable {
            var outcome: String
            var count: Int
            var failed: Bool
            var violations: [String]
            var preemptions: Int
            var schedule: String
            var shortest: [String]
            var replay: String
        }

        var lanes: [String]
        /// `android`, or absent on iOS (whose documents predate platforms).
        var platform: String?
        var bound: String
        var complete: Bool
        var status: String
        var stoppedBy: String?
        var schedules: Int
        var counted: Int
        var pruned: Int
        var redundant: Int
        var deduplicated: Int
        var beyondBound: Int
        var passes: Int
        var distinctEndStates: Int
        var deviationsCovered: Int
        var pending: Int
        var seconds: Double
        var preparationSeconds: Double
        var schedulesPerSecond: Double
        var reduction: String
        var deduplication: Bool
        var outcomes: [Outcome]
        var command: String
        /// Seconds per phase of the schedules, summed over them: copy, lanes, checks, end-state.
        var phases: [String: Double]
    }

    func json() -> JSON {
        JSON(
            lanes: request.lanes, platform: request.platformName, bound: request.boundText, complete: report.complete,
            status: status,
            stoppedBy: report.stoppedBy, schedules: report.schedules, counted: report.counted,
            pruned: report.redundant + report.deduplicated, redundant: report.redundant,
            deduplicated: report.deduplicated, beyondBound: report.beyondBound, passes: report.passes,
            distinctEndStates: report.distinctEndStates, deviationsCovered: report.deviationsCovered,
            pending: report.pending, seconds: result.seconds, preparationSeconds: result.preparationSeconds,
            schedulesPerSecond: perSecond, reduction: reductionText, deduplication: request.deduplication,
            outcomes: report.outcomes.map { outcome in
                JSON.Outcome(
                    outcome: outcome.outcome, count: outcome.count, failed: outcome.failed,
                    violations: outcome.violations, preemptions: outcome.preemptions,
                    schedule: outcome.replay.description, shortest: Schedule.trace(outcome.decisions),
                    replay: request.command(replay: outcome.replay))
            }, command: request.command(), phases: result.phases)
    }
}
