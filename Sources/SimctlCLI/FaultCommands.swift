import ContractNames
import Device
import Keychain
import SimCLI

/// `simctl fault …`: force keychain statuses.
enum FaultCommands {
    static let group = Command(
        "fault", summary: "Force a keychain status on an app's operations (spec/01 §14).",
        subcommands: [add, sdk, list, clear])

    struct FaultsOutput: Encodable {
        var faults: [FaultRule]
        var sdkFaults: [SDKFault] = []
    }

    static let sdk = Command(
        "sdk", summary: "Make a named SDK or service call of an app fail (e.g. Bitkit's forget-session).",
        usage: "--app bitkit|ring NAME [--count N] [--after N]",
        details:
            "`bitkit-sim checkpoints` and Docs/cli-bitkit.md list the names an app supports. Without --count the fault stays until `simctl fault clear`. --after N lets the first N matching calls pass before the fault starts failing them.",
        examples: [
            "simctl fault sdk --app bitkit forget-session",
            "simctl fault sdk --app bitkit contact-save --after 2 --count 1 --json",
        ]
    ) { args, invocation in
        guard let app = try args.option("--app", expecting: "bitkit or ring", AppKind.init(argument:)) else {
            throw CLIError.usage("Missing --app bitkit|ring.")
        }
        let count = try args.option("--count", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let after = try args.option("--after", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let name = try args.positional("NAME")
        try args.finish()
        let fault = SDKFault(app: app, name: name, remaining: count, skip: after)
        let state = try DeviceStore(world: invocation.world).update { state -> DeviceState in
            state.sdkFaults.append(fault)
            return state
        }
        invocation.journalTool(.faultSDK, detail: "\(app.rawValue) \(name)" + (after.map { " after \($0)" } ?? ""))
        try invocation.emit(
            FaultsOutput(faults: state.faults, sdkFaults: state.sdkFaults),
            text: "\(app.displayName)'s \(name) will fail"
                + (after.map { " after \($0) passing call(s)," } ?? "")
                + (count.map { " \($0) time(s)." } ?? " until cleared."))
    }

    static let add = Command(
        "add", summary: "Force STATUS on the app's operations of a kind, in a group, whose account matches GLOB.",
        usage:
            "--app bitkit|ring --op read|write|delete|list [--group shared|bitkit|ring|GROUP_ID] --account GLOB --status CODE [--count N]",
        details: """
            read = a copy-matching of one item (with or without data), list = an enumeration, write = add or update.
            --group picks the keychain group whose operations the rule hits: shared (the default, KYH47R284B.pubky.shared),
            bitkit (Bitkit's private group, any network), ring (KYH47R284B.app.pubkyring) or an access group id; an
            operation on another group is never forced and never uses up a counted rule. CODE is a number (-25308) or a
            name (errSecInteractionNotAllowed). GLOB is a shell pattern over the account, e.g. 'app.pubkyring:*'; '*'
            also matches operations that name no account. Without --count the fault stays until `simctl fault clear`.
            On an Android world, where no shared group exists, a shared-group rule of --app ring hits Ring's native
            writes (write: setOwned) and removals (delete: removeOwned, and removeAllOwned with '*') of its shared_pubky
            store, account app.pubkyring:<pubky>: they reject with a KeyStoreException naming CODE (spec/07 §3).
            Provider queries fail with `simctl provider fault` and `simctl provider revoke`.
            """,
        examples: [
            "simctl fault add --app bitkit --op read --account 'app.pubkyring:*' --status -25308",
            "simctl fault add --app ring --op delete --account '*' --status -25291 --count 1",
            "simctl fault add --app bitkit --op delete --group bitkit --account paykit_session --status -25308",
        ]
    ) { args, invocation in
        guard let app = try args.option("--app", expecting: "bitkit or ring", AppKind.init(argument:)) else {
            throw CLIError.usage("Missing --app bitkit|ring.")
        }
        guard
            let op = try args.option(
                "--op", expecting: "read, write, delete or list", KeychainOperation.init(rawValue:))
        else {
            throw CLIError.usage("Missing --op read|write|delete|list.")
        }
        let group =
            try args.option(
                "--group", expecting: "shared, bitkit, ring or an access group id such as KYH47R284B.app.pubkyring",
                FaultScope.init(argument:)) ?? .shared
        let account = try args.option("--account") ?? "*"
        guard
            let status = try args.option("--status", expecting: "a status code such as -25308", OSStatus.init(parsing:))
        else {
            throw CLIError.usage("Missing --status CODE.")
        }
        let count = try args.option("--count", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        try args.finish()
        let rule = try DeviceStore(world: invocation.world).update { state -> FaultRule in
            let rule = FaultRule(
                id: state.nextFaultID, app: app, operation: op, group: group, account: account, status: status,
                remaining: count)
            state.nextFaultID += 1
            state.faults.append(rule)
            return rule
        }
        invocation.journalTool(.faultAdd, detail: "#\(rule.id) \(describe(rule))")
        try invocation.emit(
            FaultsOutput(faults: [rule]),
            text: "Fault #\(rule.id): \(app.rawValue) \(op.rawValue) in \(group) \(account) → \(status)"
                + (count.map { " for \($0) operation(s)" } ?? ""))
    }

    /// `bitkit read shared app.pubkyring:* -25308`.
    static func describe(_ rule: FaultRule) -> String {
        "\(rule.app.rawValue) \(rule.operation.rawValue) \(rule.group) \(rule.account) \(rule.status.rawValue)"
    }

    static let list = Command("list", summary: "List active fault rules.", examples: ["simctl fault list --json"]) {
        args, invocation in
        try args.finish()
        let state = try DeviceStore(world: invocation.world).read()
        let lines =
            state.faults.map {
                "#\($0.id) \($0.app.rawValue) \($0.operation.rawValue) in \($0.group) \($0.account) → \($0.status)"
                    + ($0.remaining.map { " (\($0) left)" } ?? "")
            }
            + state.sdkFaults.map {
                "sdk \($0.app.rawValue) \($0.name)" + ($0.remaining.map { " (\($0) left)" } ?? "")
                    + ($0.skip.map { " (after \($0))" } ?? "")
            }
        try invocation.emit(
            FaultsOutput(faults: state.faults, sdkFaults: state.sdkFaults),
            text: lines.isEmpty ? "No faults." : lines.joined(separator: "\n"))
    }

    static let clear = Command("clear", summary: "Remove every fault rule.", examples: ["simctl fault clear"]) {
        args, invocation in
        try args.finish()
        try DeviceStore(world: invocation.world).update {
            $0.faults = []
            $0.sdkFaults = []
        }
        invocation.journalTool(.faultClear)
        try invocation.emit(FaultsOutput(faults: []), text: "Cleared all faults.")
    }
}
