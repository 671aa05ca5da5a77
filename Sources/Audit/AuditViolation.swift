import ContractNames
import Simulation

/// One broken invariant, with the journal lines that show it.
public struct AuditViolation: Codable, Sendable, Equatable {
    public var invariant: AuditInvariant
    public var message: String
    public var evidence: [JournalEntry]

    public init(_ invariant: AuditInvariant, _ message: String, evidence: [JournalEntry] = []) {
        self.invariant = invariant
        self.message = message
        self.evidence = evidence
    }
}

/// The audit's result.
public struct AuditReport: Codable, Sendable, Equatable {
    public var passed: Bool { violations.isEmpty }
    public var journalEntries: Int
    public var invariants: [AuditInvariant]
    public var violations: [AuditViolation]
}
