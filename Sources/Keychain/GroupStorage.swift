import Foundation

/// Where a keychain's access groups keep their items: folders on disk (`FolderStorage`, a world's
/// keychain, shared by processes) or memory (`MemoryKeychain`, one phone inside a test). `Keychain`
/// and `KeychainGroupStore` apply every rule (statuses, protection, entitlements, sequence order)
/// above this line, so the two stores behave alike by construction; only locking and bytes differ.
protocol GroupStorage: Sendable {
    /// Runs `body` over `groups` (in the order given, a group named twice given twice) held under one
    /// lock, shared or exclusive. Without `create`, a group that was never written is empty.
    func withGroups<Result: Sendable>(
        _ groups: [String], exclusive: Bool, create: Bool,
        _ body: ([any StoredGroup]) throws(KeychainStoreError) -> Result
    ) throws(KeychainStoreError) -> Result
}

/// One access group's contents while its lock is held (see `GroupFolder` for the rules).
protocol StoredGroup {
    var accessGroup: String { get }
    /// The valid items matching `lookup` in sequence order, and what was skipped.
    func find(
        _ lookup: GroupFolder.Lookup, temporaries: GroupFolder.TemporaryPolicy, decoder: JSONDecoder
    ) throws(KeychainStoreError) -> GroupFolder.Found
    /// What is stored at the place of (service, account, synchronizable).
    func probe(service: String, account: String, synchronizable: Bool, decoder: JSONDecoder) -> GroupFolder.Probe
    /// Creates or replaces `item` (exclusive lock held).
    func write(_ item: KeychainItem) throws(KeychainStoreError)
    /// Deletes items found by `find` or `probe` (exclusive lock held).
    func remove(_ items: [GroupFolder.StoredItem]) throws(KeychainStoreError)
    /// Takes the next insertion sequence number (exclusive lock held).
    func nextSequence(decoder: JSONDecoder) throws(KeychainStoreError) -> UInt64
}

/// The world's keychain: each group a folder (SharedGroup/README.md), locked with flock so that
/// processes sharing the world see each call whole.
struct FolderStorage: GroupStorage {
    /// Maps an access group to its folder.
    let directory: @Sendable (String) -> URL
    /// fsync every write; only tests that build huge groups turn it off.
    var durable = true

    func folder(_ group: String) -> GroupFolder {
        var folder = GroupFolder(path: directory(group).path, accessGroup: group)
        folder.durable = durable
        return folder
    }

    func withGroups<Result: Sendable>(
        _ groups: [String], exclusive: Bool, create: Bool,
        _ body: ([any StoredGroup]) throws(KeychainStoreError) -> Result
    ) throws(KeychainStoreError) -> Result {
        let folders = groups.map(folder)
        var lock = try GroupLock.acquire(folders.map(\.path), mode: exclusive ? .exclusive : .shared, create: create)
        defer { lock.release() }
        return try body(folders)
    }
}

extension GroupFolder: StoredGroup {}
