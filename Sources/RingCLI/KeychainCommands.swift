import ContractNames
import IdentitySharing
import PubkyCrypto
import RingApp
import SimCLI

/// `ring-sim keychain …`: Ring's shared-record operations of spec/01 §11, one native call each; on
/// an Android world the same five calls of its native module over content providers (spec/07 §3, §5).
enum KeychainCommands {
    static let group = Command(
        "keychain", summary: "Pubky Ring's shared-record operations (spec/01 §11), one call each.",
        subcommands: [listExternal, getExternalSecret, setOwned, removeOwned, removeAllOwned])

    /// Ring's native calls as the device's OS answers them.
    private static func calls(_ invocation: Invocation) throws -> any RingNativeCalls {
        let session = try AppSession.start(.ring, invocation)
        return session.os.ringCalls(
            of: session.install, in: session.environment, keychain: session.keychain, service: SharedContract.service)
    }

    /// Prints the outcome of a native write: the app's error is output, not a tool failure.
    private static func report(account: String?, done: String, _ invocation: Invocation, _ write: SharingWrite) throws {
        switch write {
        case .done: try invocation.emit(ResultOutput(account: account, ok: true), text: done)
        case .failed(let reason):
            try invocation.emit(ResultOutput(account: account, ok: false, error: reason), text: "error: \(reason)")
        }
    }

    struct ListOutput: Encodable {
        var ok: Bool
        var records: [SharedIdentity]
        var error: String?
    }
    struct SecretOutput: Encodable {
        var account: String
        var raw: String?
        var valid: Bool
        var error: String?
    }
    struct ResultOutput: Encodable {
        var account: String?
        var ok: Bool
        var error: String?
    }

    static let listExternal = Command(
        "list-external", summary: "List Bitkit's records (all three Bitkit prefixes); an error is \"could not read\".",
        examples: [
            "bitkit-sim keychain publish-own 5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1",
            "ring-sim keychain list-external --json",
        ]
    ) { args, invocation in
        try args.finish()
        switch try calls(invocation).listExternal() {
        case .success(let records):
            try invocation.emit(
                ListOutput(ok: true, records: records),
                text: records.isEmpty ? "No Bitkit records." : records.map(\.record).joined(separator: "\n"))
        case .failure(let error):
            try invocation.emit(ListOutput(ok: false, records: [], error: error.description), text: "error: \(error)")
        }
    }

    static let getExternalSecret = Command(
        "get-external-secret", summary: "Read a Bitkit secret just in time, then apply Ring's check.",
        usage: "PUBKY SOURCE_APP",
        examples: [
            "bitkit-sim keychain publish-own 5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1",
            "ring-sim keychain get-external-secret aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy to.bitkit.dev",
        ]
    ) { args, invocation in
        let pubky = try args.positional("PUBKY")
        let source = try args.positional("SOURCE_APP")
        try args.finish()
        let account = SharedContract.account(sourceApp: source, pubky: pubky)
        switch try calls(invocation).externalSecret(SharedIdentity(pubky: pubky, sourceApp: source)) {
        case .failed(let error):
            try invocation.emit(
                SecretOutput(account: account, raw: nil, valid: false, error: error.description),
                text: "\(account): error: \(error.description)")
        case .returned(let raw, .success(let secret)):
            try invocation.emit(SecretOutput(account: account, raw: raw, valid: true), text: "\(account): \(secret)")
        case .returned(let raw, .failure(let error)):
            try invocation.emit(
                SecretOutput(account: account, raw: raw, valid: false, error: error.description),
                text: "\(account): \(error.description) (raw value: \"\(raw)\")")
        }
    }

    static let setOwned = Command(
        "set-owned",
        summary: "Publish Ring's record: delete, then add (not atomic; a checkpoint sits between the two).",
        usage: "SECRET_HEX [--pubky PUBKY]",
        details:
            "The native call does not validate its input; --pubky names the account for a secret that derives no key.",
        examples: ["ring-sim keychain set-owned 0101010101010101010101010101010101010101010101010101010101010101"]
    ) { args, invocation in
        let explicit = try args.option("--pubky")
        let secret = try args.positional("SECRET_HEX")
        try args.finish()
        guard let pubky = explicit ?? Ed25519KeyPair(secretHex: secret)?.pubky else {
            throw CLIError.usage("SECRET_HEX derives no key; pass --pubky PUBKY to name the account.")
        }
        let account = SharedContract.account(sourceApp: SharedContract.ringSourceApp, pubky: pubky)
        try report(
            account: account, done: "Published \(account).", invocation,
            calls(invocation).setOwned(pubky: pubky, secret: secret))
    }

    static let removeOwned = Command(
        "remove-owned", summary: "Delete Ring's record for PUBKY (not-found counts as done).",
        usage: "PUBKY",
        examples: [
            "ring-sim keychain set-owned 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim keychain remove-owned tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy",
        ]
    ) { args, invocation in
        let pubky = try args.positional("PUBKY")
        try args.finish()
        let account = SharedContract.account(sourceApp: SharedContract.ringSourceApp, pubky: pubky)
        try report(
            account: account, done: "Deleted \(account).", invocation, calls(invocation).removeOwned(pubky: pubky))
    }

    static let removeAllOwned = Command(
        "remove-all-owned",
        summary: "Delete every `app.pubkyring:` record; reports the last failure. Never touches Bitkit's.",
        examples: ["ring-sim keychain remove-all-owned"]
    ) { args, invocation in
        try args.finish()
        try report(
            account: nil, done: "Deleted every app.pubkyring: record.", invocation, calls(invocation).removeAllOwned())
    }
}
