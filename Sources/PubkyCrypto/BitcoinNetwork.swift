/// The Bitcoin networks a wallet can run on (spec/05 §2.3).
public enum BitcoinNetwork: String, Sendable, CaseIterable {
  case bitcoin, testnet, signet, regtest
}
