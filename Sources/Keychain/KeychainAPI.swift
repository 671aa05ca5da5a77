import Foundation

// STUB — the keychain work replaces this file with the real implementation, keeping these signatures.

/// The simulated Security framework for one app: `SecItemAdd`, `SecItemUpdate`, `SecItemDelete`,
/// `SecItemCopyMatching` over directory-backed access groups.
public struct Keychain: Sendable {
    public let caller: KeychainCaller
    /// Maps an access group to its folder (e.g. the shared group → `<world>/SharedGroup`).
    public let directory: @Sendable (String) -> URL

    public init(caller: KeychainCaller, directory: @escaping @Sendable (String) -> URL) {
        self.caller = caller
        self.directory = directory
    }

    public func add(_ item: NewKeychainItem) -> OSStatus { fatalError("not implemented") }
    /// Replaces the data of every matching item (attributes stay as they were).
    public func update(_ query: KeychainQuery, data: [UInt8]) -> OSStatus { fatalError("not implemented") }
    /// Deletes every matching item.
    public func delete(_ query: KeychainQuery) -> OSStatus { fatalError("not implemented") }
    public func copyMatching(_ query: KeychainQuery, limit: MatchLimit, returnData: Bool) -> CopyResult {
        fatalError("not implemented")
    }
}

/// Direct access to one group folder for inspection and injection tools (simctl), bypassing
/// entitlements and the device lock. Still atomic and locked like every other access.
public struct KeychainGroupStore: Sendable {
    public let directory: URL
    public let accessGroup: String

    public init(directory: URL, accessGroup: String) {
        self.directory = directory
        self.accessGroup = accessGroup
    }

    /// Every valid item in enumeration order, and the entries that were skipped.
    public func inspect() throws -> (items: [KeychainItem], ignored: [IgnoredEntry]) { fatalError("not implemented") }
    /// Writes (adds or replaces in place) an item as `writer`.
    public func write(_ item: NewKeychainItem, writer: String) throws { fatalError("not implemented") }
    /// Removes an item; false when it did not exist.
    @discardableResult
    public func remove(service: String, account: String) throws -> Bool { fatalError("not implemented") }
}
