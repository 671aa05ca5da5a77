/// One complete exploration with a fixed idea of which steps are visible: the work still to run,
/// the states seen, and the tally. `Explorer` starts a new pass when the runs show that the idea was
/// too optimistic.
struct ExplorationPass: Sendable {
    /// A schedule to run: the decisions to replay up to its branch, then the default.
    struct Item: Sendable {
        var prefix: Schedule
        /// The lanes asleep at the first decision after the prefix.
        var sleep: Set<SleepEntry>
        /// What the lanes were about to do at the branch (the prefix's last decision), as the run that
        /// spawned this one saw it: a run that sees otherwise is not deterministic.
        var expected: [PendingStep?]?
        /// Deviations from the default schedule: the round it runs in.
        var depth: Int
    }

    /// A state reached at a decision: with how many preemptions left and which lanes asleep.
    struct Visit: Sendable {
        var budget: Int
        var sleep: Set<SleepEntry>
    }

    struct Tally: Sendable {
        var count: Int
        var best: (decisions: [Decision], violations: [String], replay: Schedule, preemptions: Int)
    }

    struct TallyKey: Hashable, Sendable {
        var outcome: String
        var failed: Bool
    }

    let lanes: Int
    let options: ExplorationOptions
    let visibility: Visibility
    private var visits: [String: [Visit]] = [:]
    private var tallies: [TallyKey: Tally] = [:]
    private var endStates: Set<String> = []
    private var counted = 0
    private var redundant = 0
    private var deduplicated = 0
    private var beyondBound = 0

    init(lanes: Int, options: ExplorationOptions, visibility: Visibility) {
        self.lanes = lanes
        self.options = options
        self.visibility = visibility
    }

    /// The policy a run of `item` follows.
    func policy(for item: Item) -> SchedulePolicy {
        SchedulePolicy(forced: item.prefix, visibility: visibility)
    }

    private func isVisible(_ step: PendingStep?, lane: Int) -> Bool {
        step.map { visibility.isVisible($0.footprint, lane: lane) } ?? false
    }

    /// Takes one finished run into the tally and returns the schedules it branches into.
    mutating func commit(_ item: Item, _ run: ScheduleRun) throws -> [Item] {
        try check(item, run)
        endStates.insert(run.endState)
        let bound = options.bound ?? Int.max
        var spawned: [Item] = []
        var last: Int?
        var preemptions = 0
        var sleep: Set<SleepEntry> = []
        var cut: String?
        for (index, decision) in run.decisions.enumerated() {
            let chosen = decision.chosen
            let enabled = decision.enabledLanes
            let running = last.flatMap { decision.enabled[$0] ? $0 : nil }
            let cost: (Int) -> Int = { lane in running != nil && running != lane ? 1 : 0 }
            let branching = enabled.count > 1 && enabled.allSatisfy { isVisible(decision.pending[$0], lane: $0) }
            if index == item.prefix.lanes.count { sleep = item.sleep }
            let fresh = index >= item.prefix.lanes.count
            // A sleeping lane that goes on repeats an order an earlier branch explored: the lanes awake
            // here are still worth a branch, the rest of this run is not.
            let asleep = fresh && cut == nil && sleep.contains(where: { $0.lane == chosen })
            if fresh, cut == nil, branching {
                if !asleep, options.deduplication, let state = decision.state {
                    let key = state + "|" + (last.map(String.init) ?? "-")
                    let budget = bound == Int.max ? Int.max : bound - preemptions
                    if visits[key, default: []].contains(where: { $0.budget >= budget && $0.sleep.isSubset(of: sleep) })
                    {
                        cut = "deduplicated"
                    } else {
                        visits[key, default: []].append(Visit(budget: budget, sleep: sleep))
                    }
                }
                if cut == nil {
                    // The running lane's step goes first (this run); a branch that preempts it keeps it
                    // asleep while the two commute.
                    let first =
                        running == chosen
                        ? decision.pending[chosen].map { SleepEntry(lane: chosen, footprint: $0.footprint) } : nil
                    for lane in enabled where lane != chosen && !sleep.contains(where: { $0.lane == lane }) {
                        guard preemptions + cost(lane) <= bound else {
                            beyondBound += 1
                            continue
                        }
                        var inherited = sleep
                        if options.reduction, let first { inherited.insert(first) }
                        spawned.append(
                            Item(
                                prefix: Schedule(run.decisions.prefix(index).map(\.chosen) + [lane]),
                                sleep: Self.awake(inherited, after: lane, decision),
                                expected: decision.pending, depth: item.depth + 1))
                    }
                }
            }
            if asleep { cut = "redundant" }
            if isVisible(decision.pending[chosen], lane: chosen) {
                preemptions += cost(chosen)
                last = chosen
            }
            if fresh { sleep = Self.awake(sleep, after: chosen, decision) }
        }
        switch cut {
        case "redundant": redundant += 1
        case "deduplicated": deduplicated += 1
        default: tally(run, preemptions: preemptions)
        }
        return spawned
    }

    /// The sleeping lanes still asleep once `lane` took its pending step at `decision`: the lane
    /// itself moves on, and a conflicting step wakes a sleeper.
    static func awake(_ sleep: Set<SleepEntry>, after lane: Int, _ decision: Decision) -> Set<SleepEntry> {
        guard let step = decision.pending[lane] else { return sleep }
        return sleep.filter { $0.lane != lane && !$0.footprint.conflicts(with: step.footprint) }
    }

    private func check(_ item: Item, _ run: ScheduleRun) throws {
        let prefix = item.prefix.lanes
        let taken = run.decisions.prefix(prefix.count).map(\.chosen)
        let mismatch = taken == prefix ? nil : (taken.indices.first { taken[$0] != prefix[$0] } ?? taken.count)
        if let diverged = run.diverged ?? mismatch {
            throw ExplorationError.diverged(
                schedule: item.prefix, decision: diverged, expected: "the schedule's lane",
                found: diverged < run.decisions.count ? "a lane that could not go on" : "fewer decisions")
        }
        if let expected = item.expected, let branch = run.decisions.prefix(prefix.count).last,
            branch.pending != expected
        {
            throw ExplorationError.diverged(
                schedule: item.prefix, decision: prefix.count - 1, expected: Self.describe(expected),
                found: Self.describe(branch.pending))
        }
    }

    static func describe(_ pending: [PendingStep?]) -> String {
        pending.enumerated().map { lane, step in "\(Schedule.name(ofLane: lane)) at \(step?.point ?? "the end")" }
            .joined(separator: ", ")
    }

    private mutating func tally(_ run: ScheduleRun, preemptions: Int) {
        counted += 1
        let key = TallyKey(outcome: run.outcome, failed: !run.violations.isEmpty)
        let replay = Schedule.replaying(run.decisions)
        let candidate = (run.decisions, run.violations, replay, preemptions)
        guard var tally = tallies[key] else {
            tallies[key] = Tally(count: 1, best: candidate)
            return
        }
        tally.count += 1
        let best = tally.best
        if (preemptions, replay.lanes.count) < (best.preemptions, best.replay.lanes.count)
            || ((preemptions, replay.lanes.count) == (best.preemptions, best.replay.lanes.count)
                && replay < best.replay)
        {
            tally.best = candidate
        }
        tallies[key] = tally
    }

    func report(schedules: Int, passes: Int, stoppedBy: String?, covered: Int, pending: Int) -> ExplorationReport {
        let outcomes = tallies.map { key, tally in
            ExplorationReport.Outcome(
                outcome: key.outcome, failed: key.failed, count: tally.count, violations: tally.best.violations,
                decisions: tally.best.decisions, replay: tally.best.replay, preemptions: tally.best.preemptions)
        }
        .sorted { left, right in
            if left.count != right.count { return left.count > right.count }
            if left.failed != right.failed { return left.failed }
            return left.outcome < right.outcome
        }
        return ExplorationReport(
            options: options, schedules: schedules, counted: counted, redundant: redundant,
            deduplicated: deduplicated, beyondBound: beyondBound, passes: passes,
            distinctEndStates: endStates.count, outcomes: outcomes, complete: stoppedBy == nil, stoppedBy: stoppedBy,
            deviationsCovered: covered, pending: pending)
    }
}
