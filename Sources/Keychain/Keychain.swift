import ContractNames
import Foundation

/// The simulated Security framework for one app: `SecItemAdd`, `SecItemUpdate`, `SecItemDelete`,
/// `SecItemCopyMatching` over directory-backed access groups (spec/01, SharedGroup/README.md), or
/// over a phone's keychain in memory (`MemoryKeychain`) with the same rules.
///
/// Every call is atomic with respect to other processes (flock on each group's `.lock`, shared for
/// reads, exclusive for writes; a mutex in memory) and checks, in order: the fault hook, the request (`errSecParam`),
/// entitlements (`errSecMissingEntitlement`, before touching the disk), then matches, data
/// protection (`errSecInteractionNotAllowed` if any touched item is unavailable, changing nothing)
/// and finally acts. Each call reports exactly one `KeychainEvent` to `caller.observer`.
public struct Keychain: Sendable {
    public let caller: KeychainCaller
    private var storage: any GroupStorage

    /// A keychain whose groups are folders: `directory` maps an access group to its folder (e.g. the
    /// shared group → `<world>/SharedGroup`).
    public init(caller: KeychainCaller, directory: @escaping @Sendable (String) -> URL) {
        self.caller = caller
        self.storage = FolderStorage(directory: directory)
    }

    /// A keychain over a phone's keychain in memory, shared with every other app given `memory`.
    public init(caller: KeychainCaller, memory: MemoryKeychain) {
        self.caller = caller
        self.storage = memory
    }

    /// fsync every write of a folder-backed keychain; only tests that build huge groups turn it off.
    package var durable: Bool {
        get { (storage as? FolderStorage)?.durable ?? false }
        set {
            guard var folders = storage as? FolderStorage else { return }
            folders.durable = newValue
            storage = folders
        }
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
        let outcome = perform(query, operation: .write, exclusive: true) {
            matches throws(KeychainStoreError) -> Int in
            let now = Timestamp.normalize(caller.now())
            for (group, stored) in matches {
                var item = stored.item
                item.data = data
                item.modifiedAt = now
                item.writer = caller.bundleID
                try group.write(item)
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
        let outcome = perform(query, operation: .delete, exclusive: true) {
            matches throws(KeychainStoreError) -> Int in
            var byGroup: [(any StoredGroup, [GroupFolder.StoredItem])] = []
            for (group, stored) in matches {
                removed.append(.init(accessGroup: group.accessGroup, account: stored.item.account))
                if let index = byGroup.firstIndex(where: { $0.0.accessGroup == group.accessGroup }) {
                    byGroup[index].1.append(stored)
                } else {
                    byGroup.append((group, [stored]))
                }
            }
            for (group, items) in byGroup { try group.remove(items) }
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
        let outcome = perform(query, operation: event.operation, exclusive: false) {
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

    private struct Outcome: Sendable {
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
        do {
            return try storage.withGroups([group], exclusive: true, create: true) {
                groups throws(KeychainStoreError) -> OSStatus in
                try add(item, to: groups[0], gate: &gate, ignored: &ignored)
            }
        } catch {
            return error.status
        }
    }

    /// The add itself, with the group's lock held.
    private func add(
        _ item: NewKeychainItem, to group: any StoredGroup, gate: inout ProtectionGate,
        ignored: inout [IgnoredEntry]
    ) throws(KeychainStoreError) -> OSStatus {
        let decoder = JSONDecoder()
        switch group.probe(
            service: item.service, account: item.account, synchronizable: item.synchronizable, decoder: decoder)
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
            accessGroup: group.accessGroup, service: item.service, account: item.account, data: item.data,
            accessibility: item.accessibility, synchronizable: item.synchronizable, createdAt: now,
            modifiedAt: now, writer: caller.bundleID, sequence: 0)
        guard ItemFile.encode(stored).count <= ItemFile.sizeCap else { return .param }
        var sequenced = stored
        sequenced.sequence = try group.nextSequence(decoder: decoder)
        try group.write(sequenced)
        return .success
    }

    /// The common path of copy, update and delete: checks, locks, finds the matches, applies the
    /// protection rule, then runs `act` on the matches (in enumeration order) under the lock.
    private func perform(
        _ query: KeychainQuery, operation: KeychainOperation, exclusive: Bool,
        act: ([(any StoredGroup, GroupFolder.StoredItem)]) throws(KeychainStoreError) -> Int
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
        let lookup = GroupFolder.Lookup(
            service: query.service, account: query.account, synchronizable: query.synchronizable)
        let protection = caller.protection
        do {
            return try storage.withGroups(groups, exclusive: exclusive, create: false) {
                stored throws(KeychainStoreError) -> Outcome in
                var outcome = Outcome(status: .success)
                let decoder = JSONDecoder()
                var matches: [(any StoredGroup, GroupFolder.StoredItem)] = []
                for group in stored {
                    let found = try group.find(
                        lookup, temporaries: exclusive ? .removeAll : .removeStale, decoder: decoder)
                    matches += found.items.map { (group, $0) }
                    outcome.ignored += found.ignored
                }
                guard !matches.isEmpty else {
                    outcome.status = .itemNotFound
                    return outcome
                }
                var gate = ProtectionGate(protection)
                guard matches.allSatisfy({ gate.allows($0.1.item.accessibility) }) else {
                    outcome.status = .interactionNotAllowed
                    return outcome
                }
                outcome.count = try act(matches)
                return outcome
            }
        } catch {
            return Outcome(status: error.status)
        }
    }

    private func uniqued(_ groups: [String]) -> [String] {
        var seen = Set<String>()
        return groups.filter { seen.insert($0).inserted }
    }
}
