import Foundation

/// A request the user paid or rejected: it never becomes pending again, whatever later
/// synchronisations read.
public struct HandledPaymentRequest: Codable, Sendable, Equatable {
    public enum Outcome: String, Codable, Sendable { case paid, rejected }

    public var key: PaymentRequestKey
    public var outcome: Outcome
    public var sats: UInt64
    /// How it was paid; nil when rejected.
    public var method: PaymentConfirmation.Method?
    /// The address, invoice or LNURL paid; nil when rejected.
    public var destination: String?
    /// The on-chain transaction id.
    public var txid: String?
    /// The Lightning payment hash (64 hex).
    public var paymentHash: String?
    public var at: Date

    public init(
        key: PaymentRequestKey, outcome: Outcome, sats: UInt64, method: PaymentConfirmation.Method? = nil,
        destination: String? = nil, txid: String? = nil, paymentHash: String? = nil, at: Date
    ) {
        self.key = key
        self.outcome = outcome
        self.sats = sats
        self.method = method
        self.destination = destination
        self.txid = txid
        self.paymentHash = paymentHash
        self.at = at
    }
}
