import Foundation
import Synchronization

/// A phone's keychain held in memory: every access group of one simulated device, for tests that
/// drive the apps' real keychain code without a disk. Give each app's `Keychain` the same value
/// (`Keychain(caller:memory:)`) and they share its groups as apps share a device's keychain. Calls
/// are serialized by one mutex, as flock serializes them on disk.
public final class MemoryKeychain: Sendable {
    /// One group's items and its next sequence number.
    struct Contents: Sendable {
        var items: [Place: KeychainItem] = [:]
        var nextSequence: UInt64 = 1
    }

    /// Where an item lives: what names its file on disk.
    struct Place: Hashable, Sendable {
        var service: String
        var account: String
        var synchronizable: Bool
    }

    private let groups = Mutex<[String: Contents]>([:])

    public init() {}
}

extension MemoryKeychain: GroupStorage {
    func withGroups<Result: Sendable>(
        _ names: [String], exclusive: Bool, create: Bool,
        _ body: ([any StoredGroup]) throws(KeychainStoreError) -> Result
    ) throws(KeychainStoreError) -> Result {
        // Mutex's body cannot throw a typed error through `withLock`; carry it out as a value.
        let outcome: Swift.Result<Result, KeychainStoreError> = groups.withLock { groups in
            var held: [String: MemoryGroup] = [:]
            for name in names where held[name] == nil {
                held[name] = MemoryGroup(accessGroup: name, contents: groups[name] ?? Contents())
            }
            let outcome: Swift.Result<Result, KeychainStoreError>
            do throws(KeychainStoreError) {
                outcome = .success(try body(names.compactMap { held[$0] }))
            } catch {
                outcome = .failure(error)
            }
            for (name, group) in held where group.changed { groups[name] = group.contents }
            return outcome
        }
        return try outcome.get()
    }
}

/// One group of a `MemoryKeychain` while its mutex is held. It never holds garbage, so nothing is
/// ever ignored; an item's path is a name for messages only.
private final class MemoryGroup: StoredGroup {
    let accessGroup: String
    private(set) var contents: MemoryKeychain.Contents
    private(set) var changed = false

    init(accessGroup: String, contents: MemoryKeychain.Contents) {
        self.accessGroup = accessGroup
        self.contents = contents
    }

    func find(
        _ lookup: GroupFolder.Lookup, temporaries: GroupFolder.TemporaryPolicy, decoder: JSONDecoder
    ) -> GroupFolder.Found {
        var found = GroupFolder.Found()
        found.items = contents.items.values
            .filter { item in
                lookup.synchronizable.contains(item.synchronizable)
                    && lookup.service.map { $0 == item.service } ?? true
                    && lookup.account.map { $0 == item.account } ?? true
            }
            .map(stored)
            .sorted { ($0.item.sequence, $0.path) < ($1.item.sequence, $1.path) }
        return found
    }

    func probe(service: String, account: String, synchronizable: Bool, decoder: JSONDecoder) -> GroupFolder.Probe {
        let place = MemoryKeychain.Place(service: service, account: account, synchronizable: synchronizable)
        return contents.items[place].map { .item(stored($0)) } ?? .absent
    }

    func write(_ item: KeychainItem) throws(KeychainStoreError) {
        // The same cap as a file on disk, so an add's status does not depend on the store.
        let size = ItemFile.encode(item).count
        guard size <= ItemFile.sizeCap else { throw .itemTooLarge(bytes: size) }
        contents.items[place(of: item)] = item
        changed = true
    }

    func remove(_ items: [GroupFolder.StoredItem]) {
        for stored in items { contents.items[place(of: stored.item)] = nil }
        changed = true
    }

    func nextSequence(decoder: JSONDecoder) -> UInt64 {
        defer {
            contents.nextSequence += 1
            changed = true
        }
        return contents.nextSequence
    }

    private func place(of item: KeychainItem) -> MemoryKeychain.Place {
        MemoryKeychain.Place(service: item.service, account: item.account, synchronizable: item.synchronizable)
    }

    private func stored(_ item: KeychainItem) -> GroupFolder.StoredItem {
        GroupFolder.StoredItem(
            item: item,
            path: "memory:" + accessGroup + "/" + ItemName.component(for: item.service) + "/"
                + ItemName.itemFileName(account: item.account, synchronizable: item.synchronizable))
    }
}
