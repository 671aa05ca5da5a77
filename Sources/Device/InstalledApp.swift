import ContractNames

/// An app installed on the simulated device, with the build facts that fix its entitlements and the
/// URL schemes it registers with the OS.
public struct InstalledApp: Codable, Sendable, Equatable {
    public var kind: AppKind
    /// Bitkit only: the network the build was made for.
    public var network: BitcoinNetwork?
    /// False reproduces an App ID without the shared group enabled (errSecMissingEntitlement).
    public var sharedGroupEnabled: Bool
    /// Which build is installed.
    public var build: AppBuild
    /// The URL schemes the build registers (lowercase, in its Info.plist order, then any added at
    /// install time). The OS delivers a link to an app registering its scheme (`URLRouter`).
    public var urlSchemes: [String]
    /// When the app was installed or last update-installed, counted across the device's installs:
    /// when two apps register one scheme, the OS picks the later one (`URLRouter`).
    public var installOrder: Int
    /// The named defects this install carries (`simctl install --defect`), in catalogue order; none
    /// for a shipped build.
    public var defects: [Defect]
    /// Android: the name of the certificate the package is signed with (spec/07 §1.3). Two packages
    /// trust each other when their certificates match; iOS ignores it.
    public var certificate: String
    /// Android Bitkit: the `pubkyauth` activity aliases enabled now (`MainActivityPubkyAuth`,
    /// `MainActivityPubkySignup`, spec/07 §6.7), as the app last set them.
    public var enabledAliases: [String] = []

    /// The certificate every install carries unless told otherwise: Bitkit's debug keystore, so the
    /// catalogue's baseline is trusted both ways (spec/07 §1.3).
    public static let teamCertificate = "bitkit-debug"

    public init(
        kind: AppKind, network: BitcoinNetwork? = nil, sharedGroupEnabled: Bool = true, build: AppBuild = .current,
        extraURLSchemes: [String] = [], installOrder: Int = 0, defects: [Defect] = [],
        certificate: String = InstalledApp.teamCertificate
    ) {
        self.kind = kind
        self.network = kind == .bitkit ? (network ?? .regtest) : nil
        self.sharedGroupEnabled = sharedGroupEnabled
        self.build = build
        var schemes = Self.registeredSchemes(kind, build)
        for scheme in extraURLSchemes.map({ $0.lowercased() }) where !schemes.contains(scheme) {
            schemes.append(scheme)
        }
        urlSchemes = schemes
        self.installOrder = installOrder
        self.defects = Array(Set(defects)).sorted()
        self.certificate = certificate
    }

    /// Whether the install carries `defect`.
    public func has(_ defect: Defect) -> Bool { defects.contains(defect) }

    /// The schemes each real build registers. Ring: `pubkyauth` and the deprecated `pubkyring`
    /// (spec/03 §11). Bitkit: its wallet schemes; the current build no longer registers `pubkyauth`
    /// (spec/02 §14), the build before the shared keychain still did.
    public static func registeredSchemes(_ kind: AppKind, _ build: AppBuild) -> [String] {
        switch (kind, build) {
        case (.ring, _): return ["pubkyauth", "pubkyring"]
        case (.bitkit, .current): return bitkitWalletSchemes
        case (.bitkit, .preSharedKeys): return bitkitWalletSchemes + ["pubkyauth"]
        }
    }

    static let bitkitWalletSchemes = ["bitkit", "bitcoin", "lightning", "lnurl", "lnurlc", "lnurlp", "lnurlw"]

    /// The Android package of this install (spec/07 §1.1): Bitkit's flavour package (the owner
    /// prefix of its network), or `app.pubkyring`.
    public var package: String { ownerPrefix }

    /// The shared-group owner prefix this build writes: `app.pubkyring`, or Bitkit's network prefix.
    public var ownerPrefix: String {
        switch kind {
        case .bitkit: return (network ?? .regtest).bitkitSourceApp
        case .ring: return SharedContract.ringSourceApp
        }
    }

    /// The app's private keychain group (spec/01 §12; on Android the model of its private store).
    public var privateGroup: String {
        switch kind {
        case .bitkit: return (network ?? .regtest).bitkitPrivateGroup
        case .ring: return SharedContract.ringPrivateGroup
        }
    }

    /// The keychain access groups the build declares, private group first (spec/01 §14): a build
    /// from before the shared keychain, or an App ID without the group, has no shared group. The
    /// device's OS decides which of them exist (`PhoneOS.entitlements(of:)`).
    public var entitlements: [String] {
        sharedGroupEnabled && build.sharesKeys ? [privateGroup, SharedContract.accessGroup] : [privateGroup]
    }

    enum CodingKeys: String, CodingKey {
        case kind, network, sharedGroupEnabled, build, urlSchemes, installOrder, defects, certificate, enabledAliases
    }

    /// A shipped build writes no `defects` key, so device files stay as they were.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(network, forKey: .network)
        try container.encode(sharedGroupEnabled, forKey: .sharedGroupEnabled)
        try container.encode(build, forKey: .build)
        try container.encode(urlSchemes, forKey: .urlSchemes)
        try container.encode(installOrder, forKey: .installOrder)
        if !defects.isEmpty { try container.encode(defects, forKey: .defects) }
        if certificate != Self.teamCertificate { try container.encode(certificate, forKey: .certificate) }
        if !enabledAliases.isEmpty { try container.encode(enabledAliases, forKey: .enabledAliases) }
    }

    /// Device files written before builds and schemes were recorded read as current builds with
    /// their default schemes.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(AppKind.self, forKey: .kind)
        network = try container.decodeIfPresent(BitcoinNetwork.self, forKey: .network)
        sharedGroupEnabled = try container.decodeIfPresent(Bool.self, forKey: .sharedGroupEnabled) ?? true
        build = try container.decodeIfPresent(AppBuild.self, forKey: .build) ?? .current
        urlSchemes =
            try container.decodeIfPresent([String].self, forKey: .urlSchemes) ?? Self.registeredSchemes(kind, build)
        installOrder = try container.decodeIfPresent(Int.self, forKey: .installOrder) ?? 0
        defects = try container.decodeIfPresent([Defect].self, forKey: .defects) ?? []
        certificate = try container.decodeIfPresent(String.self, forKey: .certificate) ?? Self.teamCertificate
        enabledAliases = try container.decodeIfPresent([String].self, forKey: .enabledAliases) ?? []
    }
}
