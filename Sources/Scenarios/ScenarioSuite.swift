import Foundation
import RunReport
import Synchronization

/// Runs many scenario files in parallel and reports them in file order: each file once, or once per
/// row of its examples table; only the scenarios with a wanted tag when tags are given.
public struct ScenarioSuite: Sendable {
    public var runner: ScenarioRunner
    public var jobs: Int
    /// Run only scenarios with at least one of these `tags:` (empty: every scenario). A file that
    /// cannot be parsed is always reported: its tags are unknown.
    public var tags: [String] = []
    /// Run only this row (1-based) of each examples table.
    public var exampleRow: Int?
    /// Start no scenario after one has failed (`--fail-fast`): those not started are left out of
    /// the entries. With one job the run stops right at the first failure.
    public var stopAtFirstFailure = false

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

        /// Whether the scenario did not run on the run's platform (neither passed nor failed).
        public var skipped: Bool {
            if case .ran(let result) = self { return result.skipped }
            return false
        }
    }

    /// One run of the suite and the file it came from.
    public struct Entry: Sendable {
        public var file: String
        public var outcome: Outcome

        public init(file: String, outcome: Outcome) {
            self.file = file
            self.outcome = outcome
        }
    }

    /// What the suite will run: the parsed files expanded into runs (examples rows), filtered by tag.
    package enum Unit: Sendable {
        case malformed(file: String, ScenarioError)
        case scenario(Scenario)

        package var file: String {
            switch self {
            case .malformed(let file, _): return file
            case .scenario(let scenario): return scenario.file
            }
        }
    }

    package func units(_ files: [String]) -> [Unit] {
        var units: [Unit] = []
        for file in files {
            do throws(ScenarioError) {
                let scenario = try ScenarioParser.parse(file: file)
                guard tags.isEmpty || scenario.tags.contains(where: tags.contains) else { continue }
                // Skipped once for the whole file, not once per examples row.
                if scenario.skipReason(on: runner.platform) != nil {
                    units.append(.scenario(scenario))
                    continue
                }
                units += try scenario.runs(onlyRow: exampleRow).map(Unit.scenario)
            } catch {
                units.append(.malformed(file: file, error))
            }
        }
        return units
    }

    /// Runs every file; `report` is called for each entry in order as soon as it and all earlier
    /// ones are done.
    public func run(files: [String], report: @escaping @Sendable (Int, Entry) -> Void) -> [Entry] {
        let units = units(files)
        let results = ResultBox(count: units.count, report: report)
        // One set of serving processes for the whole suite: each start-up is paid once, not per step.
        let platform = runner.platform
        let running = units.contains {
            if case .scenario(let scenario) = $0 { return scenario.skipReason(on: platform) == nil }
            return false
        }
        let serving = runner.processPerAction || !running ? nil : ServingTools(binDirectory: runner.binDirectory)
        defer { serving?.shutdown() }
        var shared = runner
        shared.servingTools = serving
        let runner = shared
        let queue = DispatchQueue(label: "scenario-suite", attributes: .concurrent)
        let slots = DispatchSemaphore(value: jobs)
        let group = DispatchGroup()
        let stopAtFirstFailure = self.stopAtFirstFailure
        for (index, unit) in units.enumerated() {
            slots.wait()
            if stopAtFirstFailure, results.anyFailed {
                results.leaveOut(index)
                slots.signal()
                continue
            }
            group.enter()
            queue.async {
                defer {
                    slots.signal()
                    group.leave()
                }
                let outcome: Outcome
                switch unit {
                case .malformed(_, let error): outcome = .malformed(error)
                case .scenario(let scenario): outcome = .ran(runner.run(scenario))
                }
                results.store(Entry(file: unit.file, outcome: outcome), at: index)
            }
        }
        group.wait()
        return results.all
    }
}

/// Collects entries from worker threads and reports them in order.
private final class ResultBox: Sendable {
    private struct State {
        package var entries: [ScenarioSuite.Entry?]
        package var nextToReport = 0
        /// Units never started (`stopAtFirstFailure`): reporting steps over them.
        package var leftOut: Set<Int> = []
        package var anyFailed = false
    }
    private let state: Mutex<State>
    private let report: @Sendable (Int, ScenarioSuite.Entry) -> Void

    package init(count: Int, report: @escaping @Sendable (Int, ScenarioSuite.Entry) -> Void) {
        state = Mutex(State(entries: Array(repeating: nil, count: count)))
        self.report = report
    }

    package func store(_ entry: ScenarioSuite.Entry, at index: Int) {
        // Reported under the lock, so entries come out in order and one at a time.
        state.withLock { state in
            state.entries[index] = entry
            if !entry.outcome.passed, !entry.outcome.skipped { state.anyFailed = true }
            flush(&state)
        }
    }

    /// Marks a unit that will never run.
    package func leaveOut(_ index: Int) {
        state.withLock { state in
            state.leftOut.insert(index)
            flush(&state)
        }
    }

    package var anyFailed: Bool { state.withLock { $0.anyFailed } }

    private func flush(_ state: inout State) {
        while state.nextToReport < state.entries.count {
            if state.leftOut.contains(state.nextToReport) {
                state.nextToReport += 1
                continue
            }
            guard let ready = state.entries[state.nextToReport] else { return }
            report(state.nextToReport, ready)
            state.nextToReport += 1
        }
    }

    package var all: [ScenarioSuite.Entry] { state.withLock { $0.entries.compactMap { $0 } } }
}

extension ScenarioSuite.Entry {
    /// The entry as the HTML report lists it (a run made with `recordReport`).
    public var reportEntry: ScenarioReportEntry {
        switch outcome {
        case .ran(let result):
            if let reason = result.skipReason {
                return .skipped(name: result.name, title: result.title, tags: result.tags, reason: reason)
            }
            return result.record.map { .ran($0) }
                ?? .malformed(file: file, message: "the run recorded nothing for the report")
        case .malformed(let error): return .malformed(file: file, message: error.description)
        }
    }
}
