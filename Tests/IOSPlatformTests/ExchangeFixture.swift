import ContractNames
import Foundation
import IOSPlatform
import IdentitySharing
import Keychain
import Synchronization
import Testing

/// A shared group in a fresh folder with a settable lock, a fault table and every sharing event
/// the exchanges report; removed when the fixture goes away.
final class ExchangeFixture: Sendable {
    static let w = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
    static let wSecret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
    static let a = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
    static let aSecret = String(repeating: "01", count: 32)
    static let b = "orhzqdiexwmi6iidktucgud63ufa5nwtsuzdxe176a8izd6jsqky"
    static let bSecret = String(repeating: "02", count: 32)

    let root: URL
    let locked = Mutex(false)
    /// Forced statuses by (operation, account); a nil account matches every call of the operation.
    let faults = Mutex<[(KeychainOperation, String?, OSStatus)]>([])
    let events = Mutex<[SharingEvent]>([])

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sharing-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var groupFolder: URL { root.appendingPathComponent("SharedGroup") }

    func keychain(bundleID: String) -> Keychain {
        let root = root
        return Keychain(
            caller: KeychainCaller(
                bundleID: bundleID, entitlements: ["KYH47R284B.private", SharedContract.accessGroup],
                protection: { [self] in locked.withLock { $0 } ? .locked : .unlocked },
                fault: { [self] operation, _, account in
                    faults.withLock { rules in
                        rules.first { $0.0 == operation && ($0.1 == nil || $0.1 == account) }?.2
                    }
                },
                now: { Date(timeIntervalSince1970: 1_767_225_600) }),
            directory: { group in
                group == SharedContract.accessGroup
                    ? root.appendingPathComponent("SharedGroup") : root.appendingPathComponent("private/\(group)")
            })
    }

    var report: SharingReport { { [self] event in events.withLock { $0.append(event) } } }

    func bitkit(_ prefix: String = "to.bitkit.dev") -> BitkitKeychainExchange {
        BitkitKeychainExchange(keychain: keychain(bundleID: "to.bitkit"), ownSourceApp: prefix, report: report)
    }

    func ring() -> RingKeychainExchange {
        RingKeychainExchange(keychain: keychain(bundleID: "app.pubkyring"), report: report)
    }

    /// Writes a record as the OS would hold it, bypassing both apps.
    func put(_ account: String, _ value: String) {
        let status = keychain(bundleID: "simctl").add(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: SharedContract.service, account: account,
                data: Array(value.utf8), accessibility: .whenUnlockedThisDeviceOnly))
        #expect(status == .success)
    }

    func accounts() throws -> [String] { try KeychainGroupRecords.read(groupFolder).map(\.record) }

    /// The events reported since the last call.
    func takeEvents() -> [SharingEvent] {
        events.withLock { events in
            defer { events = [] }
            return events
        }
    }
}
