import Exploration
import RunReport
import Scenarios

/// Turns an exploration into what the race page draws (the page was made for both): the outcome
/// table with counts, and for every outcome its shortest schedule as a timeline, its replay command
/// and its sequence diagram.
enum ExploreReportRecord {
    static func make(_ summary: ExploreSummary) -> RaceRecord {
        let report = summary.report
        var cases: [RaceCase] = []
        var rows: [RaceRecord.Outcome] = []
        for (index, outcome) in report.outcomes.enumerated() {
            let example = summary.result.examples.indices.contains(index) ? summary.result.examples[index] : nil
            let id = "outcome-\(index + 1)"
            cases.append(
                RaceCase(
                    id: id,
                    heading:
                        "Outcome \(index + 1): shortest schedule \(outcome.replay) (\(outcome.preemptions) preemption\(outcome.preemptions == 1 ? "" : "s"))",
                    failed: outcome.failed, outcome: outcome.outcome, failures: outcome.violations,
                    replay: summary.request.command(replay: outcome.replay),
                    schedule: Schedule.trace(outcome.decisions).map(SchedulePoint.init(trace:)),
                    sequence: example?.sequence ?? SequenceChart(),
                    journal: outcome.failed ? (example?.journal ?? []) : []))
            rows.append(
                RaceRecord.Outcome(outcome: outcome.outcome, count: outcome.count, failed: outcome.failed, caseID: id))
        }
        let failed = report.outcomes.filter(\.failed).reduce(0) { $0 + $1.count }
        let summaryLines = [
            summary.status,
            "\(report.schedules) schedules in \(String(format: "%.1f", summary.result.seconds)) s",
            "pruned \(report.redundant + report.deduplicated), \(report.beyondBound) branches beyond the bound",
            "\(report.distinctEndStates) distinct end states",
            "reduction: \(summary.reductionText)",
        ]
        var record = RaceRecord(
            title: "Explore: \(summary.request.lanes.joined(separator: " ∥ "))\(summary.request.platformSuffix)",
            command: summary.request.command(),
            summary: summaryLines, lanes: summary.request.lanes, outcomes: rows, failedCount: failed, cases: cases,
            secrets: summary.result.secrets)
        record.unit = "schedule"
        return record
    }
}
