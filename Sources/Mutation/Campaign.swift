import Foundation
import Synchronization

/// The campaign: the catalogue once per platform without a mutant (a baseline that also records
/// which scenario files reach which points), then each mutant against only the files that reach
/// it, the likeliest killers first, stopping at the first kill. A point no scenario reaches
/// survives without a run: with every run a function of its seed, it cannot change an outcome.
public struct Campaign: Sendable {
    public struct Platform: Sendable, Equatable {
        public var name: String
        public var files: [String]

        public init(name: String, files: [String]) {
            self.name = name
            self.files = files
        }
    }

    public var mutants: [MutationPoint]
    public var platforms: [Platform]
    public var equivalents: EquivalentMutants
    /// Points whose schema did not compile, with the compiler's message.
    public var didNotBuild: [String: String]
    /// Mutants evaluated at once (each its own processes).
    public var jobs: Int

    public init(
        mutants: [MutationPoint], platforms: [Platform], equivalents: EquivalentMutants = EquivalentMutants(),
        didNotBuild: [String: String] = [:], jobs: Int
    ) {
        self.mutants = mutants
        self.platforms = platforms
        self.equivalents = equivalents
        self.didNotBuild = didNotBuild
        self.jobs = max(1, jobs)
    }

    /// One file's baseline on one platform: whether it passed and what it reached.
    public struct Baseline: Sendable, Equatable {
        public var platform: String
        public var file: String
        public var passed: Bool
        public var seconds: Double
        public var reached: Set<String>
        /// The first failure of a file that fails without any mutant.
        public var failure: String?
        /// Each scenario run's world, kept when a mutant of the closing audit waits to be judged.
        public var worlds: [KeptWorld] = []
    }

    public struct KeptWorld: Sendable, Equatable {
        public var scenario: String
        public var path: String
    }

    public struct Result: Sendable {
        public var outcomes: [String: MutantOutcome]
        /// Files × platforms each mutant's runs covered, and the lab runs made for it.
        public var reachedBy: [String: Int]
        public var runs: [String: Int]
        public var seconds: [String: Double]
        public var baselines: [Baseline]
        public var coverageSeconds: Double
        public var evaluationSeconds: Double
    }

    public func run(lab: MutantLab, progress: @escaping @Sendable (String) -> Void = { _ in }) -> Result {
        let started = Date()
        let baselines = coverage(lab: lab, progress: progress)
        let coverageSeconds = Date().timeIntervalSince(started)
        let evaluation = Date()
        let state = Shared(EvaluationState())
        let pending = mutants.filter { equivalents.reasons[$0.id] == nil && didNotBuild[$0.id] == nil }
        let platforms = self.platforms
        Self.parallel(pending.count, lanes: jobs) { index in
            let mutant = pending[index]
            let begun = Date()
            let plan = state.withLock { $0.plan(for: mutant.id, baselines: baselines, platforms: platforms) }
            var outcome = MutantOutcome.survived(reachedBy: plan.reachedBy)
            var runs = 0
            for step in plan.steps {
                runs += 1
                if mutant.closingAudit {
                    if let killed = Self.audit(mutant, step, baselines: baselines, lab: lab) {
                        outcome = killed
                        break
                    }
                    continue
                }
                let request = LabRequest(
                    files: step.files, platform: step.platform, mutant: mutant.id, failFast: true, trace: false)
                let run = lab.run(request)
                if let killed = MutantOutcome.classify(run, platform: step.platform, files: step.files) {
                    outcome = killed
                    break
                }
            }
            let seconds = Date().timeIntervalSince(begun)
            let done = state.withLock { state -> Int in
                state.record(mutant.id, outcome, reachedBy: plan.reachedBy, runs: runs, seconds: seconds)
                return state.outcomes.count
            }
            progress(Self.progressLine(mutant, outcome, done: done, of: pending.count))
        }
        for baseline in baselines {
            for world in baseline.worlds { try? FileManager.default.removeItem(atPath: world.path) }
        }
        var final = state.withLock { $0 }
        for mutant in mutants {
            if let reason = equivalents.reasons[mutant.id] { final.outcomes[mutant.id] = .equivalent(reason) }
            if let message = didNotBuild[mutant.id] { final.outcomes[mutant.id] = .didNotBuild(message) }
        }
        return Result(
            outcomes: final.outcomes, reachedBy: final.reachedBy, runs: final.runs, seconds: final.seconds,
            baselines: baselines, coverageSeconds: coverageSeconds,
            evaluationSeconds: Date().timeIntervalSince(evaluation))
    }

    static func progressLine(_ mutant: MutationPoint, _ outcome: MutantOutcome, done: Int, of total: Int) -> String {
        let width = String(total).count
        let count = String(repeating: " ", count: max(0, width - String(done).count)) + "\(done)/\(total)"
        switch outcome {
        case .killed(let kill):
            return "\(count) KILLED   \(mutant.id) by \(kill.scenario) (\(kill.platform), \(kill.by))"
        case .survived(let reachedBy):
            return "\(count) SURVIVED \(mutant.id) \(mutant.file):\(mutant.line)"
                + (reachedBy == 0 ? " (no scenario reaches it)" : " (\(reachedBy) run(s) reach it)")
        default: return "\(count) \(outcome.status) \(mutant.id)"
        }
    }

    /// A mutant of the closing audit judged by the mutated audit over the worlds the baseline kept
    /// of `step`'s files: the scenarios' steps cannot differ, only their closing audit can.
    static func audit(
        _ mutant: MutationPoint, _ step: EvaluationState.Plan.Step, baselines: [Baseline], lab: MutantLab
    )
        -> MutantOutcome?
    {
        let worlds = step.files.flatMap { file in
            (baselines.first { $0.platform == step.platform && $0.file == file }?.worlds ?? []).map { (file, $0) }
        }
        guard !worlds.isEmpty,
            let (index, failure) = lab.audit(worlds: worlds.map(\.1.path), platform: step.platform, mutant: mutant.id)
        else { return nil }
        let (file, world) = worlds[index]
        return .killed(
            .init(scenario: world.scenario, file: file, platform: step.platform, by: "audit", failure: failure))
    }

    /// Every file once per platform without a mutant, tracing the points each reaches.
    func coverage(lab: MutantLab, progress: @escaping @Sendable (String) -> Void) -> [Baseline] {
        let work = platforms.flatMap { platform in platform.files.map { (platform.name, $0) } }
        let keep = mutants.contains { $0.closingAudit && equivalents.reasons[$0.id] == nil }
        let results = Shared([Baseline?](repeating: nil, count: work.count))
        progress("baseline: \(work.count) file run(s) without a mutant, tracing the points each reaches…")
        Self.parallel(work.count, lanes: jobs) { index in
            let (platform, file) = work[index]
            let run = lab.run(
                LabRequest(files: [file], platform: platform, mutant: nil, failFast: false, trace: true, keep: keep))
            let failed = run.firstFailure
            let passed =
                failed == nil && run.problem == nil && !run.timedOut
                && run.scenarios.contains { $0.status == .passed }
            let failure =
                passed
                ? nil
                : failed.map { "\($0.name): \($0.failure.map { "\($0.location) \($0.step)" } ?? $0.status.rawValue)" }
                    ?? run.problem ?? (run.timedOut ? "timed out" : "no scenario ran")
            let skippedOnly =
                run.problem == nil && !run.scenarios.isEmpty
                && run.scenarios.allSatisfy { $0.status == .skipped }
            results.withLock {
                $0[index] = Baseline(
                    platform: platform, file: file, passed: passed || skippedOnly, seconds: run.seconds,
                    reached: passed ? run.reached : [], failure: skippedOnly ? nil : failure,
                    worlds: run.scenarios.compactMap { scenario in
                        scenario.world.map { KeptWorld(scenario: scenario.name, path: $0) }
                    })
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Shared by the lanes: the outcomes so far, and how often each file killed (the order of the next plans).
    struct EvaluationState {
        var outcomes: [String: MutantOutcome] = [:]
        var reachedBy: [String: Int] = [:]
        var runs: [String: Int] = [:]
        var seconds: [String: Double] = [:]
        var kills: [String: Int] = [:]

        struct Plan {
            struct Step {
                var platform: String
                var files: [String]
            }
            var steps: [Step]
            var reachedBy: Int
        }

        /// The runs for a mutant: per platform the passing files that reach it, those that killed
        /// most so far first (then the quickest); the platform with the likeliest killer first.
        func plan(for id: String, baselines: [Baseline], platforms: [Platform]) -> Plan {
            var steps: [(score: Int, step: Plan.Step)] = []
            var reachedBy = 0
            for platform in platforms {
                let covering = baselines.filter { $0.platform == platform.name && $0.passed && $0.reached.contains(id) }
                reachedBy += covering.count
                guard !covering.isEmpty else { continue }
                let ordered = covering.sorted { a, b in
                    let (ka, kb) = (kills[a.file, default: 0], kills[b.file, default: 0])
                    if ka != kb { return ka > kb }
                    if a.seconds != b.seconds { return a.seconds < b.seconds }
                    return a.file < b.file
                }
                steps.append(
                    (kills[ordered[0].file, default: 0], Plan.Step(platform: platform.name, files: ordered.map(\.file)))
                )
            }
            let ordered = steps.enumerated().sorted { a, b in
                a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
            }
            return Plan(steps: ordered.map(\.element.step), reachedBy: reachedBy)
        }

        mutating func record(_ id: String, _ outcome: MutantOutcome, reachedBy: Int, runs: Int, seconds: Double) {
            outcomes[id] = outcome
            self.reachedBy[id] = reachedBy
            self.runs[id] = runs
            self.seconds[id] = seconds
            if case .killed(let kill) = outcome { kills[kill.file, default: 0] += 1 }
        }
    }

    /// `count` mutants chosen by `seed`, in catalogue order: the same sources and seed give the same slice.
    public static func sample(_ points: [MutationPoint], count: Int, seed: UInt64) -> [MutationPoint] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        var ids = points.map(\.id).sorted()
        for index in stride(from: ids.count - 1, to: 0, by: -1) {
            ids.swapAt(index, Int(next() % UInt64(index + 1)))
        }
        let chosen = Set(ids.prefix(count))
        return points.filter { chosen.contains($0.id) }
    }

    /// Runs `body` for every index below `count` on `lanes` threads, each lane taking the next index.
    static func parallel(_ count: Int, lanes: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Shared(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(lanes, count))) { _ in
            while let index = next.withLock({ value -> Int? in
                guard value < count else { return nil }
                value += 1
                return value - 1
            }) {
                body(index)
            }
        }
    }
}

/// A value shared by the campaign's lanes, under a lock.
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
