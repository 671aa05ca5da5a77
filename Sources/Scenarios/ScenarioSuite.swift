import Foundation
import Synchronization

/// Runs many scenario files in parallel and reports them in file order.
public struct ScenarioSuite: Sendable {
    public var runner: ScenarioRunner
    public var jobs: Int

    public init(runner: ScenarioRunner, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.runner = runner
        self.jobs = max(1, jobs)
    }

    /// A file that could not be parsed, or a scenario result.
    public enum Outcome: Sendable {
        case malformed(ScenarioError)
        case ran(ScenarioResult)

        public var passed: Bool {
            if case .ran(let result) = self { return result.passed }
            return false
        }
    }

    /// Runs every file; `report` is called for each outcome in file order as soon as it and all
    /// earlier ones are done.
    public func run(files: [String], report: @escaping @Sendable (Int, Outcome) -> Void) -> [Outcome] {
        let results = ResultBox(count: files.count, report: report)
        // One set of serving processes for the whole suite: each start-up is paid once, not per step.
        let serving = runner.processPerAction ? nil : ServingTools(binDirectory: runner.binDirectory)
        defer { serving?.shutdown() }
        var shared = runner
        shared.servingTools = serving
        let runner = shared
        let queue = DispatchQueue(label: "scenario-suite", attributes: .concurrent)
        let slots = DispatchSemaphore(value: jobs)
        let group = DispatchGroup()
        for (index, file) in files.enumerated() {
            slots.wait()
            group.enter()
            queue.async {
                defer {
                    slots.signal()
                    group.leave()
                }
                let outcome: Outcome
                do throws(ScenarioError) { outcome = .ran(runner.run(try ScenarioParser.parse(file: file))) } catch {
                    outcome = .malformed(error)
                }
                results.store(outcome, at: index)
            }
        }
        group.wait()
        return results.all
    }
}

/// Collects outcomes from worker threads and reports them in order.
private final class ResultBox: Sendable {
    private struct Progress {
        var outcomes: [ScenarioSuite.Outcome?]
        var nextToReport = 0
    }

    private let progress: Mutex<Progress>
    private let report: @Sendable (Int, ScenarioSuite.Outcome) -> Void

    init(count: Int, report: @escaping @Sendable (Int, ScenarioSuite.Outcome) -> Void) {
        progress = Mutex(Progress(outcomes: Array(repeating: nil, count: count)))
        self.report = report
    }

    /// Stores an outcome and reports every outcome now ready, in order (under the lock, so two
    /// workers never report out of order).
    func store(_ outcome: ScenarioSuite.Outcome, at index: Int) {
        progress.withLock { progress in
            progress.outcomes[index] = outcome
            while progress.nextToReport < progress.outcomes.count,
                let ready = progress.outcomes[progress.nextToReport]
            {
                report(progress.nextToReport, ready)
                progress.nextToReport += 1
            }
        }
    }

    var all: [ScenarioSuite.Outcome] { progress.withLock { $0.outcomes.compactMap { $0 } } }
}
