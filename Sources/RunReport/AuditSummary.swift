/// The contract's audit at the end of a run.
public struct AuditSummary: Sendable, Equatable {
    public var passed: Bool
    /// One sentence: how many invariants over how many journal entries, or why it could not run.
    public var summary: String
    /// One line per violation.
    public var violations: [String]

    public init(passed: Bool, summary: String, violations: [String] = []) {
        self.passed = passed
        self.summary = summary
        self.violations = violations
    }
}
