import Audit
import Foundation
import Scenarios
import Simulation
import Synchronization
import WorldFiles

/// The crash-consistency campaign (`simctl crash`, Docs/reliability.md). Each trial picks, from the
/// seed, a catalogue scenario and one of its app steps; runs the scenario up to that step; runs the
/// step once to completion (the reference) and once with the app process SIGKILLed at a crash point
/// drawn among those the step passes (`CrashPlan`: keychain calls, atomic writes, checkpoints,
/// backend requests); relaunches the killed app in both worlds; then checks the crashed world: no torn
/// item or document, no audit violation, no credential lost that the completed step keeps, and no
/// contact half-saved, saved twice or lost; a kill inside a contact import is then retried and must
/// end with the completed step's contacts.
public struct CrashCampaign: Sendable {
    /// One trial given explicitly (a replay): the scenario's `step`-th step (1-based, includes
    /// counted), killed at crash point `at`.
    public struct Replay: Sendable, Equatable {
        public var step: Int
        public var at: Int

        public init(step: Int, at: Int) {
            self.step = step
            self.at = at
        }
    }

    public struct Configuration: Sendable {
        public var files: [String]
        public var trials: Int
        public var seed: UInt64
        /// Trials run side by side; each has its own worlds, so results do not depend on it.
        public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        public var scratchRoot: URL = RaceHarness.defaultScratch
        /// Replays one trial of the single file in `files`.
        public var replay: Replay?
        /// Keep every trial's worlds (before, reference, crashed) and print where.
        public var keepWorlds = false
        /// Relaunch the killed app before checking (the default: the user opens it again). Without,
        /// the check sees the world exactly as the crash left it, non-atomic windows included.
        public var relaunch = true

        public init(files: [String], trials: Int, seed: UInt64) {
            self.files = files
            self.trials = trials
            self.seed = seed
        }
    }

    public var configuration: Configuration
    public var runner: ScenarioRunner

    public init(configuration: Configuration, runner: ScenarioRunner = ScenarioRunner()) {
        self.configuration = configuration
        self.runner = runner
    }

    /// App commands that only inspect (never a step worth crashing).
    static let inspections: Set<String> = ["state", "checkpoints", "--help", "help"]

    /// The indices of a scenario's steps a trial may crash: foreground app actions before any
    /// background step or breakpoint (a step after them may wait on a process the trial never runs).
    static func crashableSteps(_ scenario: Scenario) -> [Int] {
        var indices: [Int] = []
        for (index, step) in scenario.steps.enumerated() {
            guard case .run(let tool, let arguments, let background, _) = step.kind else { continue }
            if background || (tool == .simctl && ["break", "wait-paused"].contains(arguments.first ?? "")) { break }
            if tool.appName != nil, !inspections.contains(arguments.first ?? "") { indices.append(index) }
        }
        return indices
    }

    public func run(progress: @Sendable (Int) -> Void = { _ in }) throws -> CrashReport {
        let started = Date()
        var scenarios: [Scenario] = []
        // A file with an examples table is one scenario per row, each with its values bound.
        for file in configuration.files { scenarios += try ScenarioParser.parse(file: file).runs() }
        let candidates = scenarios.filter { !Self.crashableSteps($0).isEmpty }
        guard !candidates.isEmpty else {
            throw ScenarioError(file: configuration.files.first ?? "", line: 0, message: "no app step to crash")
        }
        let base = configuration.scratchRoot.appendingPathComponent("crash-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        if !configuration.keepWorlds { InterruptCleanup.track(base) }
        defer { if !configuration.keepWorlds { InterruptCleanup.remove(base) } }
        let serving = ServingTools(binDirectory: runner.binDirectory)
        defer { serving.shutdown() }

        let count = configuration.replay == nil ? configuration.trials : 1
        let jobs = max(1, min(configuration.jobs, count))
        let results = TrialResults(count: count)
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            var index = worker
            while index < count {
                let folder = base.appendingPathComponent("t\(index)", isDirectory: true)
                let trial = self.trial(index, candidates: candidates, folder: folder, serving: serving)
                progress(results.store(trial, at: index))
                if !configuration.keepWorlds { try? FileManager.default.removeItem(at: folder) }
                index += jobs
            }
        }
        return CrashReport(
            seed: configuration.seed, trials: results.all(), seconds: Date().timeIntervalSince(started))
    }

    // MARK: One trial

    /// A value of the seeded sequence: trial `index`, draw `draw`.
    func random(_ index: Int, _ draw: Int) -> UInt64 {
        // SplitMix64 of (seed, trial, draw): the same seed draws the same trials on any machine.
        var z = configuration.seed &+ (UInt64(index) &* 64 &+ UInt64(draw) &+ 1) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    func trial(_ index: Int, candidates: [Scenario], folder: URL, serving: ServingTools) -> CrashTrial {
        // A step that passes no crash point (nothing to kill) is drawn again, at most a few times.
        var outcome = CrashTrial(
            index: index, scenario: "", step: "", points: 0, at: 0, point: "", app: "", tornItems: [],
            auditViolations: [], lostCredentials: [], errors: ["no step with a crash point was drawn"], replay: "")
        for attempt in 0..<8 {
            let scenario: Scenario
            let stepIndex: Int
            var at: Int?
            if let replay = configuration.replay {
                scenario = candidates[0]
                stepIndex = replay.step - 1
                at = replay.at
                guard scenario.steps.indices.contains(stepIndex) else {
                    outcome.errors = ["\(scenario.file) has no step \(replay.step)"]
                    return outcome
                }
            } else {
                scenario = candidates[Int(random(index, attempt * 4) % UInt64(candidates.count))]
                let steps = Self.crashableSteps(scenario)
                stepIndex = steps[Int(random(index, attempt * 4 + 1) % UInt64(steps.count))]
            }
            let attemptFolder = folder.appendingPathComponent("a\(attempt)", isDirectory: true)
            do {
                let result = try run(
                    index: index, scenario: scenario, stepIndex: stepIndex, at: at,
                    draw: random(index, attempt * 4 + 2), folder: attemptFolder, serving: serving)
                if let result { return result }
                if let replay = configuration.replay {
                    // A replayed step that writes nothing cannot be crashed: say which step it was.
                    outcome.scenario = scenario.file
                    outcome.step = describe(scenario.steps[stepIndex])
                    outcome.errors = [
                        "step \(replay.step) passes no crash point, so there is nothing to kill; replay a step a campaign trial named"
                    ]
                    return outcome
                }
            } catch {
                outcome.scenario = scenario.file
                outcome.step = describe(scenario.steps[stepIndex])
                outcome.errors = ["\(error)"]
                return outcome
            }
            if configuration.replay != nil { break }
            try? FileManager.default.removeItem(at: attemptFolder)
        }
        return outcome
    }

    /// Runs one trial; nil when the step passes no crash point.
    func run(
        index: Int, scenario: Scenario, stepIndex: Int, at chosen: Int?, draw: UInt64, folder: URL,
        serving: ServingTools
    ) throws -> CrashTrial? {
        let step = scenario.steps[stepIndex]
        let scratch = folder.appendingPathComponent("scratch", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let beforeWorld = folder.appendingPathComponent("before", isDirectory: true)
        var prefix = ScriptRun(
            scenario: scenario, runner: runner, world: beforeWorld, scratch: scratch, environment: nil)
        prefix.automaticFocus = true
        prefix.servingTools = serving
        let created = try prefix.launch(
            .simctl, ["world", "init", "--with-apps", "--seed", String(prefix.seed)], background: false)
        guard created.status == 0 else { throw ScriptRun.StepFailure(expected: "a new world", actual: created.stderr) }
        // Expectations only read the world; the steps before the crashed one are what build it.
        for earlier in scenario.steps[..<stepIndex] {
            if case .expect = earlier.kind { continue }
            do { try prefix.perform(earlier) } catch let failure as ScriptRun.StepFailure {
                throw ScenarioError(
                    file: earlier.file, line: earlier.line,
                    message: "\(earlier.source): expected \(failure.expected), got \(failure.actual)")
            }
        }
        let before = try WorldSnapshot.take(World(root: beforeWorld))
        let beforeBook = ContactBookSnapshot.take(World(root: beforeWorld))
        let since = try Self.lastSequence(beforeWorld)

        // The reference: the step runs to completion, counting the crash points it passes.
        let referenceWorld = folder.appendingPathComponent("reference", isDirectory: true)
        let referenceLog = folder.appendingPathComponent("reference.points", isDirectory: false).path
        try FileManager.default.copyItem(at: beforeWorld, to: referenceWorld)
        var reference = fork(prefix, world: referenceWorld, environment: ["SIM_CRASH_LOG": referenceLog])
        do { try reference.perform(step) } catch let failure as ScriptRun.StepFailure {
            throw ScenarioError(
                file: step.file, line: step.line,
                message: "\(step.source) (not crashed): expected \(failure.expected), got \(failure.actual)")
        }
        let points = Self.lines(referenceLog)
        guard !points.isEmpty else { return nil }
        let at = chosen ?? Int(draw % UInt64(points.count)) + 1

        // The crash: the same step, killed at point `at`.
        let crashedWorld = folder.appendingPathComponent("crashed", isDirectory: true)
        let crashLog = folder.appendingPathComponent("crashed.points", isDirectory: false).path
        try FileManager.default.copyItem(at: beforeWorld, to: crashedWorld)
        var crashed = fork(
            prefix, world: crashedWorld, environment: ["SIM_CRASH_LOG": crashLog, "SIM_CRASH_AT": String(at)])
        // The killed process fails the step; that is the point.
        try? crashed.perform(step)
        let passed = Self.lines(crashLog)
        var trial = CrashTrial(
            index: index, scenario: scenario.file, step: describe(step), points: points.count, at: at, point: "",
            app: "", tornItems: [], auditViolations: [], lostCredentials: [], errors: [],
            replay:
                "simctl crash \(scenario.file) --step \(stepIndex + 1) --at \(at)"
                + (configuration.relaunch ? "" : " --no-relaunch") + (configuration.keepWorlds ? " --keep" : ""))
        guard passed.count >= at, at <= points.count else {
            trial.errors.append(
                "the step passed \(passed.count) crash point(s) this time and \(points.count) when it completed, so point \(at) was never reached"
            )
            return trial
        }
        let killed = passed[at - 1].split(separator: " ", maxSplits: 2).map(String.init)
        trial.app = killed.first ?? ""
        trial.point = killed.count > 2 ? killed[2] : ""
        guard let tool = Tool.allCases.first(where: { $0.appName == trial.app }) else {
            trial.errors.append("the crash log names no app: \(passed[at - 1])")
            return trial
        }

        // The user opens the app again, in both worlds.
        crashed.environment = nil
        reference.environment = nil
        for (label, run) in configuration.relaunch ? [("crashed", crashed), ("reference", reference)] : [] {
            let relaunch = try run.launch(tool, ["relaunch"], background: false)
            if relaunch.status != 0 {
                trial.errors.append(
                    "\(tool.rawValue) relaunch in the \(label) world exited \(relaunch.status): \(relaunch.stderr)")
            }
        }

        let referenceAudit = try Audit(world: World(root: referenceWorld)).run()
        if !referenceAudit.passed {
            trial.errors.append(
                "the completed step already breaks the audit: "
                    + referenceAudit.violations.map(\.message).joined(separator: "; "))
        }
        trial.auditViolations = try Audit(world: World(root: crashedWorld)).run().violations
            .filter { !Self.isTheKilledCall($0, app: trial.app, world: crashedWorld) }
            .map { "\($0.invariant.rawValue): \($0.message)" }
        let completed = try WorldSnapshot.take(World(root: referenceWorld))
        let after = try WorldSnapshot.take(World(root: crashedWorld))
        trial.tornItems = after.torn
        trial.lostCredentials = WorldSnapshot.lost(before: before, reference: completed, crashed: after)
        trial.contactProblems = ContactBookSnapshot.problems(
            before: beforeBook, reference: ContactBookSnapshot.take(World(root: referenceWorld)),
            crashed: ContactBookSnapshot.take(World(root: crashedWorld)))
        if configuration.relaunch {
            // Checked as the crash left it first; then the user retries a killed import.
            let retry = try retryKilledImport(
                &crashed, killed: trial.app, step: step, since: since, referenceWorld: referenceWorld,
                crashedWorld: crashedWorld,
                lastScreen: prefix.lastScreen["bitkit"])
            trial.retried = retry.retried
            trial.contactProblems += retry.problems
        }
        if configuration.keepWorlds { trial.worlds = folder.path }
        return trial
    }

    /// A run killed between a keychain call and the sharing event that journals it never writes the
    /// event: the audit's journal check is exempt for calls after which their run journalled no
    /// sharing event at all (the killed run; the crash is the point of the trial).
    static func isTheKilledCall(_ violation: AuditViolation, app: String, world: URL) -> Bool {
        guard violation.invariant == .sharingEventsMatchCalls, let last = violation.evidence.last,
            let entries = try? Journal(world: World(root: world)).read().entries
        else { return false }
        return !entries.contains { entry in
            guard entry.runID == last.runID, entry.seq > last.seq, case .sharing = entry.kind else { return false }
            return true
        }
    }

    /// A run like `run` (symbols, focus, last screens) against another world.
    func fork(_ run: ScriptRun, world: URL, environment: [String: String]?) -> ScriptRun {
        var copy = ScriptRun(
            scenario: run.scenario, runner: run.runner, world: world, scratch: run.scratch, environment: environment)
        copy.symbols = run.symbols
        copy.automaticFocus = run.automaticFocus
        copy.foreground = run.foreground
        copy.lastScreen = run.lastScreen
        copy.lastAppScreen = run.lastAppScreen
        copy.lastOutput = run.lastOutput
        return copy
    }

    func describe(_ step: Step) -> String { "\(step.file):\(step.line): \(step.source)" }

    /// The lines of a crash-point log (none when it does not exist).
    static func lines(_ path: String) -> [String] {
        guard let bytes = try? BoundedFile.read(path, limit: 16 << 20) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// The trials' results from the worker threads, in trial order.
private final class TrialResults: Sendable {
    private struct Results {
        var trials: [CrashTrial?]
        var finished = 0
    }

    private let results: Mutex<Results>

    init(count: Int) { results = Mutex(Results(trials: Array(repeating: nil, count: count))) }

    /// Stores one result and returns how many trials are finished.
    func store(_ trial: CrashTrial, at index: Int) -> Int {
        results.withLock { results in
            results.trials[index] = trial
            results.finished += 1
            return results.finished
        }
    }

    func all() -> [CrashTrial] { results.withLock { $0.trials.compactMap { $0 } } }
}
