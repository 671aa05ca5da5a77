import Harnesses
import RunReport
import Scenarios

/// Turns a race harness report into what the race page draws: the outcome table, the first failing
/// iterations, and one example iteration of every outcome not already drawn.
enum RaceReportRecord {
    static func make(
        _ report: RaceHarness.Report, lanes: [String], command: String, seed: UInt64, jitter: Double,
        replay: (UInt64) -> String
    ) -> RaceRecord {
        var cases: [RaceCase] = report.failures.map { raceCase($0, replay: replay) }
        var drawn = Set(report.failures.map { Key(outcome: $0.outcome, failed: true) })
        for example in report.examples {
            let key = Key(outcome: example.outcome, failed: !example.failures.isEmpty)
            guard !drawn.contains(key) else { continue }
            drawn.insert(key)
            cases.append(raceCase(example, replay: replay))
        }
        let outcomes = report.outcomes.map { tally in
            let first = cases.first { $0.outcome == tally.outcome && $0.failed == tally.failed }
            return RaceRecord.Outcome(
                outcome: tally.outcome, count: tally.count, failed: tally.failed, caseID: first?.id)
        }
        let failedWord = report.failedCount == 1 ? "iteration" : "iterations"
        let summary = [
            "\(report.iterations) iterations in \(String(format: "%.1f", report.seconds)) s",
            "seed \(seed), jitter \(jitter) ms",
            "\(report.processes), \(report.jobs) at a time",
            "\(report.failedCount) failed \(failedWord)",
        ]
        return RaceRecord(
            title: "Race: \(lanes.joined(separator: " ∥ "))", command: command, summary: summary, lanes: lanes,
            outcomes: outcomes, failedCount: report.failedCount, cases: cases, secrets: report.secrets)
    }

    static func raceCase(_ iteration: RaceHarness.Iteration, replay: (UInt64) -> String) -> RaceCase {
        RaceCase(
            id: "iteration-\(iteration.index)", heading: "Iteration \(iteration.index) (seed \(iteration.seed))",
            failed: !iteration.failures.isEmpty, outcome: iteration.outcome, failures: iteration.failures,
            replay: replay(iteration.seed), schedule: iteration.schedule.map(SchedulePoint.init(trace:)),
            sequence: iteration.sequence ?? SequenceChart(), journal: iteration.journal)
    }

    private struct Key: Hashable {
        var outcome: String
        var failed: Bool
    }
}
