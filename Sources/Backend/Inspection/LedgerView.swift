/// `simctl backend show ledger`: the regtest tip and every payment.
public struct LedgerView: Codable, Sendable, Equatable {
    public var height: Int
    public var onchain: [OnchainPayment]
    public var lightning: [LightningPayment]
}
