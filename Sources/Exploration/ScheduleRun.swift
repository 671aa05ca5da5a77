/// What one run of a schedule ended with, as the explorer needs it.
public struct ScheduleRun: Sendable, Equatable {
    /// Every decision the run took, in order.
    public var decisions: [Decision]
    /// The outcome as reports show it (the shared group's accounts and the requested values).
    public var outcome: String
    /// Broken expectations and audit violations; empty when the run passed.
    public var violations: [String]
    /// A digest of the world at the end (distinct end states are counted with it).
    public var endState: String
    /// The first decision at which the run could not follow its schedule, if any.
    public var diverged: Int?

    public init(decisions: [Decision], outcome: String, violations: [String], endState: String, diverged: Int? = nil) {
        self.decisions = decisions
        self.outcome = outcome
        self.violations = violations
        self.endState = endState
        self.diverged = diverged
    }
}
