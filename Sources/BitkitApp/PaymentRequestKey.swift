import PaykitContract

/// What identifies a payment request across synchronisations: (id, counterparty, receiver path) as
/// the record carries them (spec/05 §1). Missing parts read as empty strings, as in `RequestIdentity`.
public struct PaymentRequestKey: Codable, Hashable, Sendable {
    public var id: String
    public var counterparty: String
    public var receiverPath: String

    public init(id: String, counterparty: String, receiverPath: String) {
        self.id = id
        self.counterparty = counterparty
        self.receiverPath = receiverPath
    }

    public init(_ identity: RequestIdentity) {
        self.init(
            id: identity.paymentRequestId, counterparty: identity.counterparty,
            receiverPath: identity.counterpartyReceiverPath)
    }

    /// The contract's identity of the same request.
    public var identity: RequestIdentity {
        RequestIdentity(paymentRequestId: id, counterparty: counterparty, counterpartyReceiverPath: receiverPath)
    }
}
