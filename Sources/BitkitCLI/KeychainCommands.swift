import BitkitApp
import ContractNames
import IdentitySharing
import PubkyCrypto
import SimCLI

/// `bitkit-sim keychain …`: Bitkit's shared-record operations of spec/01 §10, callable one by one so
/// the contract can be driven and inspected directly.
enum KeychainCommands {
    static let group = Command(
        "keychain", summary: "Bitkit's shared-record operations (spec/01 §10), one call each.",
        subcommands: [listRing, loadSecret, isDefinitelyMissing, publishOwn, removeOwn, removeAllOwn])

    private static func calls(_ invocation: Invocation) throws -> BitkitSharedRecordCalls {
        let session = try AppSession.start(.bitkit, invocation)
        return BitkitSharedRecordCalls(app: BitkitRunner.app(of: session), keychain: session.keychain)
    }

    private static func shared(_ invocation: Invocation) throws -> BitkitKeychainExchange {
        try calls(invocation).exchange
    }

    /// The calls for the reads: the shared group's on iOS (answered even for a build that never
    /// makes them), Bitkit's provider client on Android.
    private static func seam(_ invocation: Invocation) throws -> any IdentitySharing {
        let session = try AppSession.start(.bitkit, invocation)
        guard session.install.platform == .android else {
            return BitkitSharedRecordCalls(app: BitkitRunner.app(of: session), keychain: session.keychain).exchange
        }
        return session.environment.bitkitProviderClient(install: session.install)
    }

    /// The writes exist on iOS only: on Android Bitkit's provider serves PUBKY_SECRET_KEY live.
    private static func requireIOS(_ invocation: Invocation, _ command: String) throws {
        let session = try AppSession.start(.bitkit, invocation)
        guard session.install.platform == .ios else {
            throw CLIError.usage(
                "`bitkit-sim keychain \(command)` writes the iOS shared group; on Android Bitkit publishes nothing — its provider serves PUBKY_SECRET_KEY live (spec/07 §2). Use `simctl provider query bitkit identities --as ring` to see what it serves."
            )
        }
    }

    private static func ring(_ pubky: String) -> SharedIdentity {
        SharedIdentity(pubky: pubky, sourceApp: SharedContract.ringSourceApp)
    }

    struct ListOutput: Encodable { var pubkys: [String] }
    struct SecretOutput: Encodable {
        var account: String
        var secret: String?
    }
    struct MissingOutput: Encodable {
        var account: String
        var definitelyMissing: Bool
    }
    struct StatusOutput: Encodable {
        var account: String
        var status: Int32
        var statusName: String?
    }
    struct RemovedOutput: Encodable {
        var ownPrefix: String
        var deleted: [String]
    }

    static let listRing = Command(
        "list-ring", summary: "List Ring's pubkys (`app.pubkyring:` accounts, attributes only; failures list nothing).",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "bitkit-sim keychain list-ring --json",
        ]
    ) { args, invocation in
        try args.finish()
        let pubkys = try seam(invocation).listPeers().identities.map(\.pubky)
        try invocation.emit(
            ListOutput(pubkys: pubkys),
            text: pubkys.isEmpty
                ? "No Pubky Ring pubkys listed."
                : pubkys.enumerated().map { "#\($0.offset + 1) \($0.element)" }.joined(separator: "\n"))
    }

    static let loadSecret = Command(
        "load-secret",
        summary: "Read one Ring secret just in time, with Bitkit's checks (nil when absent, locked or invalid).",
        usage: "PUBKY",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "bitkit-sim keychain load-secret tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy",
        ]
    ) { args, invocation in
        let pubky = try args.positional("PUBKY")
        try args.finish()
        let secret = try seam(invocation).readSecret(ring(pubky)).secret
        let account = SharedContract.account(sourceApp: SharedContract.ringSourceApp, pubky: pubky)
        try invocation.emit(
            SecretOutput(account: account, secret: secret),
            text: secret.map { "\(account): \($0)" }
                ?? "\(account): unavailable (missing, locked, malformed or another key's secret)")
    }

    static let isDefinitelyMissing = Command(
        "is-definitely-missing",
        summary: "Ask whether Ring's record is definitely gone (true only for errSecItemNotFound).",
        usage: "PUBKY",
        examples: [
            "bitkit-sim keychain is-definitely-missing tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy",
            "simctl device lock",
            "bitkit-sim keychain is-definitely-missing tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy",
        ]
    ) { args, invocation in
        let pubky = try args.positional("PUBKY")
        try args.finish()
        let missing = try seam(invocation).presence(of: ring(pubky)) == .absent
        let account = SharedContract.account(sourceApp: SharedContract.ringSourceApp, pubky: pubky)
        try invocation.emit(
            MissingOutput(account: account, definitelyMissing: missing),
            text: "\(account): " + (missing ? "definitely missing" : "not definitely missing"))
    }

    static let publishOwn = Command(
        "publish-own",
        summary: "Publish this build's own record for the key of SECRET_HEX (add, or update the data on a duplicate).",
        usage: "SECRET_HEX",
        examples: ["bitkit-sim keychain publish-own 5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"]
    ) { args, invocation in
        let secret = try args.positional("SECRET_HEX")
        try args.finish()
        guard let pair = Ed25519KeyPair(secretHex: secret) else {
            throw CLIError.usage("SECRET_HEX must be 64 lowercase hex characters.")
        }
        try requireIOS(invocation, "publish-own")
        let shared = try shared(invocation)
        let status = shared.publishOwn(pubky: pair.pubky, secretHex: secret)
        let account = SharedContract.account(sourceApp: shared.ownSourceApp, pubky: pair.pubky)
        try invocation.emit(
            StatusOutput(account: account, status: status.rawValue, statusName: status.name),
            text: status == .success
                ? "Published \(account)." : "Publishing \(account) failed with \(status) (logged, not thrown).")
    }

    static let removeOwn = Command(
        "remove-own", summary: "Delete this build's own record for PUBKY (status ignored by the app).",
        usage: "PUBKY",
        examples: [
            "bitkit-sim keychain publish-own 5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1",
            "bitkit-sim keychain remove-own aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy",
        ]
    ) { args, invocation in
        let pubky = try args.positional("PUBKY")
        try args.finish()
        try requireIOS(invocation, "remove-own")
        let shared = try shared(invocation)
        let status = shared.removeOwn(pubky: pubky)
        let account = SharedContract.account(sourceApp: shared.ownSourceApp, pubky: pubky)
        try invocation.emit(
            StatusOutput(account: account, status: status.rawValue, statusName: status.name),
            text: "Deleted \(account): \(status).")
    }

    static let removeAllOwn = Command(
        "remove-all-own",
        summary: "Delete every record with this build's prefix; other networks and Ring are untouched.",
        examples: ["bitkit-sim keychain remove-all-own"]
    ) { args, invocation in
        try args.finish()
        try requireIOS(invocation, "remove-all-own")
        let calls = try calls(invocation)
        let shared = calls.exchange
        let deleted = calls.removeAllOwnRecords().tried.map(\.record)
        try invocation.emit(
            RemovedOutput(ownPrefix: shared.ownSourceApp, deleted: deleted),
            text: deleted.isEmpty
                ? "No \(shared.ownSourceApp): records to delete."
                : "Deleted \(deleted.count): " + deleted.joined(separator: ", "))
    }
}
