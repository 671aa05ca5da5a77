import Foundation
import Testing

@testable import Keychain

/// A value shared between a test and the closures it hands to `KeychainCaller`.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in place (no copy of a growing array per change).
    func mutate(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}

/// A temporary world: group folders under a fresh directory (or a phone's keychain in memory), a
/// settable device lock, a fault table and the recorded events. The directory is removed when the
/// fixture goes away.
final class Fixture: @unchecked Sendable {
    /// Where the groups are kept: the semantics suites run against both, so the two stores cannot
    /// drift apart in a status, an order or a protection rule.
    enum Storage: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case folders, memory
        var testDescription: String { rawValue }
    }

    static let shared = "KYH47R284B.pubky.shared"
    static let bitkitPrivate = "KYH47R284B.to.bitkit.regtest"
    static let ringPrivate = "KYH47R284B.app.pubkyring"
    static let service = "unit-tests.pubky.shared.v1"

    let root: URL
    let protection = Box(ProtectionState.unlocked)
    let events = Box<[KeychainEvent]>([])
    /// Forced statuses by (operation, group, account); account nil matches every account.
    let faults = Box<[(KeychainOperation, String, String?, OSStatus)]>([])
    let clock = Box(Date(timeIntervalSince1970: 1_750_000_000.123_456))
    let storage: Storage
    /// The phone's keychain when `storage` is `.memory`.
    let memory = MemoryKeychain()

    init(_ storage: Storage = .folders) {
        self.storage = storage
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keychain-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The folder of a group: the shared group at `<world>/SharedGroup`, others under `.sim/keychain`.
    func directory(_ group: String) -> URL {
        group == Self.shared
            ? root.appendingPathComponent("SharedGroup")
            : root.appendingPathComponent(".sim/keychain/\(group)")
    }

    func keychain(
        bundleID: String = "to.bitkit.dev", entitlements: [String] = [bitkitPrivate, shared]
    ) -> Keychain {
        let protection = protection
        let faults = faults
        let events = events
        let clock = clock
        let root = root
        let caller = KeychainCaller(
            bundleID: bundleID, entitlements: entitlements, protection: { protection.value },
            fault: { operation, group, account in
                faults.value.first { rule in
                    rule.0 == operation && rule.1 == group && (rule.2 == nil || rule.2 == account)
                }?.3
            },
            observer: { event in events.mutate { $0.append(event) } },
            now: { clock.value })
        switch storage {
        case .memory: return Keychain(caller: caller, memory: memory)
        case .folders:
            return Keychain(
                caller: caller,
                directory: { group in
                    group == Fixture.shared
                        ? root.appendingPathComponent("SharedGroup")
                        : root.appendingPathComponent(".sim/keychain/\(group)")
                })
        }
    }

    func store(_ group: String = shared) -> KeychainGroupStore {
        switch storage {
        case .folders: KeychainGroupStore(directory: directory(group), accessGroup: group)
        case .memory: KeychainGroupStore(memory: memory, accessGroup: group)
        }
    }

    /// Whether nothing was ever stored in `group` (on disk: its folder was never made).
    func untouched(_ group: String) -> Bool {
        switch storage {
        case .folders: !FileManager.default.fileExists(atPath: directory(group).path)
        case .memory: (try? store(group).inspect().items.isEmpty) ?? false
        }
    }

    /// The stored item of `account` in `group`, read past the keychain's rules.
    func stored(_ group: String, service: String, account: String) -> KeychainItem? {
        try? store(group).inspect().items.first { $0.service == service && $0.account == account }
    }

    /// Every path under the world (relative), with file sizes, for "nothing changed" checks; in
    /// memory, every item of the groups the tests use with its data size.
    func snapshot() -> [String: Int] {
        var result: [String: Int] = [:]
        if storage == .memory {
            for group in [Self.shared, Self.bitkitPrivate, Self.ringPrivate, "KYH47R284B.other"] {
                for item in (try? store(group).inspect().items) ?? [] {
                    let key = "\(group)/\(item.service)/\(item.account)/\(item.synchronizable)/\(item.sequence)"
                    result[key] = item.data.count
                    result[key + "/modified"] = Int(item.modifiedAt.timeIntervalSince1970 * 1_000_000)
                }
            }
            return result
        }
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return result }
        while let path = enumerator.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: root.path + "/" + path)
            result[path] = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        }
        return result
    }

    /// Paths of leftover temporary files anywhere in the world.
    func temporaryFiles() -> [String] {
        snapshot().keys.filter { ($0 as NSString).lastPathComponent.hasPrefix(".tmp-") }.sorted()
    }
}

extension NewKeychainItem {
    /// A shared-contract item: the unit-test service, `WhenUnlockedThisDeviceOnly`.
    static func shared(
        _ account: String, _ value: String, accessibility: Accessibility = .whenUnlockedThisDeviceOnly,
        synchronizable: Bool = false
    ) -> NewKeychainItem {
        NewKeychainItem(
            accessGroup: Fixture.shared, service: Fixture.service, account: account,
            data: Array(value.utf8),
            accessibility: accessibility, synchronizable: synchronizable)
    }
}

extension KeychainQuery {
    static func shared(
        _ account: String? = nil, synchronizable: SynchronizableFilter = .no
    )
        -> KeychainQuery
    {
        KeychainQuery(
            service: Fixture.service, account: account, accessGroup: Fixture.shared,
            synchronizable: synchronizable)
    }
}

extension Keychain {
    /// The data of one item as a string, or nil with any failure.
    func string(_ query: KeychainQuery) -> String? {
        let result = copyMatching(query, limit: .one, returnData: true)
        guard result.status == .success, let item = result.items.first else { return nil }
        return String(decoding: item.data, as: UTF8.self)
    }

    func accounts(_ query: KeychainQuery) -> [String] {
        copyMatching(query, limit: .all, returnData: false).items.map(\.account)
    }
}

/// File mode bits of a path (not following a link).
func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
}
