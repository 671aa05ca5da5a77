import ContractNames
import Device
import Foundation
import Keychain
import PubkyCrypto
import SimCLI
import Simulation
import WorldFiles

/// `simctl keychain …`: the keychain inspector and injection tool. It works at the OS level: no
/// entitlement or lock checks, so QA can see and seed any state.
enum KeychainCommands {
    static let group = Command(
        "keychain", summary: "Inspect the keychain groups, or write and delete items directly.",
        subcommands: [list, write, delete])

    struct ItemOutput: Encodable {
        var group: String
        var service: String
        var account: String
        /// The owner prefix of a shared record, if it has a known one.
        var owner: String?
        var writer: String
        var accessibility: Accessibility
        var synchronizable: Bool
        var sequence: UInt64
        var createdAt: Date
        var modifiedAt: Date
        var dataLength: Int
        /// For shared records: whether the value is 64 lowercase hex deriving the account's pubky.
        var validSecret: Bool?
        /// Only with --show-secrets.
        var data: String?
    }

    struct ListOutput: Encodable {
        var items: [ItemOutput]
        var ignored: [IgnoredEntry]
    }

    /// The groups named by `--group`: shared, bitkit, ring, a literal group id, or every group on disk.
    static func groups(_ name: String?, world: World) throws -> [String] {
        switch name {
        case "shared": return [SharedContract.accessGroup]
        case "ring": return [SharedContract.ringPrivateGroup]
        case "bitkit":
            let bitkit = world.privateGroupsOnDisk().filter { $0.hasPrefix("KYH47R284B.to.bitkit") }
            if !bitkit.isEmpty { return bitkit }
            let network = (try DeviceStore(world: world).read().apps[.bitkit]?.network) ?? .regtest
            return [network.bitkitPrivateGroup]
        case let literal?:
            // A group id becomes a folder name: it must stay one folder inside the world.
            guard World.isValidAccessGroup(literal) else { throw invalidGroup(literal) }
            return [literal]
        case nil:
            return [SharedContract.accessGroup] + world.privateGroupsOnDisk()
        }
    }

    static func invalidGroup(_ name: String) -> CLIError {
        .usage(
            "'\(name)' is not a keychain group: give shared, bitkit, ring or an access group id such as KYH47R284B.app.pubkyring (letters, digits, '.', '-', '_'; no '..')."
        )
    }

    static func validSecret(account: String, data: [UInt8]) -> Bool? {
        guard SharedContract.owner(ofAccount: account) != nil, let colon = account.firstIndex(of: ":") else {
            return nil
        }
        let pubky = String(account[account.index(after: colon)...])
        guard let text = String(validating: data, as: UTF8.self), let pair = Ed25519KeyPair(secretHex: text) else {
            return false
        }
        return pair.pubky == pubky
    }

    static let list = Command(
        "list", summary: "List every item with owner, writer, accessibility and whether it holds a valid secret.",
        usage: "[--group shared|bitkit|ring|GROUP_ID] [--show-secrets]",
        details:
            "Secrets are never printed unless --show-secrets is given. Files in a group folder that are not valid items are listed as ignored.",
        examples: ["simctl keychain list --group shared", "simctl keychain list --json --show-secrets"]
    ) { args, invocation in
        let groupName = try args.option("--group")
        let showSecrets = args.flag("--show-secrets")
        try args.finish()
        let world = invocation.world
        try world.requireExists()
        var items: [ItemOutput] = []
        var ignored: [IgnoredEntry] = []
        for group in try groups(groupName, world: world) {
            let store = KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group)
            let found: (items: [KeychainItem], ignored: [IgnoredEntry])
            do { found = try store.inspect() } catch {
                throw CLIError.failure("Could not read group \(group): \(error)")
            }
            ignored += found.ignored
            items += found.items.map { item in
                ItemOutput(
                    group: group, service: item.service, account: item.account,
                    owner: group == SharedContract.accessGroup ? SharedContract.owner(ofAccount: item.account) : nil,
                    writer: item.writer, accessibility: item.accessibility, synchronizable: item.synchronizable,
                    sequence: item.sequence, createdAt: item.createdAt, modifiedAt: item.modifiedAt,
                    dataLength: item.data.count,
                    validSecret: group == SharedContract.accessGroup
                        ? validSecret(account: item.account, data: item.data) : nil,
                    data: showSecrets
                        ? (String(validating: item.data, as: UTF8.self) ?? "hex:" + Hex.encode(item.data)) : nil)
            }
        }
        try invocation.emit(ListOutput(items: items, ignored: ignored), text: render(items, ignored))
    }

    static func render(_ items: [ItemOutput], _ ignored: [IgnoredEntry]) -> String {
        var lines: [String] = []
        var currentGroup: String?
        for item in items {
            if item.group != currentGroup {
                currentGroup = item.group
                lines.append("\(item.group):")
            }
            var line = "  \(item.account)  [\(item.service)] \(item.accessibility.rawValue)"
            if item.synchronizable { line += " synchronizable" }
            line += " by \(item.writer)"
            if let valid = item.validSecret { line += valid ? ", valid secret" : ", NOT a valid secret for this pubky" }
            line += item.data.map { " = \($0)" } ?? " (\(item.dataLength) bytes hidden)"
            lines.append(line)
        }
        if items.isEmpty { lines.append("No items.") }
        for entry in ignored { lines.append("ignored: \(entry.path) — \(entry.reason)") }
        return lines.joined(separator: "\n")
    }

    static func parseGroup(_ args: inout Arguments, world: World) throws -> String {
        let name = try args.option("--group") ?? "shared"
        let resolved = try groups(name, world: world)
        guard resolved.count == 1, let group = resolved.first else {
            throw CLIError.usage("--group must name one group.")
        }
        return group
    }

    /// The service an app writes `account` under in `group`, the default of `write` and `delete`:
    /// `pubky.shared.v1` in the shared group, `to.bitkit` in Bitkit's private groups, and in Ring's
    /// the account itself (Ring names each item's service after its key).
    static func defaultService(group: String, account: String) -> String {
        if group == SharedContract.ringPrivateGroup { return account }
        if group == SharedContract.bitkitPrivateGroupPrefix
            || group.hasPrefix(SharedContract.bitkitPrivateGroupPrefix + ".")
        {
            return BitkitStoreKey.service
        }
        return SharedContract.service
    }

    static let serviceDefaults =
        "Without --service: pubky.shared.v1 in the shared group, to.bitkit in Bitkit's private groups, the account itself in Ring's (as each app writes them)."

    static let write = Command(
        "write", summary: "Write an item directly (the keychain tool QA uses to seed or corrupt a state).",
        usage:
            "--account ACCOUNT (--data TEXT | --data-hex HEX) [--group shared|bitkit|ring|GROUP_ID] [--service S] [--accessibility CLASS] [--synchronizable]",
        details:
            "The item is written as `simctl`, so the audit knows it was injected on purpose. Defaults: group shared, not synchronizable, and the class the apps use: WhenUnlockedThisDeviceOnly in the shared group, AfterFirstUnlockThisDeviceOnly in private groups. "
            + serviceDefaults,
        examples: [
            "simctl keychain write --account app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --data 0202020202020202020202020202020202020202020202020202020202020202",
            "simctl keychain write --account app.pubkyring:bad --data-hex ff --accessibility AfterFirstUnlockThisDeviceOnly",
        ]
    ) { args, invocation in
        try invocation.world.requireExists()
        let group = try parseGroup(&args, world: invocation.world)
        guard let account = try args.option("--account") else { throw CLIError.usage("Missing --account ACCOUNT.") }
        let service = try args.option("--service") ?? defaultService(group: group, account: account)
        let accessibility =
            try args.option(
                "--accessibility", expecting: Accessibility.allCases.map(\.rawValue).joined(separator: ", "),
                Accessibility.init(rawValue:))
            ?? (group == SharedContract.accessGroup ? .whenUnlockedThisDeviceOnly : .afterFirstUnlockThisDeviceOnly)
        let synchronizable = args.flag("--synchronizable")
        let text = try args.option("--data")
        let hex = try args.option("--data-hex", expecting: "hex bytes", Hex.decode)
        try args.finish()
        guard let data = text.map({ Array($0.utf8) }) ?? hex, (text == nil) != (hex == nil) else {
            throw CLIError.usage("Give exactly one of --data TEXT or --data-hex HEX.")
        }
        let store = KeychainGroupStore(directory: invocation.world.groupDirectory(group), accessGroup: group)
        let now = try invocation.environment(.bitkit).now()
        do {
            try store.write(
                NewKeychainItem(
                    accessGroup: group, service: service, account: account, data: data, accessibility: accessibility,
                    synchronizable: synchronizable), writer: "simctl", at: now)
        } catch { throw CLIError.failure("Could not write \(account): \(error)") }
        let environment = invocation.environment(.bitkit)
        environment.record(
            JournalEntry(
                app: "simctl", kind: .keychain(.inject), group: group, service: service, account: account,
                status: 0, data: true, count: 1))
        if group == SharedContract.accessGroup {
            environment.record(sharingEvent(.inject, account: account, changed: true))
        }
        try invocation.emit(["group": group, "account": account], text: "Wrote \(account) in \(group).")
    }

    static let delete = Command(
        "delete", summary: "Delete an item directly.",
        usage: "--account ACCOUNT [--group shared|bitkit|ring|GROUP_ID] [--service S]",
        details: serviceDefaults
            + " A delete that finds no such item removes nothing and says so: exit 1 with the status the keychain returned, errSecItemNotFound (-25300).",
        examples: [
            "simctl keychain write --account app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --data 0101010101010101010101010101010101010101010101010101010101010101",
            "simctl keychain delete --account app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy",
            "simctl keychain delete --group bitkit --account paykit_session   # exit 1: no saved session, nothing to delete",
        ]
    ) { args, invocation in
        try invocation.world.requireExists()
        let group = try parseGroup(&args, world: invocation.world)
        guard let account = try args.option("--account") else { throw CLIError.usage("Missing --account ACCOUNT.") }
        let service = try args.option("--service") ?? defaultService(group: group, account: account)
        try args.finish()
        let store = KeychainGroupStore(directory: invocation.world.groupDirectory(group), accessGroup: group)
        let removed: Bool
        do { removed = try store.remove(service: service, account: account) } catch {
            throw CLIError.failure("Could not delete \(account): \(error)")
        }
        let environment = invocation.environment(.bitkit)
        environment.record(
            JournalEntry(
                app: "simctl", kind: .keychain(.remove), group: group, service: service, account: account,
                status: removed ? 0 : -25300))
        if group == SharedContract.accessGroup {
            environment.record(sharingEvent(.remove, account: account, changed: removed))
        }
        guard removed else {
            throw CLIError.failure(
                "No item \(account) with service \(service) in \(group): nothing deleted (errSecItemNotFound, -25300).")
        }
        try invocation.emit(
            DeleteOutput(group: group, service: service, account: account, removed: true, status: 0),
            text: "Deleted \(account) (service \(service)) from \(group).")
    }

    struct DeleteOutput: Encodable {
        var group: String
        var service: String
        var account: String
        var removed: Bool
        var status: Int32
    }

    /// The neutral line of a direct write or removal in the shared group: the audit replays what the
    /// device shares from `sharing` events alone, and never blames `simctl` for them.
    static func sharingEvent(_ op: SharingOp, account: String, changed: Bool) -> JournalEntry {
        var entry = JournalEntry(app: "simctl", kind: .sharing(op), account: account)
        entry.records = changed ? [account] : []
        entry.result = (changed ? SharingResult.done : .absent).rawValue
        return entry
    }
}
