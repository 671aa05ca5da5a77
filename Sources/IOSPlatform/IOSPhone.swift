import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import WorldFiles

/// The iOS phone (spec/01): the apps share identities through one keychain access group,
/// `KYH47R284B.pubky.shared`, each writing only records under its owner prefix; data protection
/// gates reads while the device is locked; keychain items outlive an uninstall; a link goes to the
/// app that registers its scheme, the latest install when several do.
public struct IOSPhone: PhoneOS {
    public init() {}

    public var platform: Platform { .ios }
    public var policy: SharingPolicy { .iOS }
    public var invariants: [AuditInvariant] { AuditInvariant.contract }

    // MARK: Installs, launches and the keychain

    /// The groups the build declares: its private group, and the shared one when its App ID has it.
    public func entitlements(of install: InstalledApp) -> [String] { install.entitlements }

    public func keychain(for install: InstalledApp, in environment: AppEnvironment, schedules: Bool) -> Keychain {
        folderKeychain(for: install, in: environment, schedules: schedules)
    }

    /// Every flavour of Bitkit is bundle id `to.bitkit`: its network decides the prefix it writes
    /// and its private group (spec/02 §1).
    public func facts(of install: InstalledApp) -> InstallFacts {
        InstallFacts(
            deviceName: install.kind.bundleID, ownPrefix: install.network?.bitkitSourceApp,
            privateGroup: install.network?.bitkitPrivateGroup, lacksSharedGroup: !install.sharedGroupEnabled)
    }

    /// One app per bundle id: another build (another network's too) update-installs over it.
    public func place(_ install: InstalledApp, on state: inout DeviceState) -> InstallPlacement {
        let previous = state.apps.updateValue(install, forKey: install.kind)
        return InstallPlacement(updated: previous != nil, beside: false)
    }

    /// Keychain items outlive the app (spec/01 §7): only its sandbox goes.
    public func removal(of install: InstalledApp) -> InstallRemoval {
        InstallRemoval(
            groups: [],
            sentence:
                "Uninstalled \(install.kind.displayName): its sandbox is gone; its keychain items (private and shared) remain."
        )
    }

    /// An iOS app starts whatever the lock state; its protected items wait for an unlock instead.
    public func launchRefusal(in environment: AppEnvironment) -> String? { nil }

    // MARK: Sharing

    public func exchange(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any IdentitySharing {
        switch install.kind {
        case .bitkit: return environment.bitkitExchange(install: install, keychain: keychain, service: service)
        case .ring: return environment.ringExchange(keychain: keychain, service: service, defects: Set(install.defects))
        }
    }

    /// The keychain answers the calls even for a build that never makes them itself.
    public func bitkitCalls(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any BitkitNativeCalls {
        BitkitKeychainCalls(
            exchange: environment.bitkitExchange(install: install, keychain: keychain, service: service),
            environment: environment)
    }

    public func ringCalls(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any RingNativeCalls {
        RingKeychainCalls(
            exchange: environment.ringExchange(keychain: keychain, service: service), environment: environment)
    }

    // MARK: Links

    /// By scheme only; when several apps register it, the latest install receives the link.
    public func route(_ link: String, on state: DeviceState) -> URLRouter.Delivery {
        URLRouter.route(link, on: state, claims: { _ in false }, asks: false)
    }

    /// iOS has no activity aliases: a link reaches an app by the schemes its build registers.
    public func enableLinkAliases(_ aliases: [String], of install: InstalledApp, on device: DeviceStore) throws {}

    // MARK: Inspectors

    /// Bitkit's private keychain uses the iOS names.
    public var bitkitKeyNames: [String: String] { [:] }

    /// The shared group's items, in enumeration order.
    public func sharedRecords(
        in world: World, state: DeviceState, showSecrets: Bool, derive: (String) -> String?
    ) throws -> [SharedRecord] {
        try KeychainGroupRecords.read(world.sharedGroup, showSecrets: showSecrets, derive: derive)
    }

    public var recordsLayout: SharedRecordsLayout {
        SharedRecordsLayout(
            place: "Shared keychain group", recordHeading: "Account", ownerHeading: "Owner prefix",
            detailHeading: "Accessibility", detailKey: "accessibility", empty: "The group holds no record.")
    }
}
