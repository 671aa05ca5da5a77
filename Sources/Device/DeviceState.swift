import ContractNames
import Foundation
import Keychain
import WorldFiles

/// Everything `device.json` holds: data protection, installed apps, connectivity, faults, breakpoints
/// and the world's random sequence. The clock has its own file (`DeviceClock`).
public struct DeviceState: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public var version: Int
    /// The platform both apps run on (spec/07 §0); fixed when the world is created.
    public var platform: Platform
    public var protection: ProtectionState
    /// Installed apps by kind.
    public var apps: [AppKind: InstalledApp]
    /// Android: Bitkit flavour packages installed beside `apps[.bitkit]` (each its own sandbox,
    /// private store and provider, spec/07 §1.1), in install order.
    public var coinstalledBitkits: [InstalledApp]
    /// Apps whose network is cut (`simctl net APP offline`); `all` cuts both.
    public var offlineApps: Set<AppKind>
    public var faults: [FaultRule]
    public var nextFaultID: Int
    /// Named failures forced on an app's SDK or service calls (e.g. `forget-session`).
    public var sdkFaults: [SDKFault]
    /// Android: provider paths that answer null or throw (spec/07 §0).
    public var providerFaults: [ProviderFault]
    /// Android: permissions an app's grant of was revoked.
    public var revokedGrants: [RevokedGrant]
    /// Where app processes stop until `simctl continue`.
    public var breakpoints: [Breakpoint]
    /// Processes currently stopped at a breakpoint.
    public var paused: [PausedProcess]
    /// The world's random seed: every random draw of every process derives from it.
    public var seed: UInt64
    /// Draws made so far, so each process continues the world's random sequence.
    public var randomDraws: UInt64

    /// A freshly booted, unlocked device with nothing installed.
    public init() {
        version = Self.currentVersion
        platform = .default
        protection = .unlocked
        apps = [:]
        coinstalledBitkits = []
        offlineApps = []
        faults = []
        nextFaultID = 1
        sdkFaults = []
        providerFaults = []
        revokedGrants = []
        breakpoints = []
        paused = []
        seed = 0
        randomDraws = 0
    }

    /// Every installed Bitkit package: `apps[.bitkit]` first, then the co-installed flavours.
    public var bitkitInstalls: [InstalledApp] { (apps[.bitkit].map { [$0] } ?? []) + coinstalledBitkits }

    /// Every install, co-installed Bitkit flavours included.
    public var allInstalls: [InstalledApp] { AppKind.allCases.compactMap { apps[$0] } + coinstalledBitkits }

    /// The install `app` acts as: with `package`, that Bitkit package; without, the app's only
    /// install (several Bitkit packages need a name, spec/07 §1.1).
    public func install(of app: AppKind, package: String?) throws(WorldError) -> InstalledApp {
        if let package, app == .bitkit {
            guard let install = bitkitInstalls.first(where: { $0.package == package }) else {
                throw .packageNotInstalled(package)
            }
            return install
        }
        guard let install = apps[app] else { throw .notInstalled(app) }
        if let package, install.package != package { throw .packageNotInstalled(package) }
        if app == .bitkit, !coinstalledBitkits.isEmpty { throw .ambiguousPackage(bitkitInstalls.map(\.package)) }
        return install
    }

    /// Whether `app` can reach the network.
    public func isOnline(_ app: AppKind) -> Bool { !offlineApps.contains(app) }

    enum CodingKeys: String, CodingKey {
        case version, platform, protection, apps, coinstalledBitkits, offlineApps, faults, nextFaultID, sdkFaults,
            providerFaults,
            revokedGrants, breakpoints, paused,
            seed
        case randomDraws
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        platform = try container.decodeIfPresent(Platform.self, forKey: .platform) ?? .default
        protection = try container.decode(ProtectionState.self, forKey: .protection)
        let list = try container.decodeIfPresent([InstalledApp].self, forKey: .apps) ?? []
        apps = Dictionary(list.map { ($0.kind, $0) }, uniquingKeysWith: { _, last in last })
        coinstalledBitkits = try container.decodeIfPresent([InstalledApp].self, forKey: .coinstalledBitkits) ?? []
        offlineApps = Set(try container.decodeIfPresent([AppKind].self, forKey: .offlineApps) ?? [])
        faults = try container.decodeIfPresent([FaultRule].self, forKey: .faults) ?? []
        nextFaultID = try container.decodeIfPresent(Int.self, forKey: .nextFaultID) ?? (faults.map(\.id).max() ?? 0) + 1
        sdkFaults = try container.decodeIfPresent([SDKFault].self, forKey: .sdkFaults) ?? []
        providerFaults = try container.decodeIfPresent([ProviderFault].self, forKey: .providerFaults) ?? []
        revokedGrants = try container.decodeIfPresent([RevokedGrant].self, forKey: .revokedGrants) ?? []
        breakpoints = try container.decodeIfPresent([Breakpoint].self, forKey: .breakpoints) ?? []
        paused = try container.decodeIfPresent([PausedProcess].self, forKey: .paused) ?? []
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed) ?? 0
        randomDraws = try container.decodeIfPresent(UInt64.self, forKey: .randomDraws) ?? 0
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        // A world of the default platform keeps the file it had before platforms existed.
        if !platform.isDefault { try container.encode(platform, forKey: .platform) }
        try container.encode(protection, forKey: .protection)
        // A sorted list keeps the file stable and readable.
        try container.encode(AppKind.allCases.compactMap { apps[$0] }, forKey: .apps)
        if !coinstalledBitkits.isEmpty { try container.encode(coinstalledBitkits, forKey: .coinstalledBitkits) }
        try container.encode(AppKind.allCases.filter { offlineApps.contains($0) }, forKey: .offlineApps)
        try container.encode(faults, forKey: .faults)
        try container.encode(nextFaultID, forKey: .nextFaultID)
        try container.encode(sdkFaults, forKey: .sdkFaults)
        if !providerFaults.isEmpty { try container.encode(providerFaults, forKey: .providerFaults) }
        if !revokedGrants.isEmpty { try container.encode(revokedGrants, forKey: .revokedGrants) }
        try container.encode(breakpoints, forKey: .breakpoints)
        try container.encode(paused, forKey: .paused)
        try container.encode(seed, forKey: .seed)
        try container.encode(randomDraws, forKey: .randomDraws)
    }
}
