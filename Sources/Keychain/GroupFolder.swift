import Foundation
import SafeFiles

/// One access group's folder on disk: item lookup, scans, atomic writes and the sequence counter
/// (layout in SharedGroup/README.md). Callers hold the group's `GroupLock` around every use.
struct GroupFolder {
    static let lockName = ".lock"
    static let sequenceName = ".sequence"
    static let temporaryPrefix = Posix.temporaryPrefix
    /// A temporary file older than this is a dead writer's leftover even to a reader that holds only
    /// the shared lock. (Under the shared lock no writer that follows the protocol can be mid-write,
    /// so the age is a second line of defence.)
    static let staleTemporaryAge = Posix.staleTemporaryAge

    /// What a lookup matches; nil matches anything.
    struct Lookup {
        var service: String?
        var account: String?
        /// Which synchronizable values match.
        var synchronizable: [Bool]

        init(service: String?, account: String?, synchronizable: SynchronizableFilter) {
            self.service = service
            self.account = account
            switch synchronizable {
            case .no: self.synchronizable = [false]
            case .yes: self.synchronizable = [true]
            case .any: self.synchronizable = [false, true]
            }
        }

        static let everything = Lookup(service: nil, account: nil, synchronizable: .any)
    }

    /// A valid item and where it lives.
    struct StoredItem: Sendable {
        var item: KeychainItem
        var path: String
    }

    /// The valid matching items in enumeration order, and what was skipped.
    struct Found: Sendable {
        var items: [StoredItem] = []
        var ignored: [IgnoredEntry] = []
    }

    /// What is at one item path.
    enum Probe {
        case absent
        case item(StoredItem)
        /// Not a valid item; `replaceable` says whether an add may atomically replace it.
        case ignored(IgnoredEntry, replaceable: Bool)
    }

    /// How a scan treats `.tmp-*` leftovers.
    enum TemporaryPolicy {
        /// The exclusive lock is held: every temporary file is a dead writer's.
        case removeAll
        /// Only the shared lock is held: remove the stale ones, report the others.
        case removeStale
    }

    let path: String
    let accessGroup: String
    /// fsync files and folders on every write. Only tests that build huge groups turn it off.
    var durable = true

    init(path: String, accessGroup: String) {
        self.path = path
        self.accessGroup = accessGroup
    }

    var exists: Bool { Posix.isDirectory(path) }

    // MARK: Reading

    /// The items matching `lookup` in sequence order. Naming both service and account reads at most
    /// two files directly; naming the account only reads it in every service folder; otherwise the
    /// relevant folders are scanned.
    func find(
        _ lookup: Lookup, temporaries: TemporaryPolicy, decoder: JSONDecoder
    )
        throws(KeychainStoreError) -> Found
    {
        var found = Found()
        guard exists else { return found }
        switch (lookup.service, lookup.account) {
        case (let service?, let account?):
            let folder = ItemName.component(for: service)
            for synchronizable in lookup.synchronizable {
                collect(
                    probe(folder: folder, account: account, synchronizable: synchronizable, decoder: decoder),
                    into: &found)
            }
        case (nil, let account?):
            for folder in try serviceFolders(temporaries: temporaries, ignored: &found.ignored) {
                for synchronizable in lookup.synchronizable {
                    collect(
                        probe(
                            folder: folder, account: account, synchronizable: synchronizable, decoder: decoder),
                        into: &found)
                }
            }
        case (let service?, nil):
            try scanItems(
                folder: ItemName.component(for: service), temporaries: temporaries, decoder: decoder,
                into: &found)
        case (nil, nil):
            for folder in try serviceFolders(temporaries: temporaries, ignored: &found.ignored) {
                try scanItems(folder: folder, temporaries: temporaries, decoder: decoder, into: &found)
            }
        }
        found.items.removeAll { stored in
            !lookup.synchronizable.contains(stored.item.synchronizable)
                || lookup.service.map { $0 != stored.item.service } ?? false
                || lookup.account.map { $0 != stored.item.account } ?? false
        }
        // The one sort of the operation; ties (only possible after hand edits) break by location.
        found.items.sort { ($0.item.sequence, $0.path) < ($1.item.sequence, $1.path) }
        found.ignored.sort { ($0.path, $0.reason) < ($1.path, $1.reason) }
        // A probe of both synchronizable variants meets an unusable service folder twice.
        found.ignored = found.ignored.enumerated()
            .filter { $0.offset == 0 || found.ignored[$0.offset - 1] != $0.element }
            .map(\.element)
        return found
    }

    /// What is stored at the path of (service, account, synchronizable).
    func probe(service: String, account: String, synchronizable: Bool, decoder: JSONDecoder) -> Probe {
        probe(
            folder: ItemName.component(for: service), account: account, synchronizable: synchronizable,
            decoder: decoder)
    }

    private func probe(
        folder: String, account: String, synchronizable: Bool, decoder: JSONDecoder
    )
        -> Probe
    {
        if let unusable = unusableServiceFolder(folder) {
            return .ignored(unusable, replaceable: false)
        }
        let fileName = ItemName.itemFileName(account: account, synchronizable: synchronizable)
        return read(folder: folder, fileName: fileName, decoder: decoder)
    }

    /// Why a service folder must not be entered (a symbolic link, a file), or nil when it is a real
    /// folder or absent: O_NOFOLLOW only guards the last path component.
    private func unusableServiceFolder(_ folder: String) -> IgnoredEntry? {
        let folderPath = path + "/" + folder
        switch Posix.kind(of: folderPath) {
        case nil, .directory: return nil
        case .symbolicLink:
            return IgnoredEntry(path: folderPath, reason: "symbolic link (never followed)")
        case .regular, .other: return IgnoredEntry(path: folderPath, reason: "not a folder")
        }
    }

    private func collect(_ probe: Probe, into found: inout Found) {
        switch probe {
        case .absent: break
        case .item(let stored): found.items.append(stored)
        case .ignored(let entry, _): found.ignored.append(entry)
        }
    }

    /// The service folders at the group root; reports everything else there that is not ours.
    private func serviceFolders(
        temporaries: TemporaryPolicy, ignored: inout [IgnoredEntry]
    )
        throws(KeychainStoreError) -> [String]
    {
        var folders: [String] = []
        for (name, kind) in try fileCall({ () throws(FileError) in try Posix.listDirectory(path) }) {
            let entryPath = path + "/" + name
            if name == Self.lockName || name == Self.sequenceName { continue }
            if name.hasPrefix(Self.temporaryPrefix) {
                handleTemporary(entryPath, policy: temporaries, ignored: &ignored)
                continue
            }
            switch kind {
            case .directory where ItemName.isComponent(name): folders.append(name)
            case .directory:
                ignored.append(
                    IgnoredEntry(path: entryPath, reason: "folder name is not an encoded service name"))
            case .symbolicLink:
                ignored.append(IgnoredEntry(path: entryPath, reason: "symbolic link (never followed)"))
            case .regular:
                ignored.append(IgnoredEntry(path: entryPath, reason: "not part of the keychain format"))
            case .other:
                ignored.append(IgnoredEntry(path: entryPath, reason: "not a regular file or folder"))
            }
        }
        return folders
    }

    /// Reads every item of one service folder into `found` (a missing folder holds nothing).
    private func scanItems(
        folder: String, temporaries: TemporaryPolicy, decoder: JSONDecoder, into found: inout Found
    ) throws(KeychainStoreError) {
        let folderPath = path + "/" + folder
        if let unusable = unusableServiceFolder(folder) {
            found.ignored.append(unusable)
            return
        }
        guard Posix.kind(of: folderPath) == .directory else { return }
        for (name, kind) in try fileCall({ () throws(FileError) in try Posix.listDirectory(folderPath) }) {
            let entryPath = folderPath + "/" + name
            if name.hasPrefix(Self.temporaryPrefix) {
                handleTemporary(entryPath, policy: temporaries, ignored: &found.ignored)
                continue
            }
            guard ItemName.synchronizable(ofItemFileName: name) != nil else {
                found.ignored.append(
                    IgnoredEntry(
                        path: entryPath, reason: "not an item file (names end in .item or .sync-item)"))
                continue
            }
            switch kind {
            case .directory:
                found.ignored.append(
                    IgnoredEntry(path: entryPath, reason: "a folder where an item file is expected"))
            case .symbolicLink:
                found.ignored.append(
                    IgnoredEntry(path: entryPath, reason: "symbolic link (never followed)"))
            case .other:
                found.ignored.append(IgnoredEntry(path: entryPath, reason: "not a regular file"))
            case .regular:
                collect(read(folder: folder, fileName: name, decoder: decoder), into: &found)
            }
        }
    }

    /// Reads and validates one item file: it must decode, belong to this group and sit exactly where
    /// its service, account and synchronizable flag say it should.
    private func read(folder: String, fileName: String, decoder: JSONDecoder) -> Probe {
        let filePath = path + "/" + folder + "/" + fileName
        let bytes: [UInt8]
        switch Posix.readFile(filePath, cap: ItemFile.sizeCap) {
        case .absent: return .absent
        case .rejected(let reason, let replaceable):
            return .ignored(IgnoredEntry(path: filePath, reason: reason), replaceable: replaceable)
        case .bytes(let content): bytes = content
        }
        let item: KeychainItem
        do {
            item = try ItemFile.decode(bytes, decoder: decoder)
        } catch {
            let replaceable = if case .malformed = error { true } else { false }
            return .ignored(IgnoredEntry(path: filePath, reason: error.reason), replaceable: replaceable)
        }
        let misplacement: String? =
            if item.accessGroup != accessGroup {
                "item belongs to access group \(item.accessGroup), not \(accessGroup)"
            } else if ItemName.component(for: item.service) != folder {
                "item's service does not match its folder"
            } else if ItemName.itemFileName(account: item.account, synchronizable: item.synchronizable)
                != fileName
            {
                "item's account or synchronizable flag does not match its file name"
            } else {
                nil
            }
        if let misplacement {
            return .ignored(IgnoredEntry(path: filePath, reason: misplacement), replaceable: false)
        }
        return .item(StoredItem(item: item, path: filePath))
    }

    private func handleTemporary(
        _ path: String, policy: TemporaryPolicy, ignored: inout [IgnoredEntry]
    ) {
        let remove: Bool
        switch policy {
        case .removeAll: remove = true
        case .removeStale: remove = (Posix.age(path) ?? 0) > Self.staleTemporaryAge
        }
        if remove, (try? Posix.removeFile(path)) != nil { return }
        ignored.append(
            IgnoredEntry(path: path, reason: "temporary file of an unfinished write (removed once stale)")
        )
    }

    // MARK: Writing (exclusive lock held)

    /// The path an item is stored at.
    func itemPath(service: String, account: String, synchronizable: Bool) -> String {
        path + "/" + ItemName.component(for: service) + "/"
            + ItemName.itemFileName(account: account, synchronizable: synchronizable)
    }

    /// Atomically creates or replaces the file of `item`.
    func write(_ item: KeychainItem) throws(KeychainStoreError) {
        let bytes = ItemFile.encode(item)
        guard bytes.count <= ItemFile.sizeCap else { throw .itemTooLarge(bytes: bytes.count) }
        let folder = ItemName.component(for: item.service)
        if let unusable = unusableServiceFolder(folder) {
            throw .occupied(path: unusable.path, reason: unusable.reason)
        }
        try fileCall { () throws(FileError) in try Posix.makeDirectories(path + "/" + folder) }
        let target = itemPath(service: item.service, account: item.account, synchronizable: item.synchronizable)
        try fileCall { () throws(FileError) in try Posix.writeAtomically(bytes, to: target, durable: durable) }
    }

    /// Deletes item files, then flushes each folder once.
    func remove(_ items: [StoredItem]) throws(KeychainStoreError) {
        var folders: [String] = []
        for stored in items {
            try fileCall { () throws(FileError) in try Posix.removeFile(stored.path) }
            let folder = (stored.path as NSString).deletingLastPathComponent
            if !folders.contains(folder) { folders.append(folder) }
        }
        if durable {
            for folder in folders { try fileCall { () throws(FileError) in try Posix.syncDirectory(folder) } }
        }
    }

    /// Takes the next insertion sequence number. `.sequence` holds the next number as 20 decimal
    /// digits and a newline, rewritten in place by one `pwrite` under the exclusive lock (only writers
    /// read it, and a kill cannot split a single small write). It is saved before the item is written,
    /// so a crash in between leaves a gap, never a reused number. A missing or unreadable counter is
    /// rebuilt from the highest sequence in the group.
    func nextSequence(decoder: JSONDecoder) throws(KeychainStoreError) -> UInt64 {
        let counterPath = path + "/" + Self.sequenceName
        let counter = try fileCall { () throws(FileError) in try CounterFile(path: counterPath) }
        defer { counter.closeFile() }
        let next: UInt64
        if let stored = counter.read(), stored > 0 {
            next = stored
        } else {
            let found = try find(.everything, temporaries: .removeAll, decoder: decoder)
            next = (found.items.last?.item.sequence ?? 0) + 1
        }
        try fileCall { () throws(FileError) in try counter.write(next + 1, durable: durable) }
        return next
    }
}
