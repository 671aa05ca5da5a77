/// One schedule a race report draws in full: a failing iteration, or an example of an outcome (an
/// explorer's shortest schedule for it fits the same shape).
public struct RaceCase: Sendable, Equatable {
    /// The page anchor, e.g. `iteration-7`.
    public var id: String
    /// e.g. `Iteration 7 (seed 8)`.
    public var heading: String
    public var failed: Bool
    public var outcome: String
    /// Broken invariants and audit violations.
    public var failures: [String]
    /// The command that runs exactly this schedule again.
    public var replay: String?
    public var schedule: [SchedulePoint]
    public var sequence: SequenceChart
    /// The journal's last events, as the text output shows them.
    public var journal: [String]

    public init(
        id: String, heading: String, failed: Bool, outcome: String, failures: [String] = [], replay: String? = nil,
        schedule: [SchedulePoint], sequence: SequenceChart = SequenceChart(), journal: [String] = []
    ) {
        self.id = id
        self.heading = heading
        self.failed = failed
        self.outcome = outcome
        self.failures = failures
        self.replay = replay
        self.schedule = schedule
        self.sequence = sequence
        self.journal = journal
    }
}
