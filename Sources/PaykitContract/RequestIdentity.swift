/// What identifies a payment request: (id, counterparty, receiver path) (spec/05 §1).
public struct RequestIdentity: Hashable, Sendable {
    public var paymentRequestId: String
    public var counterparty: String
    public var counterpartyReceiverPath: String

    public init(paymentRequestId: String, counterparty: String, counterpartyReceiverPath: String) {
        self.paymentRequestId = paymentRequestId
        self.counterparty = counterparty
        self.counterpartyReceiverPath = counterpartyReceiverPath
    }
}
