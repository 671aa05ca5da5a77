import ContractNames
import Foundation
import IOSPlatform
import Keychain
import Synchronization

/// An iOS phone in memory, for the apps' reducer tests: one device keychain (`MemoryKeychain`)
/// that Bitkit's and Ring's real exchanges share, with the device lock and keychain faults a world
/// has, and no disk. A test answers an app's sharing effects with `bitkit` or `ring`, so every rule
/// of a record (owner prefixes, the secret check, order, statuses) is the real code's.
public final class MemoryPhone: Sendable {
    /// A forced status for one app's keychain calls (`simctl fault` on a world).
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

    /// The device's keychain: every app's groups.
    public let keychain = MemoryKeychain()
    private let state = Mutex<(locked: Bool, faults: [Fault])>((false, []))
    /// The moment every keychain write is stamped with.
    public let now: Date

    public init(now: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        self.now = now
    }

    /// Whether the device is locked (data protection gates `WhenUnlocked` items).
    public var locked: Bool {
        get { state.withLock { $0.locked } }
        set { state.withLock { $0.locked = newValue } }
    }

    /// Arms a fault; it stays until `clearFaults`.
    public func arm(_ fault: Fault) { state.withLock { $0.faults.append(fault) } }

    public func clearFaults() { state.withLock { $0.faults = [] } }

    /// The keychain an app with `bundleID` and `entitlements` calls.
    public func keychain(bundleID: String, entitlements: [String]) -> Keychain {
        Keychain(
            caller: KeychainCaller(
                bundleID: bundleID, entitlements: entitlements,
                protection: { [self] in locked ? .locked : .unlocked },
                fault: { [self] operation, _, account in
                    self.state.withLock { state in
                        state.faults.first {
                            $0.bundleID == bundleID && $0.operation == operation
                                && ($0.account == nil || $0.account == account)
                        }?.status
                    }
                },
                now: { [now] in now }),
            memory: keychain)
    }

    /// Bitkit's exchange as a build writing `ownSourceApp` makes it (regtest: `to.bitkit.dev`).
    public func bitkit(ownSourceApp: String = "to.bitkit.dev") -> BitkitKeychainExchange {
        BitkitKeychainExchange(
            keychain: keychain(
                bundleID: "to.bitkit",
                entitlements: [BitcoinNetwork.regtest.bitkitPrivateGroup, SharedContract.accessGroup]),
            ownSourceApp: ownSourceApp)
    }

    /// Ring's exchange.
    public func ring() -> RingKeychainExchange {
        RingKeychainExchange(
            keychain: keychain(
                bundleID: SharedContract.ringSourceApp,
                entitlements: [SharedContract.ringPrivateGroup, SharedContract.accessGroup]))
    }

    /// The shared group's items in keychain order, read past every rule (the keychain tool's view).
    public var sharedItems: [KeychainItem] {
        (try? KeychainGroupStore(memory: keychain, accessGroup: SharedContract.accessGroup).inspect().items) ?? []
    }

    /// Writes a shared record as a tool would, e.g. a value no app would write.
    public func plant(account: String, value: String) throws {
        try KeychainGroupStore(memory: keychain, accessGroup: SharedContract.accessGroup).write(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: SharedContract.service, account: account,
                data: Array(value.utf8), accessibility: .whenUnlockedThisDeviceOnly),
            writer: "simctl", at: now)
    }
}
