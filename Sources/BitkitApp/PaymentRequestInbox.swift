import PaykitContract

/// Bitkit's persisted payment-request store (sandbox document `paymentRequests`): pending requests in
/// arrival order, handled ones, the parse failures already logged, and what the payability stage
/// must remember (attempted invoices, used addresses).
public struct PaymentRequestInbox: Codable, Sendable, Equatable {
    /// The sandbox document name.
    public static let document = "paymentRequests"

    public var pending: [PendingPaymentRequest]
    public var handled: [HandledPaymentRequest]
    public var logged: [LoggedParseFailure]
    /// Payment hashes (hex) of invoices already attempted.
    public var attemptedPaymentHashes: [String]
    /// Addresses already paid, in `BitcoinAddress.canonicalText` form.
    public var usedAddresses: [String]

    public init() {
        pending = []
        handled = []
        logged = []
        attemptedPaymentHashes = []
        usedAddresses = []
    }

    /// The pending request with `key`, if any.
    public func pendingRequest(_ key: PaymentRequestKey) -> PendingPaymentRequest? {
        pending.first { $0.key == key }
    }

    /// The parse log with every failure logged so far, so a repeated failure writes nothing.
    public func parseLog() -> ParseLog {
        var log = ParseLog()
        for entry in logged {
            guard let reason = RejectionReason(rawValue: entry.reason) else { continue }
            let stub = PaymentRequestRecord(
                localRole: nil, state: nil, terms: nil, paymentRequestId: entry.key.id,
                counterparty: entry.key.counterparty, counterpartyReceiverPath: entry.key.receiverPath)
            log.note(reason, for: stub)
        }
        return log
    }
}
