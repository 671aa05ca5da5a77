/// A race (or, later, an exploration) as its report page shows it: what ran, the outcome table, and
/// the schedules worth looking at.
public struct RaceRecord: Sendable, Equatable {
    /// One row of the outcome table.
    public struct Outcome: Sendable, Equatable {
        public var outcome: String
        public var count: Int
        public var failed: Bool
        /// The id of the `RaceCase` that shows a schedule ending in this outcome, if one is drawn.
        public var caseID: String?

        public init(outcome: String, count: Int, failed: Bool, caseID: String? = nil) {
            self.outcome = outcome
            self.count = count
            self.failed = failed
            self.caseID = caseID
        }
    }

    /// e.g. `Race: ring relaunch ∥ bitkit foreground`.
    public var title: String
    /// The command line that produced it.
    public var command: String
    /// One line per fact of the run (iterations, time, seed, how the apps ran).
    public var summary: [String]
    /// The two lanes' scripts, lane a first: the timeline's lane headers.
    public var lanes: [String]
    public var outcomes: [Outcome]
    /// How many iterations failed in all (more than the cases drawn, possibly).
    public var failedCount: Int
    public var cases: [RaceCase]
    /// Texts that must never reach the page.
    public var secrets: [String]
    /// What ran many times: `iteration` for a race, `schedule` for an exploration.
    public var unit = "iteration"

    public init(
        title: String, command: String, summary: [String], lanes: [String], outcomes: [Outcome], failedCount: Int,
        cases: [RaceCase], secrets: [String] = []
    ) {
        self.title = title
        self.command = command
        self.summary = summary
        self.lanes = lanes
        self.outcomes = outcomes
        self.failedCount = failedCount
        self.cases = cases
        self.secrets = secrets
    }
}
