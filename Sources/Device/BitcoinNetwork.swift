/// The network a Bitkit build is made for; it fixes the build's shared prefix and private group
/// (spec/02 §1).
public enum BitcoinNetwork: String, Codable, Sendable, CaseIterable {
    case bitcoin, testnet, signet, regtest

    /// The owner prefix this build writes in the shared group.
    public var bitkitSourceApp: String {
        switch self {
        case .bitcoin: return "to.bitkit"
        case .testnet, .signet: return "to.bitkit.tnet"
        case .regtest: return "to.bitkit.dev"
        }
    }

    /// Bitkit's private keychain group on this network.
    public var bitkitPrivateGroup: String {
        self == .bitcoin ? "KYH47R284B.to.bitkit" : "KYH47R284B.to.bitkit.\(rawValue)"
    }

    /// The Paykit profile namespace and client id.
    public var paykitNamespace: String { self == .bitcoin ? "bitkit.to" : "staging.bitkit.to" }
}
