/// What an exploration found: how many schedules ran and were pruned, and every distinct outcome
/// with its count and the shortest schedule that reaches it.
public struct ExplorationReport: Sendable, Equatable {
    /// One distinct outcome (a passing and a failing run with the same end are two outcomes).
    public struct Outcome: Sendable, Equatable {
        public var outcome: String
        /// Whether its runs broke an expectation or the audit.
        public var failed: Bool
        /// Explored schedules that ended here.
        public var count: Int
        /// What the shortest of them broke.
        public var violations: [String]
        /// The shortest schedule's decisions.
        public var decisions: [Decision]
        /// The schedule that replays it.
        public var replay: Schedule
        /// Its preemptions.
        public var preemptions: Int
    }

    public var options: ExplorationOptions
    /// Every schedule run, the learning passes included.
    public var schedules: Int
    /// Schedules of the final pass whose outcome was tallied.
    public var counted: Int
    /// Schedules cut short by the reduction: they reached a step that an earlier branch had already
    /// explored in the other order (a sleeping lane), so their end repeats another run's.
    public var redundant: Int
    /// Schedules cut short because they reached a state already explored from the same point.
    public var deduplicated: Int
    /// Alternatives never run because they needed more preemptions than the bound.
    public var beyondBound: Int
    /// Explorations started over because a run showed a step to be shared that earlier runs took
    /// as private (each pass is complete on its own; the last one is reported).
    public var passes: Int
    /// Distinct world digests at the end of the final pass's runs.
    public var distinctEndStates: Int
    /// Most frequent first, then failing first, then by text.
    public var outcomes: [Outcome]
    /// True when every schedule within the bound was explored.
    public var complete: Bool
    /// The limit that stopped the exploration early, e.g. `--max-schedules 100`.
    public var stoppedBy: String?
    /// Every schedule with up to this many deviations from the default was explored (final pass).
    public var deviationsCovered: Int
    /// Schedules still waiting when the exploration stopped.
    public var pending: Int

    /// The outcomes that broke an expectation or the audit.
    public var failures: [Outcome] { outcomes.filter(\.failed) }
}
