import AndroidPlatform
import ContractNames
import Foundation
import IdentitySharing
import Keychain

/// A phone in memory, for the apps' reducer tests, on one platform chosen when it is made (as a
/// world's is, `PlatformOS`): Bitkit's and Ring's real exchanges over that platform's stores —
/// iOS's shared keychain group (`MemoryKeychain`), or Android's package table, signature
/// permissions, content providers and Ring's `shared_pubky` (`MemorySharedPubky`) — with the
/// device lock and the faults a world has, and no disk. A test answers an app's sharing effects
/// with `bitkit()` or `ring()`, so every rule of a record (owner prefixes, the secret and
/// derivation checks, order, statuses, permission and signature checks) is the real code's.
public final class MemoryPhone: Sendable {
    /// A forced status for one app's keychain calls (`simctl fault` on a world). On Android it hits
    /// Ring's keystore where its shared records are written (`delete`, `write`), as on a world.
    public struct Fault: Sendable {
        public var bundleID: String
        public var operation: KeychainOperation
        /// Nil forces every account.
        public var account: String?
        public var status: OSStatus

        public init(bundleID: String, operation: KeychainOperation, account: String? = nil, status: OSStatus) {
            self.bundleID = bundleID
            self.operation = operation
            self.account = account
            self.status = status
        }
    }

    /// The certificate every install is signed with unless a test says otherwise (spec/07 §1.3).
    public static let debugCertificate = "bitkit-debug"
    /// The Bitkit build of the apps' tests (regtest).
    public static let bitkitPackage = BitcoinNetwork.regtest.bitkitSourceApp

    private let device: MemoryDevice
    private let os: any MemoryOS

    /// A phone on `platform` (iOS unless told otherwise); every keychain write is stamped `now`.
    public init(platform: Platform = .default, now: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        let device = MemoryDevice(now: now)
        let all: [any MemoryOS] = [MemoryIOS(device: device), MemoryAndroid(device: device)]
        self.device = device
        self.os = all.first { $0.platform == platform } ?? all[0]
    }

    public var platform: Platform { os.platform }
    /// The sharing policy of the platform's builds (what a test's app state carries).
    public var policy: SharingPolicy { os.policy }
    /// The moment every keychain write is stamped with.
    public var now: Date { device.now }

    // MARK: The apps' exchanges

    /// Bitkit's real exchange as the build of `package` makes it.
    public func bitkit(package: String = bitkitPackage) -> any IdentitySharing { os.bitkit(package: package) }

    /// Ring's real exchange.
    public func ring() -> any IdentitySharing { os.ring() }

    // MARK: What the other app does

    /// Bitkit `package` makes `secret`'s pubky visible to Ring as it does on this platform: its own
    /// shared record on iOS (spec/02 §15); `PUBKY_SECRET_KEY` in its private store, which its
    /// provider serves live, on Android (spec/07 §2).
    public func bitkitShares(pubky: String, secret: String, package: String = bitkitPackage) {
        os.bitkitShares(pubky: pubky, secret: secret, package: package)
    }

    /// Bitkit `package` stops making its key visible (Delete Profile, Disconnect, a wipe).
    public func bitkitStopsSharing(package: String = bitkitPackage) { os.bitkitStopsSharing(package: package) }

    /// `app` loses access to the other app's records: its build lacks the keychain group's
    /// entitlement (iOS, −34018), or its grants of the other's signature permissions are revoked
    /// (Android, `SecurityException`) — spec/07 §10 row 14.
    public func revokeAccess(of app: AppKind) { os.revokeAccess(of: app) }

    /// What an app could read of the other's now, `<owner>:<pubky>` → the secret it would get: the
    /// shared group's records, or what every installed provider serves a trusted caller.
    public var sharedRecords: [String: String] { os.sharedRecords }

    // MARK: The device

    /// Bitkit `package`'s private store (key → value); on Android its provider reads it live.
    public func privateStore(of package: String = bitkitPackage) -> [String: String] {
        device.privateStore(of: package)
    }

    public func setPrivateStore(_ store: [String: String], of package: String = bitkitPackage) {
        device.state.withLock { $0.privateStores[package] = store }
    }

    /// Whether the device is locked (on iOS data protection gates `WhenUnlocked` items; on Android
    /// the lock gates nothing, spec/07 §9).
    public var locked: Bool {
        get { device.state.withLock { $0.locked } }
        set { device.state.withLock { $0.locked = newValue } }
    }

    /// Arms a fault; it stays until `clearFaults`.
    public func arm(_ fault: Fault) { device.state.withLock { $0.faults.append(fault) } }

    public func clearFaults() { device.state.withLock { $0.faults = [] } }

    // MARK: iOS's keychain, read and written past every app

    /// The device's keychain: every app's groups.
    public var keychain: MemoryKeychain { device.keychain }

    /// The keychain an app with `bundleID` and `entitlements` calls.
    public func keychain(bundleID: String, entitlements: [String]) -> Keychain {
        device.keychain(bundleID: bundleID, entitlements: entitlements)
    }

    /// The shared group's items in keychain order, read past every rule (the keychain tool's view).
    public var sharedItems: [KeychainItem] { MemoryIOS(device: device).sharedItems }

    /// Writes a shared record as a tool would, e.g. a value no app would write.
    public func plant(account: String, value: String) throws {
        try KeychainGroupStore(memory: keychain, accessGroup: SharedContract.accessGroup).write(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: SharedContract.service, account: account,
                data: Array(value.utf8), accessibility: .whenUnlockedThisDeviceOnly),
            writer: "simctl", at: now)
    }

    // MARK: Android's package manager

    /// Installs (or re-signs) `package` with `certificate` (spec/07 §1.3); no effect on iOS, where
    /// trust is the access-group entitlement.
    public func install(_ package: String, certificate: String) { os.install(package, certificate: certificate) }
}
