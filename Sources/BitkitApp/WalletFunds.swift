/// The wallet's spendable balances (sandbox document `walletFunds`): on-chain and Lightning
/// outbound capacity. The simulator's wallet side is only this; the ledger records the payments.
public struct WalletFunds: Codable, Sendable, Equatable {
    public static let document = "walletFunds"

    public var onchainSats: UInt64
    public var lightningSats: UInt64

    public init(onchainSats: UInt64 = 0, lightningSats: UInt64 = 0) {
        self.onchainSats = onchainSats
        self.lightningSats = lightningSats
    }
}
