import Dispatch
import Synchronization

/// Systematic exploration of a concurrent program's schedules (DESIGN §6): runs the lanes under
/// every schedule within a preemption bound, depth-first over the tree of decisions, visited in
/// rounds of increasing deviation from the default schedule (CHESS's iterative context bounding), so
/// a run stopped by a limit has covered every schedule with fewer deviations.
///
/// The reduction (on by default):
/// - **invisible steps** — a step whose footprint conflicts with no footprint another lane was ever
///   seen to have is taken at once and never interleaved (it commutes with everything the others
///   do). Footprints are learned from the runs; a run that shows a step to be shared after all
///   starts the exploration over with what it learned (a new pass), so the final pass is complete;
/// - **sleep sets** (Godefroid), applied only to the running lane: when a branch preempts the lane
///   that ran last, that lane's pending step sleeps in the branch until a conflicting step wakes it,
///   because the orders where it goes first were explored by the branch that let it go on. Putting
///   only the running lane to sleep keeps the reduction sound under a preemption bound: the order
///   the sleep set points to never needs more preemptions than the one it skips (sleep sets between
///   two preempting siblings would, so none are used there).
///
/// State deduplication: at a decision whose digest (the world, and what each lane has observed) was
/// met before with at least as many preemptions left and no more lanes asleep, the rest of the run
/// is a repeat.
///
/// The core is pure: `run` executes one schedule (real processes, or a model in a test) and
/// returns its decisions and outcome. Schedules of a round run `options.jobs` at a time; results
/// are committed in schedule order, so the report does not depend on which finished first.
public struct Explorer: Sendable {
    public let lanes: Int
    public let options: ExplorationOptions

    public init(lanes: Int, options: ExplorationOptions) {
        self.lanes = lanes
        self.options = options
    }

    /// Schedules committed between checks of the limits and of what the runs learned.
    static let chunkPerJob = 4

    public func explore(
        run: @Sendable (SchedulePolicy) throws -> ScheduleRun,
        elapsed: () -> Double = { 0 },
        progress: (Int) -> Void = { _ in }
    ) throws -> ExplorationReport {
        var learned = Visibility(lanes: lanes, everything: !options.reduction)
        var total = 0
        var passes = 0
        while true {
            passes += 1
            var pass = ExplorationPass(lanes: lanes, options: options, visibility: learned)
            var queue = [ExplorationPass.Item(prefix: Schedule([]), sleep: [], expected: nil, depth: 0)]
            var restart = false
            var stoppedBy: String?
            var covered = -1
            rounds: while !queue.isEmpty {
                let batch = queue.sorted { $0.prefix < $1.prefix }
                queue = []
                var index = 0
                while index < batch.count {
                    var size = min(options.jobs * Self.chunkPerJob, batch.count - index)
                    if let maximum = options.maxSchedules {
                        size = min(size, maximum - total)
                        if size <= 0 {
                            stoppedBy = "--max-schedules \(maximum)"
                        }
                    }
                    if stoppedBy == nil, let seconds = options.maxSeconds, elapsed() >= seconds {
                        stoppedBy = "--max-seconds \(Self.format(seconds))"
                    }
                    if stoppedBy != nil {
                        queue = Array(batch[index...]) + queue
                        break rounds
                    }
                    let chunk = Array(batch[index..<(index + size)])
                    let results = try Self.runAll(chunk.map { pass.policy(for: $0) }, jobs: options.jobs, run: run)
                    total += chunk.count
                    for (item, result) in zip(chunk, results) {
                        queue += try pass.commit(item, result)
                        learned.learn(result.decisions)
                    }
                    progress(total)
                    index += size
                    if pass.visibility.misses(learned) {
                        restart = true
                        break rounds
                    }
                }
                covered += 1
            }
            if restart { continue }
            return pass.report(
                schedules: total, passes: passes, stoppedBy: stoppedBy, covered: max(covered, 0),
                pending: queue.count)
        }
    }

    /// Runs `policies` `jobs` at a time; results in order. The first error stops the rest.
    static func runAll(
        _ policies: [SchedulePolicy], jobs: Int, run: @Sendable (SchedulePolicy) throws -> ScheduleRun
    ) throws -> [ScheduleRun] {
        let slots = Mutex<[Result<ScheduleRun, any Error>?]>(Array(repeating: nil, count: policies.count))
        let next = Atomic<Int>(0)
        let workers = min(jobs, policies.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < policies.count else { return }
                let failedAlready = slots.withLock { slots in
                    slots.contains { if case .failure = $0 { true } else { false } }
                }
                if failedAlready { return }
                let result = Result { try run(policies[index]) }
                slots.withLock { $0[index] = result }
            }
        }
        let results = slots.withLock { $0 }
        if let failure = results.first(where: { if case .failure = $0 { true } else { false } }), let failure {
            _ = try failure.get()
        }
        return try results.map { try ($0 ?? .failure(ExplorationError.unfinished)).get() }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
