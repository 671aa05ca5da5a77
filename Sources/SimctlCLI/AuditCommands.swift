import Audit
import ContractNames
import Foundation
import Scenarios
import SimCLI

/// `simctl audit`: check the world and its journal against the contract's invariants.
enum AuditCommands {
    static let audit = Command(
        "audit", summary: "Check the journal and the world against the contract's invariants; exit 1 on any violation.",
        details: "Invariants: " + listed(AuditInvariant.contract)
            + ". On Android worlds (content providers, spec/07) also: " + listed(AuditInvariant.providers) + ".",
        examples: [
            "simctl audit", "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "simctl audit --json --world \"$PWD\"",
        ]
    ) { args, invocation in
        try args.finish()
        let report = try Audit(world: invocation.world).run()
        var lines: [String] = []
        if report.passed {
            lines.append(
                "Audit passed: \(report.invariants.count) invariants over \(report.journalEntries) journal entries.")
        } else {
            for violation in report.violations {
                lines.append("VIOLATION \(violation.invariant.rawValue): \(violation.message)")
                lines += violation.evidence.map { "    " + JournalCommands.render($0) }
            }
            lines.append("\(report.violations.count) violation(s).")
        }
        let output = CheckedReport(
            report, failed: report.passed ? nil : "The audit found \(report.violations.count) violation(s).")
        try invocation.emit(output, text: lines.joined(separator: "\n"))
        try output.finish()
    }

    /// `name (summary); …` for the help page.
    static func listed(_ invariants: [AuditInvariant]) -> String {
        invariants.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")
    }
}
