/// A Bitcoin network: the one a Bitkit build is made for — it fixes the build's shared prefix and
/// private group (spec/02 §1) — and the wallet network every Paykit parser takes (spec/05).
public enum BitcoinNetwork: String, Codable, Sendable, CaseIterable {
    case bitcoin, testnet, signet, regtest

    /// The owner prefix this build writes in the shared group.
    public var bitkitSourceApp: String {
        switch self {
        case .bitcoin: return SharedContract.bitkitSourceApps[0]
        case .testnet, .signet: return SharedContract.bitkitSourceApps[1]
        case .regtest: return SharedContract.bitkitSourceApps[2]
        }
    }

    /// Bitkit's private keychain group on this network.
    public var bitkitPrivateGroup: String {
        self == .bitcoin
            ? SharedContract.bitkitPrivateGroupPrefix : "\(SharedContract.bitkitPrivateGroupPrefix).\(rawValue)"
    }

    /// The Paykit profile namespace and client id.
    public var paykitNamespace: String { self == .bitcoin ? "bitkit.to" : "staging.bitkit.to" }
}
