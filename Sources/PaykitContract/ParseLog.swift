/// The gate's diagnostic log (spec/05 §2): each logged failure once per distinct
/// (request, reason, counterparty) across synchronisations, and nothing but the code and the
/// redacted counterparty.
public struct ParseLog: Sendable {
    private struct Entry: Hashable {
        var request: RequestIdentity
        var reason: RejectionReason
    }

    private var logged = Set<Entry>()
    /// Lines written so far, oldest first.
    public private(set) var lines: [String] = []

    public init() {}

    /// Records a gate failure for `record`; returns the line when one was written now.
    @discardableResult
    public mutating func note(_ reason: RejectionReason, for record: PaymentRequestRecord) -> String? {
        guard reason.isLogged,
            logged.insert(Entry(request: record.identity, reason: reason)).inserted
        else { return nil }
        let line = Self.line(for: reason, counterparty: record.counterparty)
        lines.append(line)
        return line
    }

    /// The exact line for a failure: `category=parse reason=<code> counterparty=<redacted>`.
    public static func line(for reason: RejectionReason, counterparty: String?) -> String {
        "category=parse reason=\(reason.rawValue) counterparty=\(CounterpartyRedaction.redact(counterparty))"
    }
}
