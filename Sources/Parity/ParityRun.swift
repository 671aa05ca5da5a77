import ContractNames
import Foundation
import Scenarios

/// Runs scenario files on iOS, then on Android, each run going on after a failed expectation, and
/// compares them run by run (`simctl parity`).
public struct ParityRun: Sendable {
    /// The runner both platforms' suites start from (its binaries, defects, report recording).
    public var runner: ScenarioRunner
    public var jobs: Int

    public init(runner: ScenarioRunner, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.runner = runner
        self.jobs = jobs
    }

    /// What one parity run made: the table, and each platform's suite entries (for the HTML report).
    public struct Outcome: Sendable {
        public var report: ParityReport
        public var ios: [ScenarioSuite.Entry]
        public var android: [ScenarioSuite.Entry]
    }

    /// Runs `files` on both platforms; `progress` hears of each platform's start and end.
    public func run(files: [String], progress: @escaping @Sendable (String) -> Void = { _ in }) -> Outcome {
        var entries: [Platform: [ScenarioSuite.Entry]] = [:]
        for platform in [Platform.ios, .android] {
            var runner = self.runner
            runner.platform = platform
            runner.keepGoing = true
            progress("\(platform.displayName): running \(files.count) file(s)…")
            entries[platform] = ScenarioSuite(runner: runner, jobs: jobs).run(files: files) { _, _ in }
        }
        let ios = entries[.ios] ?? []
        let android = entries[.android] ?? []
        return Outcome(report: Self.compare(files: files, ios: ios, android: android), ios: ios, android: android)
    }

    /// The table of `files` from each platform's suite entries.
    public static func compare(
        files: [String], ios: [ScenarioSuite.Entry], android: [ScenarioSuite.Entry]
    ) -> ParityReport {
        let iosResults = Results(ios)
        let androidResults = Results(android)
        var scenarios: [ScenarioParity] = []
        for file in files {
            let scenario: Scenario
            let runs: [Scenario]
            do throws(ScenarioError) {
                scenario = try ScenarioParser.parse(file: file)
                runs = try scenario.runs()
            } catch {
                scenarios.append(ScenarioParity(malformed: file, message: error.description))
                continue
            }
            for run in runs {
                let example = run.example?.number
                guard let iosResult = iosResults.result(file, example: example),
                    let androidResult = androidResults.result(file, example: example)
                else {
                    scenarios.append(ScenarioParity(malformed: file, message: "a platform's run of it is missing"))
                    continue
                }
                scenarios.append(ScenarioParity(run, ios: iosResult, android: androidResult))
            }
        }
        return ParityReport(scenarios: scenarios)
    }

    /// One platform's results by file and examples row; a skipped file has one result for every row.
    private struct Results {
        var byKey: [String: ScenarioResult] = [:]

        init(_ entries: [ScenarioSuite.Entry]) {
            for entry in entries {
                guard case .ran(let result) = entry.outcome else { continue }
                byKey[Self.key(entry.file, result.skipped ? nil : result.example)] = result
            }
        }

        func result(_ file: String, example: Int?) -> ScenarioResult? {
            byKey[Self.key(file, example)] ?? byKey[Self.key(file, nil)].flatMap { $0.skipped ? $0 : nil }
        }

        static func key(_ file: String, _ example: Int?) -> String { "\(file)#\(example ?? 0)" }
    }
}
