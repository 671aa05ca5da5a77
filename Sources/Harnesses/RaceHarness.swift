import Audit
import ContractNames
import Foundation
import IdentitySharing
import Keychain
import RunReport
import Scenarios
import SimCLI
import Simulation
import Synchronization
import WorldFiles

/// Runs two step scripts concurrently against fresh copies of a prepared world, with seeded jitter
/// at the apps' checkpoints, then audits each iteration and tallies the outcomes (DESIGN §6).
public struct RaceHarness: Sendable {
    public struct Configuration: Sendable {
        /// Lines run once, in order, to prepare the world every iteration starts from (newline-separated).
        public var setup: String
        /// Where the setup came from: `include` lines resolve relative to it.
        public var setupPath: String = "setup"
        public var laneA: String
        public var laneB: String
        public var iterations: Int
        public var seed: UInt64
        /// The seed of the prepared world (keys, tokens): fixed so a replay starts from the same world.
        public var worldSeed: UInt64 = 0
        /// Extra seeded sleep per scheduling point, in milliseconds (0: decisions alone).
        public var jitter: Double
        /// Commands whose JSON values describe an outcome: `TOOL ARGS… :: PATH`.
        public var outcomes: [String]
        /// Expectations every iteration must meet (scenario `expect` lines); a miss fails the iteration.
        public var invariants: String
        /// Iterations run side by side (default: the number of cores). Outcomes do not depend on it.
        public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        /// Where the iterations' worlds are made (default: `defaultScratch`).
        public var scratchRoot: URL = RaceHarness.defaultScratch
        /// Start a process for every app command instead of sending the commands to long-lived
        /// serving processes (`ToolServer`). Slower; the outcomes are the same.
        public var processPerAction = false
        /// Schedule at every keychain call and network request too, not only at the runs' starts and
        /// the named checkpoints (`SIM_POINTS`). Off by default: it costs the harness about 0.4 of its
        /// rate, and `simctl explore` covers those interleavings systematically.
        public var accessPoints = false
        /// Keep what the HTML report draws: each iteration's sequence diagram and an example iteration
        /// per outcome (`Iteration.sequence`, `Report.examples`). Off unless a report is asked for.
        public var recordSchedules = false

        public init(
            setup: String, laneA: String, laneB: String, iterations: Int, seed: UInt64, jitter: Double,
            outcomes: [String], invariants: String
        ) {
            self.setup = setup
            self.laneA = laneA
            self.laneB = laneB
            self.iterations = iterations
            self.seed = seed
            self.jitter = jitter
            self.outcomes = outcomes
            self.invariants = invariants
        }
    }

    /// What one iteration ended with.
    public struct Iteration: Codable, Sendable {
        public var index: Int
        public var seed: UInt64
        public var outcome: String
        public var failures: [String]
        /// The scheduler's decisions: which lane went on at which point.
        public var schedule: [String]
        public var journal: [String]
        /// The iteration's cross-app events (after the setup), when `recordSchedules` is on. Not part
        /// of the JSON output.
        public var sequence: SequenceChart?

        enum CodingKeys: String, CodingKey { case index, seed, outcome, failures, schedule, journal }
    }

    public struct Report: Codable, Sendable {
        public var iterations: Int
        public var seconds: Double
        /// The part of `seconds` spent in the iterations (without preparing the template world).
        public var iterationSeconds: Double
        /// Distinct outcomes and how often each happened.
        public var outcomes: [Tally]
        /// Failed iterations (audit violations or broken invariants), first ones in full.
        public var failures: [Iteration]
        public var failedCount: Int
        /// How the app commands ran: `serving processes` or `a process per action`.
        public var processes: String
        /// Iterations run side by side.
        public var jobs: Int
        /// With `recordSchedules`: the first iteration of each outcome, in the order outcomes first
        /// appeared. Not part of the JSON output, nor is `secrets`.
        public var examples: [Iteration] = []
        /// The run's secrets (its keys and the prepared world's shared records), for a report to hide.
        public var secrets: [String] = []

        enum CodingKeys: String, CodingKey {
            case iterations, seconds, iterationSeconds, outcomes, failures, failedCount, processes, jobs
        }

        public struct Tally: Codable, Sendable {
            public var outcome: String
            public var count: Int
            public var failed: Bool
        }
    }

    public var configuration: Configuration
    public var runner: ScenarioRunner

    public init(configuration: Configuration, runner: ScenarioRunner = ScenarioRunner()) {
        self.configuration = configuration
        self.runner = runner
    }

    /// `$TMPDIR` when set (the user's choice, and where kept worlds can be found and cleaned), else
    /// `/dev/shm` where it is a writable folder (Linux's memory-backed file system), else the
    /// temporary folder. An iteration's world lives a few milliseconds and never needs a disk:
    /// creating and deleting its files on a disk file system cost a third of the harness's time.
    public static var defaultScratch: URL {
        if let chosen = ProcessEnvironment.chosenTemporaryFolder() { return URL(fileURLWithPath: chosen) }
        let shm = "/dev/shm"
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: shm, isDirectory: &isFolder), isFolder.boolValue,
            access(shm, W_OK | X_OK) == 0
        {
            return URL(fileURLWithPath: shm)
        }
        return FileManager.default.temporaryDirectory
    }

    /// Parses a script given on the command line: `;` or newlines separate lines.
    static func script(_ text: String, name: String) throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(text: text.replacingOccurrences(of: ";", with: "\n"), file: name)
    }

    public func run(progress: @Sendable (Int) -> Void = { _ in }) throws -> Report {
        let started = Date()
        let laneA = try Self.script(configuration.laneA, name: "a")
        let laneB = try Self.script(configuration.laneB, name: "b")
        let invariants = try Self.script(configuration.invariants, name: "invariants")
        // Prepare the template world once; iterations start from copies of it.
        let prepared = try PreparedWorld(
            setup: configuration.setup, setupPath: configuration.setupPath, worldSeed: configuration.worldSeed,
            scratchRoot: configuration.scratchRoot, prefix: "race", runner: runner)
        defer { prepared.remove() }

        // The report draws an iteration's own events, not the setup's.
        var journalStart: UInt64 = 0
        var secrets: [String] = []
        if configuration.recordSchedules {
            journalStart = prepared.journalEnd
            secrets = Self.secrets(symbols: prepared.symbols, world: prepared.template)
        }

        let iterationsStarted = Date()
        let serving =
            configuration.processPerAction || runner.processPerAction
            ? nil : ServingTools(binDirectory: runner.binDirectory)
        defer { serving?.shutdown() }
        let results = try runIterations(
            serving: serving, prepared: prepared, laneA: laneA, laneB: laneB, invariants: invariants,
            journalStart: journalStart, progress: progress)

        // Tallied in iteration order, so the report does not depend on which worker finished first.
        var tallies: [String: (count: Int, failed: Bool)] = [:]
        var order: [String] = []
        var failures: [Iteration] = []
        var examples: [Iteration] = []
        var failedCount = 0
        for iteration in results {
            let failed = !iteration.failures.isEmpty
            // Failed and passing iterations with the same end state are tallied apart.
            let key = (failed ? "FAIL " : "") + iteration.outcome
            if tallies[key] == nil {
                order.append(key)
                if configuration.recordSchedules { examples.append(iteration) }
            }
            tallies[key, default: (0, failed)].count += 1
            if failed {
                failedCount += 1
                if failures.count < 5 { failures.append(iteration) }
            }
        }
        var report = Report(
            iterations: configuration.iterations, seconds: Date().timeIntervalSince(started),
            iterationSeconds: Date().timeIntervalSince(iterationsStarted),
            outcomes: order.map { key in
                let failed = tallies[key]?.failed ?? false
                return Report.Tally(
                    outcome: failed ? String(key.dropFirst(5)) : key, count: tallies[key]?.count ?? 0, failed: failed)
            }
            .sorted { $0.count > $1.count },
            failures: failures, failedCount: failedCount,
            processes: serving == nil ? "a process per action" : "serving processes",
            jobs: max(1, min(configuration.jobs, configuration.iterations)))
        report.examples = examples
        report.secrets = secrets
        return report
    }

    /// The secrets a race's report must hide: its keys, and whatever the prepared world's shared
    /// records hold.
    static func secrets(symbols: Symbols, world: URL) -> [String] {
        var secrets = Set(symbols.keys.values.map(\.secretHex))
        for value in Symbols.constants.values where value.contains(" ") { secrets.insert(value) }
        let shared =
            (try? SharedRecords.read(World(root: world), derive: KeyDerivations.pubky).records) ?? []
        for record in shared {
            if let text = String(validating: record.bytes, as: UTF8.self), text.count >= 32 { secrets.insert(text) }
        }
        return secrets.sorted()
    }

    /// Runs every iteration, `configuration.jobs` at a time. Iterations are independent (each has
    /// its own world copy and scheduler board, and the board alone decides the interleaving), so
    /// running them side by side changes no outcome; it fills the core a lane leaves idle while it
    /// waits for its turn.
    func runIterations(
        serving: ServingTools?, prepared: PreparedWorld, laneA: Scenario, laneB: Scenario, invariants: Scenario,
        journalStart: UInt64 = 0, progress: @Sendable (Int) -> Void
    ) throws -> [Iteration] {
        let count = configuration.iterations
        let jobs = max(1, min(configuration.jobs, count))
        let collected = IterationResults(count: count)
        // Deleting finished worlds is left to a helper queue, off the iterations' path.
        let housekeeping = DispatchQueue(label: "race.housekeeping")
        defer { housekeeping.sync {} }
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            var index = worker
            while index < count, !collected.stopped {
                var world: URL?
                do {
                    world = try prepared.copy(named: "w\(index)")
                    let iteration = try runIteration(
                        serving: serving, index: index, seed: configuration.seed &+ UInt64(index),
                        world: world ?? prepared.template, scratch: prepared.scratch, laneA: laneA, laneB: laneB,
                        invariants: invariants, journalStart: journalStart)
                    progress(collected.store(iteration, at: index))
                } catch {
                    collected.fail(error)
                }
                if let world { housekeeping.async { try? FileManager.default.removeItem(at: world) } }
                index += jobs
            }
        }
        return try collected.all()
    }

    func runIteration(
        serving: ServingTools?, index: Int, seed: UInt64, world: URL, scratch: URL, laneA: Scenario, laneB: Scenario,
        invariants: Scenario, journalStart: UInt64 = 0
    ) throws -> Iteration {
        let board = scratch.appendingPathComponent("schedule-\(index).json", isDirectory: false).path
        try RaceScheduler.prepare(at: board, seed: seed)
        defer { RaceScheduler.remove(at: board) }
        let jitter = configuration.jitter
        let points = configuration.accessPoints ? [:] : ["SIM_POINTS": "checkpoints"]
        var failures = ScheduledLanes(lanes: [laneA, laneB], runner: runner, serving: serving).run(
            world: world, scratch: scratch, board: board
        ) { lane in
            guard jitter > 0 else { return points }
            return points.merging([
                "SIM_JITTER_MS": String(jitter), "SIM_JITTER_SEED": String(seed &* 2 &+ UInt64(lane)),
            ]) {
                _, new in new
            }
        }
        // An interleaving the board did not decide is no outcome of the race: a harness error.
        if let stuck = RaceScheduler.stuck(at: board) {
            throw ScenarioError(
                file: "race", line: 0,
                message: "iteration \(index) (seed \(seed)): \(stuck); the harness could not schedule it")
        }
        let checked = try OutcomeCheck(
            invariants: invariants, outcomes: configuration.outcomes, runner: runner, serving: serving
        ).check(world: world, scratch: scratch)
        failures += checked.failures
        let trace = RaceScheduler.trace(at: board)
        let entries =
            failures.isEmpty && !configuration.recordSchedules
            ? [] : ((try? Journal(world: World(root: world)).read().entries) ?? [])
        let journal = failures.isEmpty ? [] : Self.journalLines(entries.suffix(40))
        var iteration = Iteration(
            index: index, seed: seed, outcome: checked.outcome, failures: failures, schedule: trace, journal: journal)
        if configuration.recordSchedules {
            iteration.sequence = SequenceDiagram.chart(entries.filter { $0.seq > journalStart })
        }
        return iteration
    }

    /// Journal entries as a failure shows them.
    static func journalLines(_ entries: ArraySlice<JournalEntry>) -> [String] {
        entries.map { entry in
            "#\(entry.seq) \(entry.app) \(entry.event) \(entry.op ?? "") \(entry.account ?? "") \(entry.status.map { String($0) } ?? "") \(entry.detail ?? "")"
        }
    }
}

/// The iterations' results from the worker threads, in iteration order; the first error stops the
/// workers.
private final class IterationResults: Sendable {
    private struct Results {
        var iterations: [RaceHarness.Iteration?]
        var finished = 0
        /// The first failure.
        var error: (any Error)?
    }

    private let results: Mutex<Results>

    init(count: Int) { results = Mutex(Results(iterations: Array(repeating: nil, count: count))) }

    var stopped: Bool { results.withLock { $0.error != nil } }

    /// Stores one result and returns how many iterations are finished.
    func store(_ iteration: RaceHarness.Iteration, at index: Int) -> Int {
        results.withLock { results in
            results.iterations[index] = iteration
            results.finished += 1
            return results.finished
        }
    }

    func fail(_ error: any Error) {
        results.withLock { results in
            if results.error == nil { results.error = error }
        }
    }

    func all() throws -> [RaceHarness.Iteration] {
        let (iterations, error) = results.withLock { ($0.iterations.compactMap { $0 }, $0.error) }
        if let error { throw error }
        return iterations
    }
}

/// Collects lane errors from the lane threads.
private final class LaneResults: Sendable {
    private let collected = Mutex<[String]>([])

    var errors: [String] { collected.withLock { $0 } }

    func add(errors new: [String]) { collected.withLock { $0 += new } }
}
