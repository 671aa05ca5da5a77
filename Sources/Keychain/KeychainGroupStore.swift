import Foundation

/// Direct access to one access group for inspection and injection tools (simctl), bypassing
/// entitlements and the device lock. Still atomic and locked like every other access. Throws
/// `KeychainStoreError`.
public struct KeychainGroupStore: Sendable {
    public let accessGroup: String
    private let storage: any GroupStorage

    /// The group kept in the folder `directory`.
    public init(directory: URL, accessGroup: String) {
        self.accessGroup = accessGroup
        self.storage = FolderStorage(directory: { _ in directory })
    }

    /// The group kept in a phone's keychain in memory.
    public init(memory: MemoryKeychain, accessGroup: String) {
        self.accessGroup = accessGroup
        self.storage = memory
    }

    private func withGroup<Result: Sendable>(
        exclusive: Bool, create: Bool, _ body: (any StoredGroup) throws(KeychainStoreError) -> Result
    ) throws(KeychainStoreError) -> Result {
        try storage.withGroups([accessGroup], exclusive: exclusive, create: create) {
            groups throws(KeychainStoreError) -> Result in try body(groups[0])
        }
    }

    /// Every valid item (any accessibility, synchronizable or not) in enumeration order, and the
    /// entries that were skipped. A group without a folder yet is empty.
    public func inspect() throws -> (items: [KeychainItem], ignored: [IgnoredEntry]) {
        let found = try withGroup(exclusive: false, create: false) { group throws(KeychainStoreError) in
            try group.find(.everything, temporaries: .removeStale, decoder: JSONDecoder())
        }
        return (found.items.map(\.item), found.ignored)
    }

    /// Writes (adds or replaces in place) an item as `writer` at `date`. Replacing keeps the item's
    /// sequence (position) and creation time. Garbage at the item's path is replaced; a folder or a
    /// misplaced item there is not (`KeychainStoreError.occupied`).
    public func write(_ item: NewKeychainItem, writer: String, at date: Date) throws {
        guard !item.service.isEmpty else { throw KeychainStoreError.emptyName(field: "service") }
        guard !item.account.isEmpty else { throw KeychainStoreError.emptyName(field: "account") }
        if let group = item.accessGroup, group != accessGroup {
            throw KeychainStoreError.groupMismatch(folderGroup: accessGroup, itemGroup: group)
        }
        let now = Timestamp.normalize(date)
        var stored = KeychainItem(
            accessGroup: accessGroup, service: item.service, account: item.account, data: item.data,
            accessibility: item.accessibility, synchronizable: item.synchronizable, createdAt: now,
            modifiedAt: now,
            writer: writer, sequence: 0)
        let encodedSize = ItemFile.encode(stored).count
        guard encodedSize <= ItemFile.sizeCap else {
            throw KeychainStoreError.itemTooLarge(bytes: encodedSize)
        }
        try withGroup(exclusive: true, create: true) { group throws(KeychainStoreError) in
            let decoder = JSONDecoder()
            switch group.probe(
                service: item.service, account: item.account, synchronizable: item.synchronizable,
                decoder: decoder)
            {
            case .item(let existing):
                stored.sequence = existing.item.sequence
                stored.createdAt = existing.item.createdAt
            case .ignored(let entry, replaceable: false):
                throw KeychainStoreError.occupied(path: entry.path, reason: entry.reason)
            case .absent, .ignored(_, replaceable: true):
                stored.sequence = try group.nextSequence(decoder: decoder)
            }
            try group.write(stored)
        }
    }

    /// Removes the non-synchronizable item (service, account); false when it did not exist.
    @discardableResult
    public func remove(service: String, account: String) throws -> Bool {
        try remove(service: service, account: account, synchronizable: false)
    }

    /// Removes one item; false when no valid item was there (garbage at its path is left alone).
    @discardableResult
    public func remove(service: String, account: String, synchronizable: Bool) throws -> Bool {
        try withGroup(exclusive: true, create: false) { group throws(KeychainStoreError) -> Bool in
            guard
                case .item(let existing) = group.probe(
                    service: service, account: account, synchronizable: synchronizable, decoder: JSONDecoder())
            else { return false }
            try group.remove([existing])
            return true
        }
    }

    /// Deletes every leftover `.tmp-*` file of interrupted writes in the group (under the exclusive
    /// lock, so none of them can belong to a live writer) and returns what else was ignored.
    @discardableResult
    public func removeLeftoverTemporaryFiles() throws -> [IgnoredEntry] {
        try withGroup(exclusive: true, create: false) { group throws(KeychainStoreError) in
            try group.find(.everything, temporaries: .removeAll, decoder: JSONDecoder()).ignored
        }
    }
}
