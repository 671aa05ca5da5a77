import ContractNames

/// One of the 18 endpoint identifiers Bitkit supports (spec/05 §2.3), `asset-rail-format`.
/// Parsing is exact and case-sensitive.
public enum PaymentEndpointIdentifier: Hashable, Sendable, CaseIterable {
    case bolt11
    case lnurl
    case onchain(BitcoinNetwork, EndpointScript)

    /// All 18, Lightning first, then on-chain network by network.
    public static let allCases: [PaymentEndpointIdentifier] =
        [.bolt11, .lnurl]
        + BitcoinNetwork.allCases.flatMap { network in
            EndpointScript.allCases.map { .onchain(network, $0) }
        }

    private static let byText: [String: PaymentEndpointIdentifier] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The identifier spelled exactly `text`; nil for anything else (case variants included).
    public init?(rawValue text: String) {
        guard let identifier = Self.byText[text] else { return nil }
        self = identifier
    }

    /// The exact identifier string.
    public var rawValue: String {
        switch self {
        case .bolt11: return "btc-lightning-bolt11"
        case .lnurl: return "btc-lightning-lnurl"
        case .onchain(let network, let script): return "btc-\(network.rawValue)-\(script.rawValue)"
        }
    }

    /// The network an on-chain identifier names; nil for Lightning, which is valid on every network.
    public var onchainNetwork: BitcoinNetwork? {
        if case .onchain(let network, _) = self { return network }
        return nil
    }

    /// True when this identifier may be used by a wallet on `network` (early network gating).
    public func isUsable(on network: BitcoinNetwork) -> Bool {
        onchainNetwork.map { $0 == network } ?? true
    }

    /// Position in Bitkit's preference order: bolt11, lnurl, then P2TR, P2WPKH, P2SH, P2PKH.
    public var preferenceRank: Int {
        switch self {
        case .bolt11: return 0
        case .lnurl: return 1
        case .onchain(_, let script): return 2 + (EndpointScript.allCases.firstIndex(of: script) ?? 0)
        }
    }
}

extension PaymentEndpointIdentifier: CustomStringConvertible {
    public var description: String { rawValue }
}
