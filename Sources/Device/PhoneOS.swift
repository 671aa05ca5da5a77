import AppSupport
import ContractNames
import Foundation
import IdentitySharing
import Keychain
import WorldFiles

/// Everything the simulated phone's operating system does differently on iOS and on Android
/// (DESIGN §7b; spec/07 §0): how the apps share identities and the rules of that sharing, the
/// keychain's access groups and lock rule, what an install, an uninstall and a launch mean, how a
/// link finds its app, and how the inspectors and the report show what is shared. `IOSPhone`
/// (module IOSPlatform) and `AndroidPhone` (module AndroidPlatform) implement it, each readable
/// alone; `PlatformOS` (module Platforms) chooses one from the world's `Platform` when a world
/// opens. Above this line no code asks which platform it is on: it asks the OS, or reads `policy`.
public protocol PhoneOS: Sendable {
    /// The platform this OS is.
    var platform: Platform { get }
    /// The rules of identity sharing that the apps' behaviour reads.
    var policy: SharingPolicy { get }
    /// The contract's invariants that hold on this platform: what `simctl audit` checks and reports.
    var invariants: [AuditInvariant] { get }

    // MARK: Installs, launches and the keychain

    /// The keychain access groups `install` may use on this device.
    func entitlements(of install: InstalledApp) -> [String]
    /// The app's view of the keychain: `entitlements(of:)` and the platform's lock rule
    /// (`policy.lockGatesReads`). An OS whose groups live elsewhere than the world's folders (an
    /// in-memory phone for tests) gives its own.
    func keychain(for install: InstalledApp, in environment: AppEnvironment, schedules: Bool) -> Keychain
    /// How the OS names and describes an install (`simctl install`, `simctl world show`).
    func facts(of install: InstalledApp) -> InstallFacts
    /// Puts `install` on the device in `state`: in its app's place, or (Android's Bitkit flavours,
    /// spec/07 §1.1) beside the package already there.
    func place(_ install: InstalledApp, on state: inout DeviceState) -> InstallPlacement
    /// What an uninstall of `install` takes besides its sandbox, and the sentence that says so.
    func removal(of install: InstalledApp) -> InstallRemoval
    /// The one line that refuses to start the environment's app now (Android before the first
    /// unlock after a boot, spec/07 §9); nil when it may start.
    func launchRefusal(in environment: AppEnvironment) -> String?

    // MARK: Sharing

    /// The platform's sharing implementation for `install`, every call journalled (`sharing(of:…)`
    /// gives it to the apps).
    func exchange(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any IdentitySharing
    /// Bitkit's shared-record calls one at a time (`bitkit-sim keychain …`).
    func bitkitCalls(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any BitkitNativeCalls
    /// Ring's native calls one at a time (`ring-sim keychain …`).
    func ringCalls(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any RingNativeCalls

    // MARK: Links

    /// Where the OS delivers `link` on a device in `state` (`URLRouter.route`).
    func route(_ link: String, on state: DeviceState) -> URLRouter.Delivery
    /// Sets the activity aliases `install` has enabled (Android, spec/07 §6.7: the OS then routes
    /// the links they claim to it). An OS without aliases ignores the call.
    func enableLinkAliases(_ aliases: [String], of install: InstalledApp, on device: DeviceStore) throws

    // MARK: Inspectors

    /// The names Bitkit's private store keeps its keys under where they differ from the iOS names
    /// (Android: `PUBKY_SECRET_KEY`, `PAYKIT_SESSION`, spec/07 §6.1), by iOS name.
    var bitkitKeyNames: [String: String] { get }
    /// What the device shares now, as the OS sees it (no app, no lock, no journal): the neutral
    /// records of `simctl sharing list`, `expect records`, the audit and the report.
    func sharedRecords(
        in world: World, state: DeviceState, showSecrets: Bool, derive: (String) -> String?
    ) throws -> [SharedRecord]
    /// How the report's table of shared records names its columns on this platform.
    var recordsLayout: SharedRecordsLayout { get }
}

extension PhoneOS {
    /// The app's view of the keychain, scheduling each call.
    public func keychain(for install: InstalledApp, in environment: AppEnvironment) -> Keychain {
        keychain(for: install, in: environment, schedules: true)
    }

    /// The identity-sharing seam of `install`: the one factory both apps get their sharing from. A
    /// build from before the shared keychain has no sharing code, whatever the platform.
    public func sharing(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any IdentitySharing {
        guard install.build.sharesKeys else { return NoSharing(ownSourceApp: install.ownerPrefix, policy: policy) }
        return exchange(of: install, in: environment, keychain: keychain, service: service)
    }

    /// The name Bitkit's private store keeps `key` under on this platform.
    public func storedName(ofBitkitKey key: String) -> String { bitkitKeyNames[key] ?? key }

    /// The keychain of the world's folders with this OS's entitlements and lock rule.
    public func folderKeychain(for install: InstalledApp, in environment: AppEnvironment, schedules: Bool) -> Keychain {
        environment.keychain(
            install: install, entitlements: entitlements(of: install), lockGatesReads: policy.lockGatesReads,
            schedules: schedules)
    }
}

/// How the OS names and describes an install, for the tools' sentences.
public struct InstallFacts: Sendable, Equatable {
    /// The app's name on the device: its bundle id (iOS) or its package (Android).
    public var deviceName: String
    /// The package an install was made as, where it differs per flavour (Android); nil where the
    /// bundle id is the app's whatever the build (iOS).
    public var installedAs: String?
    /// Bitkit where its build's network decides them (iOS): the owner prefix it writes and its
    /// private group; nil otherwise.
    public var ownPrefix: String?
    public var privateGroup: String?
    /// The signing certificate, where the OS checks it (Android, spec/07 §1.3).
    public var certificate: String?
    /// Whether the build lacks the shared keychain group the platform has (iOS).
    public var lacksSharedGroup: Bool

    public init(
        deviceName: String, installedAs: String? = nil, ownPrefix: String? = nil, privateGroup: String? = nil,
        certificate: String? = nil, lacksSharedGroup: Bool = false
    ) {
        self.deviceName = deviceName
        self.installedAs = installedAs
        self.ownPrefix = ownPrefix
        self.privateGroup = privateGroup
        self.certificate = certificate
        self.lacksSharedGroup = lacksSharedGroup
    }
}

/// Where an install landed.
public struct InstallPlacement: Sendable, Equatable {
    /// It replaced an install of the same app (or package): an update-install.
    public var updated: Bool
    /// It sits beside another package of the same app (Android's Bitkit flavours).
    public var beside: Bool

    public init(updated: Bool, beside: Bool) {
        self.updated = updated
        self.beside = beside
    }
}

/// What an uninstall takes besides the app's sandbox.
public struct InstallRemoval: Sendable, Equatable {
    /// The keychain groups that go with the app (Android: its private store; iOS: none, items
    /// outlive the app, spec/01 §7).
    public var groups: [String]
    /// The sentence `simctl uninstall` prints.
    public var sentence: String

    public init(groups: [String], sentence: String) {
        self.groups = groups
        self.sentence = sentence
    }
}
