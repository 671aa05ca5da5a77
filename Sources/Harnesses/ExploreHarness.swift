import Exploration
import Foundation
import RunReport
import Scenarios
import Simulation
import Synchronization
import WorldFiles

/// `simctl explore`: runs the lanes from the setup world under every schedule within a preemption
/// bound (`Explorer`), each schedule in fresh copies of the prepared world, with the app commands
/// answered by serving processes and every decision taken by the scheduler board from the schedule
/// (DESIGN §6). A run ends with the `--expect` lines, the audit and the outcome, as a race iteration
/// does; a replay runs one schedule again and keeps what a report draws.
public struct ExploreHarness: Sendable {
    public struct Configuration: Sendable {
        /// Lines run once, in order, to prepare the world every schedule starts from.
        public var setup: String
        /// Where the setup came from: `include` lines resolve relative to it.
        public var setupPath = "setup"
        /// The lanes' scripts (`;` or newlines between lines), lane a first; two or three.
        public var lanes: [String]
        /// Commands whose JSON values describe an outcome: `TOOL ARGS… :: PATH`.
        public var outcomes: [String]
        /// Expectations every schedule must meet (scenario `expect` lines, newline-separated).
        public var invariants: String
        public var options: ExplorationOptions
        /// The seed of the prepared world: fixed so a replay starts from the same world.
        public var worldSeed: UInt64 = 0
        /// Where the worlds are made (default: `RaceHarness.defaultScratch`).
        public var scratchRoot: URL = RaceHarness.defaultScratch
        /// Start a process for every app command instead of using serving processes.
        public var processPerAction = false
        /// Replay the shortest schedule of every outcome afterwards, keeping its journal and sequence
        /// diagram (for a report). Failing outcomes are replayed either way, for their journal.
        public var recordExamples = false
        /// A digest of a world's outside world (the backend's tables), counted into distinct end states.
        public var backendDigest: (@Sendable (URL) -> String)?

        public init(setup: String, lanes: [String], outcomes: [String], invariants: String, options: ExplorationOptions)
        {
            self.setup = setup
            self.lanes = lanes
            self.outcomes = outcomes
            self.invariants = invariants
            self.options = options
        }
    }

    /// One schedule run again with what a report shows.
    public struct Replay: Sendable {
        public var schedule: Schedule
        public var decisions: [Decision]
        public var outcome: String
        /// The shared group's accounts at the end, in full.
        public var accounts: [String]
        /// Each `--outcome` value read at the end: the command, the path and the value as JSON text.
        /// Each outcome value as JSON text; nil where the path matched nothing.
        public var values: [(command: String, path: String, value: String?)]
        /// Broken expectations and audit violations.
        public var failures: [String]
        /// The journal's last events.
        public var journal: [String]
        /// The run's cross-app events (after the setup).
        public var sequence: SequenceChart
        /// The first decision the schedule could not be followed at, if any.
        public var diverged: Int?
    }

    public struct Result: Sendable {
        public var report: ExplorationReport
        /// Wall time, preparing the world included.
        public var seconds: Double
        /// The part of `seconds` spent preparing the world.
        public var preparationSeconds: Double
        /// Per outcome of the report (same order): its shortest schedule replayed, when recorded.
        public var examples: [Replay?]
        /// The keys the setup bound (`A`, `W`…) to their pubkys, for emitted scenarios.
        public var symbols: [String: String]
        /// The run's secrets, for a report to hide.
        public var secrets: [String]
        /// Seconds spent in each phase of the schedules, summed over them (`SchedulePhases`).
        public var phases: [String: Double] = [:]
    }

    public var configuration: Configuration
    public var runner: ScenarioRunner

    public init(configuration: Configuration, runner: ScenarioRunner = ScenarioRunner()) {
        self.configuration = configuration
        self.runner = runner
    }

    /// Explores every schedule within the bound.
    public func explore(progress: @Sendable (Int) -> Void = { _ in }) throws -> Result {
        let started = Date()
        let session = try Session(configuration: configuration, runner: runner)
        defer { session.close() }
        return try explore(session, started: started, progress: progress)
    }

    /// Explores with the prepared world and serving processes of `session` (a matrix shares them).
    func explore(_ session: Session, started: Date, progress: @Sendable (Int) -> Void) throws -> Result {
        let prepared = Date().timeIntervalSince(started)
        let explorer = Explorer(lanes: session.lanes.count, options: configuration.options)
        let report = try explorer.explore(
            run: { policy in try session.run(policy).run }, elapsed: { Date().timeIntervalSince(started) },
            progress: progress)
        var examples: [Replay?] = []
        for outcome in report.outcomes {
            guard configuration.recordExamples || outcome.failed else {
                examples.append(nil)
                continue
            }
            examples.append(try session.replay(outcome.replay))
        }
        return Result(
            report: report, seconds: Date().timeIntervalSince(started), preparationSeconds: prepared,
            examples: examples, symbols: session.symbolPubkys, secrets: session.secrets,
            phases: session.phases.seconds)
    }

    /// Runs exactly `schedule` (then the replay default) once; `keepWorld` receives a copy of the
    /// world it ended in (for `simctl journal --canonical`, to compare two replays byte for byte).
    public func replay(_ schedule: Schedule, keepWorld: URL? = nil) throws -> Replay {
        let session = try Session(configuration: configuration, runner: runner)
        defer { session.close() }
        return try session.replay(schedule, keepWorld: keepWorld)
    }

    /// The prepared world, the serving processes and the parsed scripts of one exploration.
    final class Session: Sendable {
        let configuration: Configuration
        let runner: ScenarioRunner
        let lanes: [Scenario]
        let check: OutcomeCheck
        let prepared: PreparedWorld
        let serving: ServingTools?
        /// Whether the prepared world and the serving processes end with this session.
        let owned: Bool
        private let counter = Atomic<Int>(0)
        /// Where the schedules' time went.
        let phases = SchedulePhases()
        private let housekeeping = DispatchQueue(label: "explore.housekeeping")

        convenience init(configuration: Configuration, runner: ScenarioRunner) throws {
            let prepared = try PreparedWorld(
                setup: configuration.setup, setupPath: configuration.setupPath, worldSeed: configuration.worldSeed,
                scratchRoot: configuration.scratchRoot, prefix: "explore", runner: runner)
            let serving =
                configuration.processPerAction || runner.processPerAction
                ? nil : ServingTools(binDirectory: runner.binDirectory)
            do {
                try self.init(
                    configuration: configuration, runner: runner, prepared: prepared, serving: serving, owned: true)
            } catch {
                serving?.shutdown()
                prepared.remove()
                throw error
            }
        }

        /// A session on a world and serving processes made by the caller (`owned`: ended by `close`).
        init(
            configuration: Configuration, runner: ScenarioRunner, prepared: PreparedWorld, serving: ServingTools?,
            owned: Bool
        ) throws {
            guard (2...3).contains(configuration.lanes.count) else {
                throw ScenarioError(file: "explore", line: 0, message: "give two or three lanes (--a, --b, --c)")
            }
            self.configuration = configuration
            self.runner = runner
            self.prepared = prepared
            self.serving = serving
            self.owned = owned
            lanes = try configuration.lanes.enumerated().map { index, text in
                try RaceHarness.script(text, name: Schedule.name(ofLane: index))
            }
            check = OutcomeCheck(
                invariants: try RaceHarness.script(configuration.invariants, name: "invariants"),
                outcomes: configuration.outcomes, runner: runner, serving: serving)
        }

        func close() {
            housekeeping.sync {}
            guard owned else { return }
            serving?.shutdown()
            prepared.remove()
        }

        var symbolPubkys: [String: String] { prepared.symbols.keys.mapValues(\.pubky) }

        var secrets: [String] { RaceHarness.secrets(symbols: prepared.symbols, world: prepared.template) }

        /// Runs one schedule in a fresh copy of the prepared world.
        func run(
            _ policy: SchedulePolicy, keep: Bool = false
        ) throws -> (
            run: ScheduleRun, world: URL, values: OutcomeCheck.Values
        ) {
            let index = counter.wrappingAdd(1, ordering: .relaxed).oldValue
            // Sessions of a matrix share the prepared world's folder: names carry the session too.
            let name = "\(ObjectIdentifier(self).hashValue)-\(index)"
            var clock = phases.start()
            let world = try prepared.copy(named: "s\(name)")
            phases.add(.copy, since: &clock)
            let board = prepared.scratch.appendingPathComponent("board-\(name).json", isDirectory: false).path
            // Deduplication needs each decision's state; a replay (no visibility) does not.
            let plan = RaceScheduler.Plan(
                policy: policy,
                world: configuration.options.deduplication && policy.visibility != nil ? world.path : nil)
            try RaceScheduler.prepare(at: board, lanes: lanes.count, plan: plan)
            defer { RaceScheduler.remove(at: board) }
            var failures = ScheduledLanes(lanes: lanes, runner: runner, serving: serving).run(
                world: world, scratch: prepared.scratch, board: board)
            phases.add(.lanes, since: &clock)
            if let stuck = RaceScheduler.stuck(at: board) {
                throw ScenarioError(
                    file: "explore", line: 0,
                    message: "schedule \(policy.forced): \(stuck); the explorer could not schedule it")
            }
            let decisions = try RaceScheduler.decisions(at: board)
            let checked = try check.checkValues(world: world, scratch: prepared.scratch)
            failures += checked.failures
            phases.add(.checks, since: &clock)
            var endState = WorldDigest.files(of: World(root: world))
            if let backendDigest = configuration.backendDigest { endState += backendDigest(world) }
            phases.add(.endState, since: &clock)
            if !keep { housekeeping.async { try? FileManager.default.removeItem(at: world) } }
            return (
                ScheduleRun(
                    decisions: decisions, outcome: checked.values.text, violations: failures, endState: endState,
                    diverged: RaceScheduler.diverged(at: board)), world, checked.values
            )
        }

        /// Runs `schedule` and keeps its journal and sequence diagram (and a copy of its world at `keepWorld`).
        func replay(_ schedule: Schedule, keepWorld: URL? = nil) throws -> Replay {
            let (run, world, values) = try self.run(SchedulePolicy(forced: schedule), keep: true)
            defer { housekeeping.async { try? FileManager.default.removeItem(at: world) } }
            // A copy, not a move: the scratch folder may be on another file system (/dev/shm).
            if let keepWorld { try FileManager.default.copyItem(at: world, to: keepWorld) }
            let entries = (try? Journal(world: World(root: world)).read().entries) ?? []
            return Replay(
                schedule: schedule, decisions: run.decisions, outcome: run.outcome, accounts: values.accounts,
                values: values.values.map { value in
                    (
                        (["\(value.tool.rawValue)"] + value.arguments).joined(separator: " "), value.path,
                        value.absent ? nil : value.value
                    )
                }, failures: run.violations,
                journal: RaceHarness.journalLines(entries.suffix(40)),
                sequence: SequenceDiagram.chart(entries.filter { $0.seq > prepared.journalEnd }), diverged: run.diverged
            )
        }
    }
}
