import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import PubkyCrypto
import WorldFiles

/// The Android phone (spec/07): there is no shared keychain group; each app shares through its own
/// exported, read-only content provider, which the package manager lets only same-signed callers
/// reach. Each Bitkit flavour is its own package; an uninstall removes everything; the lock gates
/// nothing, but no app starts before the first unlock after a boot; Bitkit claims `pubkyauth` links
/// through activity aliases it switches, and the system chooser asks when two apps can open a link.
public struct AndroidPhone: PhoneOS {
    public init() {}

    public var platform: Platform { .android }
    public var policy: SharingPolicy { .android }
    public var invariants: [AuditInvariant] { AuditInvariant.contract + AuditInvariant.providers }

    // MARK: Installs, launches and the keychain

    /// Only the app's private store (its DataStore `keychain`, modelled as a keychain group).
    public func entitlements(of install: InstalledApp) -> [String] { [install.privateGroup] }

    public func keychain(for install: InstalledApp, in environment: AppEnvironment, schedules: Bool) -> Keychain {
        folderKeychain(for: install, in: environment, schedules: schedules)
    }

    /// An app is its package (each Bitkit flavour its own, spec/07 §1.1), signed by a certificate.
    public func facts(of install: InstalledApp) -> InstallFacts {
        InstallFacts(deviceName: install.package, installedAs: install.package, certificate: install.certificate)
    }

    /// Another Bitkit flavour is another package, installed beside the one already there; the same
    /// package update-installs over itself.
    public func place(_ install: InstalledApp, on state: inout DeviceState) -> InstallPlacement {
        if install.kind == .bitkit, let previous = state.apps[.bitkit], previous.package != install.package {
            if let index = state.coinstalledBitkits.firstIndex(where: { $0.package == install.package }) {
                state.coinstalledBitkits[index] = install
                return InstallPlacement(updated: true, beside: true)
            }
            state.coinstalledBitkits.append(install)
            return InstallPlacement(updated: false, beside: true)
        }
        let previous = state.apps.updateValue(install, forKey: install.kind)
        return InstallPlacement(updated: previous != nil, beside: false)
    }

    /// Nothing outlives the app: its private store and keystore keys go with the sandbox, and its
    /// provider with the package (spec/07 §9).
    public func removal(of install: InstalledApp) -> InstallRemoval {
        InstallRemoval(
            groups: entitlements(of: install),
            sentence:
                "Uninstalled \(install.kind.displayName) (\(install.package)): its sandbox, private store and provider are gone."
        )
    }

    /// Before the first unlock after a boot no app can start (neither is direct-boot aware, spec/07
    /// §9): the one-line refusal when the app is not running yet.
    public func launchRefusal(in environment: AppEnvironment) -> String? {
        guard
            environment.run.failures.recording(
                environment.world.deviceFile.path, { try environment.device.read().protection }) == .neverUnlocked,
            !FileManager.default.fileExists(atPath: environment.sandbox.file("memory.json").path)
        else { return nil }
        return
            "Android: the phone has not been unlocked since it booted, so \(environment.app.displayName) cannot start (unlock it first: `simctl device unlock`)."
    }

    // MARK: Sharing

    public func exchange(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any IdentitySharing {
        switch install.kind {
        case .bitkit: return bitkitProviderClient(install: install, in: environment)
        case .ring: return ringProviderModule(install: install, in: environment)
        }
    }

    /// Bitkit's client reads Ring's provider; it has no writes: its own provider serves
    /// `PUBKY_SECRET_KEY` live (spec/07 §2).
    public func bitkitCalls(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any BitkitNativeCalls {
        BitkitProviderCalls(client: bitkitProviderClient(install: install, in: environment))
    }

    public func ringCalls(
        of install: InstalledApp, in environment: AppEnvironment, keychain: Keychain, service: String
    ) -> any RingNativeCalls {
        RingProviderCalls(module: ringProviderModule(install: install, in: environment))
    }

    // MARK: Links

    /// By scheme or by an enabled alias of Bitkit's; the system chooser asks when several apps can.
    public func route(_ link: String, on state: DeviceState) -> URLRouter.Delivery {
        URLRouter.route(link, on: state, claims: { Self.aliasClaims($0, link) }, asks: true)
    }

    /// Whether an enabled alias of `install` claims `link` (spec/07 §6.7).
    static func aliasClaims(_ install: InstalledApp, _ link: String) -> Bool {
        let lower = link.lowercased()
        if install.enabledAliases.contains(URLRouter.Alias.pubkyAuth), lower.hasPrefix("pubkyauth:") { return true }
        guard install.enabledAliases.contains(URLRouter.Alias.pubkySignup) else { return false }
        return ["pubkyauth://signup", "pubkyauth://direct_signup", "pubkyring://signup"].contains {
            lower.hasPrefix($0)
        }
    }

    /// Records the aliases on the install of `install`'s package (the app's own or a flavour beside it).
    public func enableLinkAliases(_ aliases: [String], of install: InstalledApp, on device: DeviceStore) throws {
        let package = install.package
        try device.update { state in
            if state.apps[install.kind]?.package == package {
                state.apps[install.kind]?.enabledAliases = aliases
            } else if let index = state.coinstalledBitkits.firstIndex(where: { $0.package == package }) {
                state.coinstalledBitkits[index].enabledAliases = aliases
            }
        }
    }

    // MARK: Inspectors

    public var bitkitKeyNames: [String: String] { AndroidContract.bitkitKeyNames }

    /// What every installed provider serves a trusted caller now (`ProviderRecords`).
    public func sharedRecords(
        in world: World, state: DeviceState, showSecrets: Bool, derive: (String) -> String?
    ) throws -> [SharedRecord] {
        let installed = state.allInstalls.compactMap { install -> ProviderRecords.Installed? in
            switch install.kind {
            case .ring:
                // Read only: the inspector never writes, so it draws nothing from the world's sequence.
                return .ring(
                    SharedPubkyStore(
                        folder: world.sandbox(.ring), durable: world.durable,
                        random: { count in
                            var random = SystemRandom()
                            return random.bytes(count)
                        }))
            case .bitkit:
                guard install.build.sharesKeys else { return nil }
                return .bitkit(
                    package: install.package, folder: world.groupDirectory(install.privateGroup),
                    accessGroup: install.privateGroup)
            }
        }
        return try ProviderRecords.read(installed, showSecrets: showSecrets, derive: derive)
    }

    public var recordsLayout: SharedRecordsLayout {
        SharedRecordsLayout(
            place: "Content providers", recordHeading: "Record", ownerHeading: "Package", detailHeading: "Authority",
            detailKey: "authority", empty: "No provider serves a record.")
    }
}
