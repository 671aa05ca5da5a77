import Foundation

/// A regtest on-chain payment.
public struct OnchainPayment: Codable, Sendable, Equatable {
    /// The transaction id (64 hex).
    public var txid: String
    /// The paid address.
    public var address: String
    /// The amount in satoshis.
    public var amountSat: UInt64
    /// The chain (`regtest`).
    public var network: String
    /// The block that confirmed it; nil while in the mempool.
    public var blockHeight: Int?
    /// Tip height − block height + 1, or 0 while unconfirmed.
    public var confirmations: Int
    /// The app that paid.
    public var payer: String
    /// When it was broadcast.
    public var createdAt: Date
}
