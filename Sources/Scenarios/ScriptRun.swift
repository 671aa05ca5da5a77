import AppSupport
import Audit
import ContractNames
import Foundation
import Simulation
import WorldFiles

/// The state of one script running against a world: a scenario, or one lane of a race. Its jobs
/// live in extensions: the steps (`+Steps`), the focus rule (`+Focus`) and the expectations
/// (`+Expectations`); `ExpectationEvaluator` compares values and `TranscriptText` renders.
package struct ScriptRun {
    package let scenario: Scenario
    package let runner: ScenarioRunner
    package let seed: UInt64
    package let world: URL
    package let scratch: URL
    package var symbols = Symbols()
    package var automaticFocus = true
    package var foreground: String?
    /// The Bitkit package in the foreground, when a step named one (`bitkit --package P …`).
    package var bitkitPackage: String?
    package var lastScreen: [String: [String: Any]] = [:]
    package var lastAppScreen: [String: Any]?
    package var lastOutput: (status: Int32, stdout: String, stderr: String)?
    package var background: [(step: Step, process: RunningTool)] = []
    package var transcript: [String] = []
    /// Outputs of the commands expectations ran since the last step (see `cachedDocument`).
    package var commandOutputs: [[String]: Any] = [:]
    /// Extra environment for the tools (the race harness's jitter).
    package var environment: [String: String]?
    /// App `state` documents already fetched while nothing else runs (a race iteration's checks).
    package var inspections: InspectionCache?
    /// Long-lived app processes that answer the app commands (the race harness's), if any.
    package var servingTools: ServingTools?
    /// What the run report shows, collected step by step (only when a report was asked for).
    package var recorder: RunRecorder?

    package init(scenario: Scenario, runner: ScenarioRunner) {
        self.scenario = scenario.running(on: runner.platform)
        self.runner = runner
        seed = runner.seedOverride ?? scenario.seed
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenario-\(UUID().uuidString)", isDirectory: true)
        world = base.appendingPathComponent("world", isDirectory: true)
        scratch = base.appendingPathComponent("scratch", isDirectory: true)
        if runner.recordReport { recorder = RunRecorder(world: world, platform: runner.platform) }
        bindExample()
    }

    /// A script against an existing world (a race lane).
    package init(scenario: Scenario, runner: ScenarioRunner, world: URL, scratch: URL, environment: [String: String]?) {
        self.scenario = scenario.running(on: runner.platform)
        self.runner = runner
        seed = runner.seedOverride ?? scenario.seed
        self.world = world
        self.scratch = scratch
        self.environment = environment
        automaticFocus = false
        bindExample()
    }

    /// The values of the scenario's examples row, bound before any step runs (whoever runs them).
    private mutating func bindExample() {
        for binding in scenario.example?.bindings ?? [] { symbols.values[binding.name] = binding.value }
    }

    /// `world init …` for the run's fresh world; an iOS world's command line is the one it was
    /// before platforms existed, so iOS transcripts and reports stay as they were.
    package var worldInitArguments: [String] {
        ["world", "init"] + runner.platform.optionWords + ["--with-apps", "--seed", String(seed)]
            + Self.flags(runner.defects)
    }

    package struct StepFailure: Error {
        package var expected: String
        package var actual: String

        package init(expected: String, actual: String) {
            self.expected = expected
            self.actual = actual
        }
    }

    package mutating func execute() -> ScenarioResult {
        let started = Date()
        var name = URL(fileURLWithPath: scenario.file).deletingPathExtension().lastPathComponent
        var title = scenario.title
        if let row = scenario.example {
            name += "[\(row.number)]"
            title += " (\(row.label))"
            transcript.append("  # example \(row.number): \(row.label)")
        }
        var failures: [ScenarioResult.Failure] = []
        var checks: [ScenarioResult.Check] = []
        var stopped = false
        var executed = 0
        let base = world.deletingLastPathComponent()
        if !runner.keepWorld { InterruptCleanup.track(base) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let created = try launch(.simctl, worldInitArguments, background: false)
            guard created.status == 0 else { throw StepFailure(expected: "a new world", actual: created.stderr) }
            reportWorldCreated()
        } catch {
            failures.append(
                ScenarioResult.Failure(
                    location: scenario.file, step: "world init", expected: "a new world", actual: "\(error)"))
            checks.append(.init(location: scenario.file, source: "world init", failure: failures.last))
            stopped = true
        }
        if !stopped {
            for step in scenario.steps {
                executed += 1
                var failure: ScenarioResult.Failure?
                do {
                    try perform(step)
                } catch let error as StepFailure {
                    failure = ScenarioResult.Failure(
                        location: "\(step.file):\(step.line)", step: step.source, expected: error.expected,
                        actual: error.actual)
                } catch {
                    failure = ScenarioResult.Failure(
                        location: "\(step.file):\(step.line)", step: step.source, expected: "the step to run",
                        actual: "\(error)")
                }
                report(step, failure: failure)
                if case .expect = step.kind {
                    checks.append(.init(location: "\(step.file):\(step.line)", source: step.source, failure: failure))
                }
                guard let failure else { continue }
                if case .expect = step.kind {
                } else {
                    checks.append(.init(location: failure.location, source: step.source, failure: failure))
                }
                failures.append(failure)
                // With --keep-going a failed expectation is reported and the run goes on; anything else
                // that fails leaves nothing sound to go on from.
                if case .expect = step.kind, runner.keepGoing { continue }
                stopped = true
                break
            }
        }
        if !stopped {
            do { try waitForBackground() } catch let error as StepFailure {
                failures.append(
                    ScenarioResult.Failure(
                        location: scenario.file, step: "(end of scenario: background steps)", expected: error.expected,
                        actual: error.actual))
                checks.append(.init(location: scenario.file, source: "(background steps)", failure: failures.last))
                stopped = true
            } catch {}
        }
        if !stopped {
            // Every scenario ends with the contract's audit (DESIGN §6).
            do {
                let report = try Audit(world: WorldFiles.World(root: world)).run()
                reportAudit(report)
                checks.append(.init(location: "audit", source: "(audit at the end of the scenario)"))
                if report.passed {
                    transcript.append(
                        "  ✓ audit: \(report.invariants.count) invariants hold over \(report.journalEntries) journal entries"
                    )
                } else {
                    failures.append(
                        ScenarioResult.Failure(
                            location: scenario.file, step: "(audit at the end of the scenario)",
                            expected: "no violation",
                            actual: report.violations.map { "\($0.invariant.rawValue): \($0.message)" }.joined(
                                separator: "; ")))
                    checks[checks.count - 1].failure = failures.last
                }
            } catch {
                failures.append(
                    ScenarioResult.Failure(
                        location: scenario.file, step: "(audit at the end of the scenario)",
                        expected: "a readable world", actual: "\(error)"))
                checks.append(
                    .init(location: "audit", source: "(audit at the end of the scenario)", failure: failures.last))
            }
        }
        if runner.embedSequence, let entries = try? Journal(world: WorldFiles.World(root: world)).read().entries {
            transcript.append("  ```mermaid")
            transcript.append(
                SequenceDiagram.mermaid(entries).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            transcript.append("  ```")
        }
        for (_, process) in background { process.terminate() }
        if failures.count > 1 { transcript.append("  \(failures.count) failures:") }
        for failure in failures {
            transcript.append("  ✗ \(failure.location): \(failure.step)")
            transcript.append("      expected: \(failure.expected)")
            transcript.append("      actual:   \(failure.actual)")
        }
        let keep = runner.keepWorld
        var result = ScenarioResult(
            file: scenario.file, name: name, title: title, passed: failures.isEmpty,
            seconds: Date().timeIntervalSince(started),
            steps: executed, seed: seed, transcript: transcript.joined(separator: "\n"), failure: failures.first,
            keptWorld: keep ? world.path : nil)
        result.tags = scenario.tags
        result.example = scenario.example?.number
        result.failures = failures
        result.checks = checks
        finishReport(&result)
        if !keep { InterruptCleanup.remove(base) }
        return result
    }
}
