import Foundation

/// A Lightning payment.
public struct LightningPayment: Codable, Sendable, Equatable {
    /// The payment hash (64 hex).
    public var paymentHash: String
    /// The paid invoice.
    public var invoice: String
    /// The amount in millisatoshis.
    public var amountMsat: UInt64
    /// The preimage the payee revealed (64 hex).
    public var preimage: String
    /// The app that paid.
    public var payer: String
    /// When it was paid.
    public var createdAt: Date
}
