import ContractNames

/// The wallet's Bitcoin network is an explicit input of every parser (spec/05 intro).
extension BitcoinNetwork {
    /// True when something detected as `detected` does not mismatch this wallet: equal networks, or a
    /// regtest wallet and a testnet detection, since regtest shares testnet's encodings (spec/05 §5).
    /// A nil detection (network undeterminable) never mismatches.
    public func accepts(detected: BitcoinNetwork?) -> Bool {
        guard let detected else { return true }
        return detected == self || (self == .regtest && detected == .testnet)
    }
}
