import ContractNames
import Keychain
import WorldFiles

/// Bitkit's private keychain group (spec/01 §12): `AfterFirstUnlockThisDeviceOnly`, never
/// synchronizable, one item per key name. Save refuses to overwrite; upsert updates in place or
/// saves; delete treats not-found as success; load returns nil only for not-found.
public struct BitkitPrivateKeychain: BitkitPrivateStore {
    /// The key names Bitkit uses.
    public typealias Key = BitkitStoreKey

    /// The service Bitkit writes its private items under (simulator-defined: the bundle id). Reads
    /// and deletes match any service, so items seeded with another service are still found.
    public static let service = BitkitStoreKey.service

    public let keychain: Keychain
    /// `KYH47R284B.to.bitkit[.network]`.
    public let accessGroup: String
    /// False for the named defect `wipe-removes-all-shared`: the wipe's queries name no access
    /// group, so they reach every group the app is entitled to, the shared one included.
    public var wipeNamesItsGroup = true
    /// The stored name of a key whose name differs from its iOS one (Android: `PUBKY_SECRET_KEY`,
    /// `PAYKIT_SESSION`, spec/07 §6.1).
    public var storedNames: [String: String] = [:]

    public init(keychain: Keychain, accessGroup: String) {
        self.keychain = keychain
        self.accessGroup = accessGroup
    }

    private func query(_ key: String?) -> KeychainQuery {
        KeychainQuery(service: nil, account: key.map(stored), accessGroup: accessGroup)
    }

    /// The name `key` is stored under.
    public func stored(_ key: String) -> String { storedNames[key] ?? key }

    /// The text stored under `key`; nil when absent.
    public func load(_ key: String) throws(PrivateStoreError) -> String? {
        let result = keychain.copyMatching(query(key), limit: .one, returnData: true)
        if result.status == .itemNotFound { return nil }
        guard result.status == .success, let item = result.items.first else {
            throw .status(operation: "load", key: key, code: result.status.rawValue)
        }
        guard let text = String(validating: item.data, as: UTF8.self) else { throw .undecodable(key: key) }
        return text
    }

    /// Whether `key` holds a non-empty value.
    public func hasValue(_ key: String) throws(PrivateStoreError) -> Bool {
        !(try load(key) ?? "").isEmpty
    }

    /// Adds `key`; an existing item is an error (duplicate).
    public func save(_ key: String, _ value: String) throws(PrivateStoreError) {
        let status = keychain.add(newItem(key, value))
        guard status == .success else { throw .status(operation: "save", key: key, code: status.rawValue) }
    }

    /// Updates `key` in place, or adds it when absent.
    public func upsert(_ key: String, _ value: String) throws(PrivateStoreError) {
        let updated = keychain.update(query(key), data: Array(value.utf8))
        if updated == .success { return }
        guard updated == .itemNotFound else { throw .status(operation: "update", key: key, code: updated.rawValue) }
        try save(key, value)
    }

    /// Deletes `key`; not-found counts as done.
    public func delete(_ key: String) throws(PrivateStoreError) {
        let status = keychain.delete(query(key))
        guard status == .success || status == .itemNotFound else {
            throw .status(operation: "delete", key: key, code: status.rawValue)
        }
    }

    /// Deletes every item of this private group, one account at a time (never another group).
    /// Returns the accounts it deleted; an enumeration failure other than not-found throws.
    @discardableResult
    public func wipe() throws(PrivateStoreError) -> [String] {
        // The defect's queries name no group: they reach every entitled group, the shared one too.
        let group = wipeNamesItsGroup ? accessGroup : nil
        let result = keychain.copyMatching(
            KeychainQuery(service: nil, accessGroup: group), limit: .all, returnData: false)
        if result.status == .itemNotFound { return [] }
        guard result.status == .success else {
            throw .status(operation: "list", key: "*", code: result.status.rawValue)
        }
        var deleted: [String] = []
        for item in result.items where !deleted.contains(item.account) {
            let status = keychain.delete(KeychainQuery(service: nil, account: item.account, accessGroup: group))
            guard status == .success || status == .itemNotFound else {
                throw .status(operation: "delete", key: item.account, code: status.rawValue)
            }
            deleted.append(item.account)
        }
        return deleted
    }

    private func newItem(_ key: String, _ value: String) -> NewKeychainItem {
        NewKeychainItem(
            accessGroup: accessGroup, service: Self.service, account: stored(key), data: Array(value.utf8),
            accessibility: .afterFirstUnlockThisDeviceOnly, synchronizable: false)
    }
}

extension BitkitPrivateKeychain {
    /// The text of each item of Bitkit's private group `group` as the OS sees it (no app, no lock,
    /// no journal), by its iOS key name — the names it is stored under (`storedNames`, e.g.
    /// Android's, spec/07 §6.1) mapped back — first item of a name only, in keychain order. Other
    /// names (`SHARED_PUBKY_SOURCE`) keep their own.
    public static func inspectValues(
        world: World, group: String, storedNames: [String: String]
    ) throws -> [(key: String, text: String)] {
        let logical = Dictionary(uniqueKeysWithValues: storedNames.map { ($1, $0) })
        var seen = Set<String>()
        var values: [(key: String, text: String)] = []
        for item in try KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).inspect().items {
            let key = logical[item.account] ?? item.account
            guard seen.insert(key).inserted else { continue }
            values.append((key, String(decoding: item.data, as: UTF8.self)))
        }
        return values
    }
}
