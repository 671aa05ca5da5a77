import ContractNames
import Foundation
import Scenarios

/// `simctl journey export --check`: each exported journey run as `simctl journey run FILE --scenario
/// SCENARIO [--example N]` runs it — in a fresh world prepared by its scenario's setup part — but all
/// in one process, sharing the runner's serving processes, `jobs` at a time.
public struct JourneyExportCheck: Sendable {
    public var runner: ScenarioRunner
    public var platform: Platform

    public init(runner: ScenarioRunner, platform: Platform) {
        self.runner = runner
        self.platform = platform
    }

    /// One journey's result: `report` is nil when it could not run (`problem` says why).
    public struct Checked: Sendable {
        public var file: String
        public var scenario: String
        public var example: Int?
        public var report: JourneyReport?
        public var problem: String?

        public var passed: Bool { report?.passed == true }

        /// `PASS FILE`, or `FAIL FILE (SCENARIO[ROW])` and the report indented, as scripts/journeys prints.
        public var line: String {
            if passed { return "PASS \(file)" }
            let detail = report?.text ?? problem ?? ""
            return "FAIL \(file) (\(scenario)\(example.map { "[\($0)]" } ?? ""))\n"
                + detail.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(
                    separator: "\n")
        }
    }

    /// Runs each of `journeys`; `files` names each as its report and line do (its path in the export).
    public func check(_ journeys: [JourneyExporter.Exported], files: [String], jobs: Int) -> [Checked] {
        InOrderWork.map(count: journeys.count, jobs: jobs) { index in
            let journey = journeys[index]
            var checked = Checked(
                file: files[index], scenario: journey.scenario, example: journey.example, report: nil, problem: nil)
            do {
                let runs = try ScenarioParser.parse(file: journey.scenario).runs(onlyRow: journey.example)
                guard runs.count == 1 else {
                    checked.problem = "\(journey.scenario) has \(runs.count) runs for one journey"
                    return checked
                }
                var journeyRunner = JourneyRunner(
                    runner: runner, platform: platform, world: FileManager.default.temporaryDirectory)
                journeyRunner.scenario = runs[0]
                checked.report = try journeyRunner.run(file: files[index], text: journey.xml)
            } catch {
                checked.problem = "\(error)"
            }
            return checked
        }
    }
}
