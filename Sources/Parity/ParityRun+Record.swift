import ContractNames
import Foundation
import RunReport
import Scenarios

extension ParityRun.Outcome {
    /// The parity page's record, and each platform's report entries (runs made with `recordReport`).
    public func reportRecord() -> (record: ParityRecord, ios: [ScenarioReportEntry], android: [ScenarioReportEntry]) {
        let iosEntries = ios.map(\.reportEntry)
        let androidEntries = android.map(\.reportEntry)
        let iosRuns = Runs(iosEntries, folder: "ios")
        let androidRuns = Runs(androidEntries, folder: "android")
        var secrets: [String] = []
        var folders: [String] = []
        for case .ran(let run) in iosEntries + androidEntries {
            secrets += run.secrets
            if let folder = run.runFolder { folders.append(folder) }
        }
        let scenarios = report.scenarios.map { scenario in
            let runs = (ios: iosRuns.run(scenario.name), android: androidRuns.run(scenario.name))
            let differences = scenario.entries.filter { $0.verdict != .same }.map { entry in
                ParityRecord.Difference(
                    location: ParityReport.place(entry, in: scenario), source: entry.source,
                    runsOn: entry.runsOn, verdict: entry.verdict.rawValue, problem: entry.verdict.isProblem,
                    why: entry.explanation,
                    ios: Self.side(entry, on: .ios, run: runs.ios),
                    android: Self.side(entry, on: .android, run: runs.android))
            }
            return ParityRecord.Scenario(
                name: scenario.name, title: scenario.title, verdict: scenario.verdict.rawValue,
                problem: scenario.verdict.isProblem,
                counts: scenario.countsText,
                ios: Self.outcome(scenario.ios, link: runs.ios?.page),
                android: Self.outcome(scenario.android, link: runs.android?.page), differences: differences)
        }
        let record = ParityRecord(
            summary: report.summary, hasProblems: report.hasProblems, scenarios: scenarios, secrets: secrets,
            runFolders: folders)
        return (record, iosEntries, androidEntries)
    }

    /// One platform's recorded runs by name, with their pages' links.
    private struct Runs {
        var byName: [String: (record: ScenarioRecord, page: String)] = [:]

        init(_ entries: [ScenarioReportEntry], folder: String) {
            for (entry, page) in zip(entries, ReportFolder.pageNames(entries)) {
                guard case .ran(let record) = entry, let page else { continue }
                byName[record.name] = (record, "\(folder)/\(page)")
            }
        }

        func run(_ name: String) -> (record: ScenarioRecord, page: String)? { byName[name] }
    }

    static func outcome(_ result: PlatformResult, link: String?) -> ParityRecord.Outcome {
        ParityRecord.Outcome(status: result.status.rawValue, mark: result.mark, detail: result.detail, link: link)
    }

    /// A platform's result at a row, with the step whose phones show it: the step the expectation was
    /// checked after; for a line this platform does not have (or did not reach), the last step before it.
    static func side(
        _ entry: ParityEntry, on platform: Platform, run: (record: ScenarioRecord, page: String)?
    ) -> ParityRecord.Side {
        let result = entry.result(on: platform)
        guard let run else { return ParityRecord.Side(outcome: outcome(result, link: nil)) }
        let steps = run.record.steps
        var step = steps.first { $0.expectations.contains { $0.location == entry.location } }
        if step == nil, entry.location == "audit" { step = steps.last }
        if step == nil, let line = entry.line {
            // A step's own location is `file:line` of its command, its folder as the runner showed it.
            func at(_ step: StepRecord, _ holds: (Int) -> Bool) -> Bool {
                guard let location = step.location, let number = ParityEntry.line(of: location) else { return false }
                return ParityEntry.fileName(of: location) == ParityEntry.fileName(of: entry.location) && holds(number)
            }
            step = steps.first { at($0) { $0 == line } } ?? steps.last { at($0) { $0 < line } }
        }
        let link = step.map { "\(run.page)#step-\($0.number)" } ?? run.page
        return ParityRecord.Side(outcome: outcome(result, link: link), step: step)
    }
}
