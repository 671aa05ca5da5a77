import ContractNames
import Foundation

/// The simulated Security framework for one app: `SecItemAdd`, `SecItemUpdate`, `SecItemDelete`,
/// `SecItemCopyMatching` over directory-backed access groups (spec/01, SharedGroup/README.md).
///
/// Every call is atomic with respect to other processes (flock on each group's `.lock`, shared for
/// reads, exclusive for writes) and checks, in order: the fault hook, the request (`errSecParam`),
/// entitlements (`errSecMissingEntitlement`, before touching the disk), then matches, data
/// protection (`errSecInteractionNotAllowed` if any touched item is unavailable, changing nothing)
/// and finally acts. Each call reports exactly one `KeychainEvent` to `caller.observer`.
public struct Keychain: Sendable {
    public let caller: KeychainCaller
    /// Maps an access group to its folder (e.g. the shared group → `<world>/SharedGroup`).
    public let directory: @Sendable (String) -> URL
    /// fsync every write; only tests that build huge groups turn it off.
    package var durable = true

    public init(caller: KeychainCaller, directory: @escaping @Sendable (String) -> URL) {
        self.caller = caller
        self.directory = directory
    }

    /// `SecItemAdd`: `errSecDuplicateItem` if (group, service, account, synchronizable) exists.
    /// An add whose path holds garbage (not a decodable item: bad JSON, oversized, a symlink)
    /// replaces it atomically and reports it in the event's `ignored`; a path holding a folder or a
    /// decodable but misplaced item is never overwritten: `errSecIO`.
    public func add(_ item: NewKeychainItem) -> OSStatus {
        let group = item.accessGroup ?? caller.entitlements.first
        caller.before?(
            KeychainAccess(
                call: .add, operation: .write, accessGroup: group, service: item.service, account: item.account))
        var event = KeychainEvent(
            call: .add, operation: .write, accessGroup: group, service: item.service,
            account: item.account,
            status: .success, returnedData: false, count: 0, ignored: [])
        event.status = performAdd(item, group: group, ignored: &event.ignored)
        event.count = event.status == .success ? 1 : 0
        caller.observer(event)
        return event.status
    }

    /// Replaces the data of every matching item (attributes stay as they were).
    public func update(_ query: KeychainQuery, data: [UInt8]) -> OSStatus {
        var event = Self.event(.update, .write, query)
        announce(event)
        let outcome = perform(query, operation: .write, lockMode: .exclusive) {
            matches throws(KeychainStoreError) -> Int in
            let now = Timestamp.normalize(caller.now())
            for (folder, stored) in matches {
                var item = stored.item
                item.data = data
                item.modifiedAt = now
                item.writer = caller.bundleID
                try folder.write(item)
            }
            return matches.count
        }
        event.status = outcome.status
        event.count = outcome.count
        event.ignored = outcome.ignored
        caller.observer(event)
        return event.status
    }

    /// Deletes every matching item.
    public func delete(_ query: KeychainQuery) -> OSStatus {
        var event = Self.event(.delete, .delete, query)
        announce(event)
        var removed: [KeychainEvent.RemovedItem] = []
        let outcome = perform(query, operation: .delete, lockMode: .exclusive) {
            matches throws(KeychainStoreError) -> Int in
            var byFolder: [(GroupFolder, [GroupFolder.StoredItem])] = []
            for (folder, stored) in matches {
                removed.append(.init(accessGroup: folder.accessGroup, account: stored.item.account))
                if let index = byFolder.firstIndex(where: { $0.0.path == folder.path }) {
                    byFolder[index].1.append(stored)
                } else {
                    byFolder.append((folder, [stored]))
                }
            }
            for (folder, items) in byFolder { try folder.remove(items) }
            return matches.count
        }
        event.status = outcome.status
        event.count = outcome.count
        event.ignored = outcome.ignored
        if event.status == .success { event.removed = removed }
        caller.observer(event)
        return event.status
    }

    /// `SecItemCopyMatching`: matching items in enumeration order (group by group in query or
    /// entitlement order, each by insertion sequence); limit one returns the first.
    public func copyMatching(
        _ query: KeychainQuery, limit: MatchLimit, returnData: Bool
    )
        -> CopyResult
    {
        var event = Self.event(.copy, limit == .one ? .read : .list, query)
        announce(event)
        var items: [KeychainItem] = []
        let outcome = perform(query, operation: event.operation, lockMode: .shared) {
            matches throws(KeychainStoreError) -> Int in
            items = (limit == .one ? Array(matches.prefix(1)) : matches).map { _, stored in
                var item = stored.item
                if !returnData { item.data = [] }
                return item
            }
            return items.count
        }
        event.status = outcome.status
        event.count = outcome.count
        event.ignored = outcome.ignored
        event.returnedData = returnData && outcome.status == .success
        event.requestedData = returnData
        caller.observer(event)
        return CopyResult(status: outcome.status, items: outcome.status == .success ? items : [])
    }

    // MARK: Internals

    private func announce(_ event: KeychainEvent) {
        caller.before?(
            KeychainAccess(
                call: event.call, operation: event.operation, accessGroup: event.accessGroup, service: event.service,
                account: event.account))
    }

    private struct Outcome {
        var status: OSStatus
        var count = 0
        var ignored: [IgnoredEntry] = []
    }

    private static func event(
        _ call: KeychainCall, _ operation: KeychainOperation, _ query: KeychainQuery
    )
        -> KeychainEvent
    {
        KeychainEvent(
            call: call, operation: operation, accessGroup: query.accessGroup, service: query.service,
            account: query.account, status: .success, returnedData: false, count: 0, ignored: [])
    }

    private func folder(for group: String) -> GroupFolder {
        var folder = GroupFolder(path: directory(group).path, accessGroup: group)
        folder.durable = durable
        return folder
    }

    private func performAdd(
        _ item: NewKeychainItem, group: String?, ignored: inout [IgnoredEntry]
    )
        -> OSStatus
    {
        guard let group else { return .missingEntitlement }
        if let forced = caller.fault(.write, group, item.account) { return forced }
        guard !item.service.isEmpty, !item.account.isEmpty else { return .param }
        guard caller.entitlements.contains(group) else { return .missingEntitlement }
        var gate = ProtectionGate(caller.protection)
        guard gate.allows(item.accessibility) else { return .interactionNotAllowed }
        let folder = folder(for: group)
        do {
            var lock = try GroupLock.acquire([folder.path], mode: .exclusive, create: true)
            defer { lock.release() }
            let decoder = JSONDecoder()
            switch folder.probe(
                service: item.service, account: item.account, synchronizable: item.synchronizable,
                decoder: decoder)
            {
            case .absent:
                break
            case .item(let existing):
                // The existence check touches the existing item, so its class counts too.
                return gate.allows(existing.item.accessibility) ? .duplicateItem : .interactionNotAllowed
            case .ignored(let entry, replaceable: false):
                ignored.append(entry)
                return .io
            case .ignored(let entry, replaceable: true):
                ignored.append(IgnoredEntry(path: entry.path, reason: entry.reason + " (replaced by add)"))
            }
            let now = Timestamp.normalize(caller.now())
            let stored = KeychainItem(
                accessGroup: group, service: item.service, account: item.account, data: item.data,
                accessibility: item.accessibility, synchronizable: item.synchronizable, createdAt: now,
                modifiedAt: now, writer: caller.bundleID, sequence: 0)
            guard ItemFile.encode(stored).count <= ItemFile.sizeCap else { return .param }
            var sequenced = stored
            sequenced.sequence = try folder.nextSequence(decoder: decoder)
            try folder.write(sequenced)
            return .success
        } catch {
            return error.status
        }
    }

    /// The common path of copy, update and delete: checks, locks, finds the matches, applies the
    /// protection rule, then runs `act` on the matches (in enumeration order) under the lock.
    private func perform(
        _ query: KeychainQuery, operation: KeychainOperation, lockMode: GroupLock.Mode,
        act: ([(GroupFolder, GroupFolder.StoredItem)]) throws(KeychainStoreError) -> Int
    ) -> Outcome {
        let groups = query.accessGroup.map { [$0] } ?? uniqued(caller.entitlements)
        for group in groups {
            if let forced = caller.fault(operation, group, query.account) {
                return Outcome(status: forced)
            }
        }
        if query.service?.isEmpty == true || query.account?.isEmpty == true {
            return Outcome(status: .param)
        }
        guard !groups.isEmpty, groups.allSatisfy(caller.entitlements.contains) else {
            return Outcome(status: .missingEntitlement)
        }
        let folders = groups.map(folder(for:))
        let lookup = GroupFolder.Lookup(
            service: query.service, account: query.account, synchronizable: query.synchronizable)
        var outcome = Outcome(status: .success)
        do {
            var lock = try GroupLock.acquire(folders.map(\.path), mode: lockMode, create: false)
            defer { lock.release() }
            let decoder = JSONDecoder()
            var matches: [(GroupFolder, GroupFolder.StoredItem)] = []
            for folder in folders {
                let found = try folder.find(
                    lookup, temporaries: lockMode == .exclusive ? .removeAll : .removeStale, decoder: decoder)
                matches += found.items.map { (folder, $0) }
                outcome.ignored += found.ignored
            }
            guard !matches.isEmpty else {
                outcome.status = .itemNotFound
                return outcome
            }
            var gate = ProtectionGate(caller.protection)
            guard matches.allSatisfy({ gate.allows($0.1.item.accessibility) }) else {
                outcome.status = .interactionNotAllowed
                return outcome
            }
            outcome.count = try act(matches)
        } catch {
            outcome.status = error.status
            outcome.count = 0
        }
        return outcome
    }

    private func uniqued(_ groups: [String]) -> [String] {
        var seen = Set<String>()
        return groups.filter { seen.insert($0).inserted }
    }
}
