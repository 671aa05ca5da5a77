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

    private static func shared(_ invocation: Invocation) throws -> (RingKeychainExchange, RingSharedRecordCalls) {
        let session = try AppSession.start(.ring, invocation)
        let calls = RingSharedRecordCalls(environment: session.environment, keychain: session.keychain)
        return (calls.exchange, calls)
    }

    /// Ring's native module on an Android world, nil on iOS.
    private static func androidModule(_ invocation: Invocation) throws -> RingProviderModule? {
        let session = try AppSession.start(.ring, invocation)
        guard session.install.platform == .android else { return nil }
        return session.environment.ringProviderModule(install: session.install)
    }

    /// Prints the outcome of one of the Android module's writes.
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
        if let module = try androidModule(invocation) {
            switch module.listPeers() {
            case .listed(let records):
                try invocation.emit(
                    ListOutput(ok: true, records: records),
                    text: records.isEmpty ? "No Bitkit records." : records.map(\.record).joined(separator: "\n"))
            case .unknown(let reason):
                try invocation.emit(ListOutput(ok: false, records: [], error: reason), text: "error: \(reason)")
            }
            return
        }
        let (shared, _) = try shared(invocation)
        switch Result(catching: { () throws(RingKeychainExchange.Failure) in try shared.listExternal() }) {
        case .success(let records):
            try invocation.emit(
                ListOutput(ok: true, records: records),
                text: records.isEmpty
                    ? "No Bitkit records." : records.map { "\($0.sourceApp):\($0.pubky)" }.joined(separator: "\n"))
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
        if let module = try androidModule(invocation) {
            let identity = SharedIdentity(pubky: pubky, sourceApp: source)
            let raw: String
            do throws(ProviderException) {
                raw = try module.externalSecret(identity)
            } catch {
                try invocation.emit(
                    SecretOutput(account: account, raw: nil, valid: false, error: error.message),
                    text: "\(account): error: \(error.message)")
                return
            }
            let read = module.readSecret(identity)
            switch read {
            case .found(let secret):
                try invocation.emit(
                    SecretOutput(account: account, raw: raw, valid: true), text: "\(account): \(secret)")
            case .absent, .unknown:
                let reason = read.unknownReason ?? "Shared record is missing or malformed"
                try invocation.emit(
                    SecretOutput(account: account, raw: raw, valid: false, error: reason),
                    text: "\(account): \(reason) (raw value: \"\(raw)\")")
            }
            return
        }
        let (shared, _) = try shared(invocation)
        let raw = Result(catching: { () throws(RingKeychainExchange.Failure) in
            try shared.getExternalSecret(pubky: pubky, sourceApp: source)
        })
        let checked = Result(catching: { () throws(RingKeychainExchange.Failure) in
            try shared.getExternalSecretKey(pubky: pubky, sourceApp: source)
        })
        switch (raw, checked) {
        case (.failure(let error), _):
            try invocation.emit(
                SecretOutput(account: account, raw: nil, valid: false, error: error.description),
                text: "\(account): error: \(error.description)")
        case (.success(let raw), .success(let secret)):
            try invocation.emit(SecretOutput(account: account, raw: raw, valid: true), text: "\(account): \(secret)")
        case (.success(let raw), .failure(let error)):
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
        if let module = try androidModule(invocation) {
            try report(
                account: account, done: "Published \(account).", invocation,
                module.offer(pubky: pubky, secret: secret, between: {}))
            return
        }
        let (_, app) = try shared(invocation)
        try report(account: account, done: "Published \(account).", invocation) {
            () throws(RingKeychainExchange.Failure) in
            try app.setOwnedRecord(pubky: pubky, secretKey: secret)
        }
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
        if let module = try androidModule(invocation) {
            try report(account: account, done: "Deleted \(account).", invocation, module.withdraw(pubky: pubky))
            return
        }
        let (shared, _) = try shared(invocation)
        try report(account: account, done: "Deleted \(account).", invocation) {
            () throws(RingKeychainExchange.Failure) in
            try shared.removeOwned(pubky: pubky)
        }
    }

    static let removeAllOwned = Command(
        "remove-all-owned",
        summary: "Delete every `app.pubkyring:` record; reports the last failure. Never touches Bitkit's.",
        examples: ["ring-sim keychain remove-all-owned"]
    ) { args, invocation in
        try args.finish()
        if let module = try androidModule(invocation) {
            let withdrawal = module.withdrawAll { _ in }
            try report(
                account: nil, done: "Deleted every app.pubkyring: record.", invocation,
                withdrawal.failure.map(SharingWrite.failed) ?? .done)
            return
        }
        let (_, app) = try shared(invocation)
        try report(account: nil, done: "Deleted every app.pubkyring: record.", invocation) {
            () throws(RingKeychainExchange.Failure) in
            try app.removeAllOwnedRecords()
        }
    }

    /// Prints the outcome of a native call: the app's error is output, not a tool failure.
    private static func report(
        account: String?, done: String, _ invocation: Invocation,
        _ call: () throws(RingKeychainExchange.Failure) -> Void
    ) throws {
        switch Result(catching: call) {
        case .success: try invocation.emit(ResultOutput(account: account, ok: true), text: done)
        case .failure(let error):
            try invocation.emit(
                ResultOutput(account: account, ok: false, error: error.description), text: "error: \(error)")
        }
    }
}
