import ContractNames

/// An app installed on the simulated device, with the build facts that fix its entitlements.
public struct InstalledApp: Codable, Sendable, Equatable {
    public var kind: AppKind
    /// Bitkit only: the network the build was made for.
    public var network: BitcoinNetwork?
    /// False reproduces an App ID without the shared group enabled (errSecMissingEntitlement).
    public var sharedGroupEnabled: Bool

    public init(kind: AppKind, network: BitcoinNetwork? = nil, sharedGroupEnabled: Bool = true) {
        self.kind = kind
        self.network = kind == .bitkit ? (network ?? .regtest) : nil
        self.sharedGroupEnabled = sharedGroupEnabled
    }

    /// The shared-group owner prefix this build writes: `app.pubkyring`, or Bitkit's network prefix.
    public var ownerPrefix: String {
        switch kind {
        case .bitkit: return (network ?? .regtest).bitkitSourceApp
        case .ring: return SharedContract.ringSourceApp
        }
    }

    /// The app's keychain access groups, private group first (spec/01 §14).
    public var entitlements: [String] {
        let privateGroup: String
        switch kind {
        case .bitkit: privateGroup = (network ?? .regtest).bitkitPrivateGroup
        case .ring: privateGroup = SharedContract.ringPrivateGroup
        }
        return sharedGroupEnabled ? [privateGroup, SharedContract.accessGroup] : [privateGroup]
    }
}
