import Audit
import RunReport

/// The run report's hooks: each hands the recorder what it needs and does nothing without one. The
/// recorder is taken out of `self` while it works, so it can read the run without a copy of
/// everything it collected so far.
extension ScriptRun {
    package mutating func reportWorldCreated() {
        guard var recorder else { return }
        self.recorder = nil
        recorder.recordWorldCreated(
            command: "simctl world init\(runner.platform.optionSuffix) --with-apps --seed \(seed)",
            transcript: transcript)
        self.recorder = recorder
    }

    package mutating func report(_ step: Step, failure: ScenarioResult.Failure?) {
        guard var recorder else { return }
        self.recorder = nil
        recorder.record(step, failure: failure, run: self)
        self.recorder = recorder
    }

    package mutating func reportAudit(_ report: AuditReport) {
        guard recorder != nil else { return }
        let summary =
            report.passed
            ? "\(report.invariants.count) invariants hold over \(report.journalEntries) journal entries."
            : "\(report.violations.count) violation\(report.violations.count == 1 ? "" : "s") over \(report.journalEntries) journal entries."
        recorder?.audit = AuditSummary(
            passed: report.passed, summary: summary,
            violations: report.violations.map { "\($0.invariant.rawValue): \($0.message)" })
    }

    package mutating func finishReport(_ result: inout ScenarioResult) {
        guard var recorder else { return }
        self.recorder = nil
        result.record = recorder.finish(result: result, symbols: symbols)
    }
}
