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

    /// Bitkit's calls as the device's OS answers them: the shared group's on iOS (answered even for
    /// a build that never makes them), its provider client's on Android.
    private static func calls(_ invocation: Invocation) throws -> any BitkitNativeCalls {
        let session = try AppSession.start(.bitkit, invocation)
        return session.os.bitkitCalls(
            of: session.install, in: session.environment, keychain: session.keychain, service: SharedContract.service)
    }

    /// A write's answer, or the platform's refusal as a usage error.
    private static func write<T>(_ command: String, _ result: Result<T, NativeCallRefusal>) throws -> T {
        switch result {
        case .success(let value): return value
        case .failure(let refusal): throw CLIError.usage("`bitkit-sim keychain \(command)` \(refusal.reason)")
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
        let pubkys = try calls(invocation).reads.listPeers().identities.map(\.pubky)
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
        let secret = try calls(invocation).reads.readSecret(ring(pubky)).secret
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
        let missing = try calls(invocation).reads.presence(of: ring(pubky)) == .absent
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
        let shared = try calls(invocation)
        let status = try write("publish-own", shared.publishOwn(pubky: pair.pubky, secretHex: secret))
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
        let shared = try calls(invocation)
        let status = try write("remove-own", shared.removeOwn(pubky: pubky))
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
        let shared = try calls(invocation)
        let deleted = try write("remove-all-own", shared.removeAllOwn()).tried.map(\.record)
        try invocation.emit(
            RemovedOutput(ownPrefix: shared.ownSourceApp, deleted: deleted),
            text: deleted.isEmpty
                ? "No \(shared.ownSourceApp): records to delete."
                : "Deleted \(deleted.count): " + deleted.joined(separator: ", "))
    }
}
