import AndroidPlatform
import ContractNames
import Device
import Foundation
import IdentitySharing
import Platforms
import SimCLI
import WorldFiles

/// `simctl provider …`: Android's content providers (spec/07): query one as an app would, and the
/// faults of spec/07 §0 — a path answering null or throwing, a revoked permission grant, an entry of
/// Ring's `shared_pubky` that no longer decrypts.
enum ProviderCommands {
    static let group = Command(
        "provider", summary: "Query an Android app's content provider, or make one fail (Android worlds).",
        subcommands: [query, put, remove, fault, revoke, corrupt, list, clear])

    struct FaultsOutput: Encodable {
        var providerFaults: [ProviderFault]
        var revokedGrants: [RevokedGrant]
    }

    struct QueryOutput: Encodable {
        var uri: String
        var caller: String
        /// `rows`, `empty`, `null` or `exception`.
        var outcome: String
        var rows: [[String: String?]]
        var exception: String?
    }

    /// The world's device and its content providers; a usage error on a platform without them.
    static func deviceWithProviders(_ invocation: Invocation) throws -> (DeviceState, AndroidPhone) {
        let state = try DeviceStore(world: invocation.world).read()
        guard let providers = PlatformOS.contentProviders(of: state.platform) else {
            throw CLIError.usage(
                "This world's device is \(state.platform.displayName): content providers exist on Android worlds only (`simctl world init --platform android`)."
            )
        }
        return (state, providers)
    }

    /// Runs `body` on Ring's `shared_pubky` store of an Android world; a store failure is the
    /// command's failure (exit 1), with the store's message.
    @discardableResult
    static func withRingStore<T>(
        _ invocation: Invocation, _ body: (SharedPubkyStore) throws(SharedPubkyStore.Failure) -> T
    ) throws -> T {
        let (_, providers) = try deviceWithProviders(invocation)
        do throws(SharedPubkyStore.Failure) {
            return try body(providers.ringSharedPubkyStore(in: invocation.environment(.ring)))
        } catch {
            throw CLIError.failure("Ring's shared_pubky store failed: \(error.message)")
        }
    }

    /// `bitkit` / `ring` (or a package, `to.bitkit.dev`, or an authority) → the provider's authority.
    static func authority(_ text: String, _ state: DeviceState) throws -> String {
        if text.hasSuffix(AndroidContract.authoritySuffix) { return text }
        if let app = AppKind(argument: text) {
            guard let install = state.apps[app] else { throw WorldError.notInstalled(app) }
            return AndroidContract.authority(of: install.package)
        }
        if text == AndroidContract.ringPackage || AndroidContract.bitkitPackages.contains(text) {
            return AndroidContract.authority(of: text)
        }
        throw CLIError.usage(
            "Unknown provider '\(text)': expected bitkit, ring, a package (to.bitkit.dev) or an authority (app.pubkyring.sharedpubky)."
        )
    }

    /// `identities` or `credential PUBKY` or a literal path.
    static func path(_ text: String, pubky: String?) throws -> String {
        switch text {
        case "identities", AndroidContract.pathIdentities: return AndroidContract.pathIdentities
        case "credential":
            guard let pubky, !pubky.isEmpty else { throw CLIError.usage("credential needs a PUBKY.") }
            return AndroidContract.credentialPath(pubky)
        case "*": return "*"
        default:
            guard !text.isEmpty, !text.hasPrefix("/") else {
                throw CLIError.usage("A path is identities, credential PUBKY, * or a path like v1/identities.")
            }
            return text
        }
    }

    static let query = Command(
        "query",
        summary: "Query PROVIDER's PATH as the app --as calls it: the system's checks, then the provider's own.",
        usage: "PROVIDER identities|credential PUBKY|PATH --as bitkit|ring",
        details:
            "PROVIDER is bitkit, ring, a package or an authority. The call is the app's own (journalled as its provider event, and a scheduling point): a caller signed with another certificate gets the permission denial or the provider's signature check; secrets are printed, as the cursor holds them.",
        examples: [
            "A=$(mktemp -d)/android", "simctl world init --platform android --with-apps --world \"$A\"",
            "simctl provider query ring identities --as bitkit --world \"$A\"",
            "simctl install ring --signed-by other --world \"$A\"",
            "simctl provider query ring identities --as bitkit --world \"$A\"",
        ]
    ) { args, invocation in
        guard let caller = try args.option("--as", expecting: "bitkit or ring", AppKind.init(argument:)) else {
            throw CLIError.usage("Missing --as bitkit|ring: a provider is always called by an app.")
        }
        let providerText = try args.positional("PROVIDER")
        let pathText = try args.positional("PATH")
        let pubky = pathText == "credential" ? try args.positional("PUBKY") : nil
        try args.finish()
        let (state, providers) = try deviceWithProviders(invocation)
        let authority = try authority(providerText, state)
        let path = try path(pathText, pubky: pubky)
        guard let install = state.apps[caller] else { throw WorldError.notInstalled(caller) }
        let resolver = providers.contentResolver(caller: install, in: invocation.environment(caller))
        let uri = AndroidContract.uri(authority: authority, path: path)
        var output = QueryOutput(uri: uri, caller: install.package, outcome: "null", rows: [], exception: nil)
        do throws(ProviderException) {
            switch try resolver.query(authority, path) {
            case .null: output.outcome = "null"
            case .rows(let rows):
                output.outcome = rows.isEmpty ? "empty" : "rows"
                output.rows = rows.map(\.values)
            }
        } catch {
            output.outcome = "exception"
            output.exception = "\(error.kind): \(error.message)"
        }
        var lines = ["\(uri) as \(install.package): \(output.outcome)"]
        if let exception = output.exception { lines[0] += " — \(exception)" }
        for row in output.rows {
            lines.append(
                "  " + row.keys.sorted().map { "\($0)=\(row[$0].flatMap { $0 } ?? "null")" }.joined(separator: "  "))
        }
        try invocation.emit(output, text: lines.joined(separator: "\n"))
    }

    static let fault = Command(
        "fault", summary: "Make PROVIDER's PATH answer a null cursor, or throw, until cleared.",
        usage: "PROVIDER identities|credential PUBKY|*|PATH (--null | --throw MESSAGE)",
        examples: [
            "A=$(mktemp -d)/android", "simctl world init --platform android --with-apps --world \"$A\"",
            "simctl provider fault ring identities --null --world \"$A\"",
            "simctl provider fault bitkit '*' --throw 'Binder died' --world \"$A\"",
        ]
    ) { args, invocation in
        let null = args.flag("--null")
        let message = try args.option("--throw", expecting: "a message") { $0.isEmpty ? nil : $0 }
        let providerText = try args.positional("PROVIDER")
        let pathText = try args.positional("PATH")
        let pubky = pathText == "credential" ? try args.positional("PUBKY") : nil
        try args.finish()
        guard null != (message != nil) else { throw CLIError.usage("Give one of --null or --throw MESSAGE.") }
        let (state, _) = try deviceWithProviders(invocation)
        let rule = ProviderFault(
            authority: try authority(providerText, state), path: try path(pathText, pubky: pubky), exception: message)
        let updated = try DeviceStore(world: invocation.world).update { state -> DeviceState in
            state.providerFaults.append(rule)
            return state
        }
        invocation.journalTool(
            .providerFault, detail: "\(rule.authority) \(rule.path) " + (message.map { "throws \($0)" } ?? "null"))
        try invocation.emit(
            FaultsOutput(providerFaults: updated.providerFaults, revokedGrants: updated.revokedGrants),
            text: "content://\(rule.authority)/\(rule.path) now "
                + (message.map { "throws \"\($0)\"" } ?? "answers a null cursor")
                + " until `simctl provider clear`.")
    }

    static let revoke = Command(
        "revoke",
        summary: "Revoke APP's grant of PROVIDER's permission: its queries then fail with a SecurityException.",
        usage: "APP PROVIDER",
        examples: [
            "A=$(mktemp -d)/android", "simctl world init --platform android --with-apps --world \"$A\"",
            "simctl provider revoke bitkit ring --world \"$A\"",
        ]
    ) { args, invocation in
        let app = try BreakCommands.parseApp(try args.positional("APP"))
        let providerText = try args.positional("PROVIDER")
        try args.finish()
        let (state, _) = try deviceWithProviders(invocation)
        let authority = try authority(providerText, state)
        let package = String(authority.dropLast(AndroidContract.authoritySuffix.count))
        let grant = RevokedGrant(app: app, permission: AndroidContract.permission(of: package))
        let updated = try DeviceStore(world: invocation.world).update { state -> DeviceState in
            if !state.revokedGrants.contains(grant) { state.revokedGrants.append(grant) }
            return state
        }
        invocation.journalTool(.revoke, detail: grant.journalDetail)
        try invocation.emit(
            FaultsOutput(providerFaults: updated.providerFaults, revokedGrants: updated.revokedGrants),
            text: "\(app.displayName) no longer holds \(grant.permission).")
    }

    static let put = Command(
        "put",
        summary:
            "Write an entry into Ring's shared_pubky store as Ring's native module would (sealed), whatever SECRET is.",
        usage: "PUBKY --secret TEXT",
        details:
            "The entry is exactly PUBKY (not normalised) holding TEXT sealed under Ring's keystore key: Ring's provider lists it and serves TEXT as its credential, valid or not — the Android way to plant a record that holds another key's secret or a malformed one (the iOS way is `simctl keychain put`).",
        examples: [
            "A=$(mktemp -d)/android", "simctl world init --platform android --with-apps --world \"$A\"",
            "simctl provider put tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --secret 0202020202020202020202020202020202020202020202020202020202020202 --world \"$A\"",
            "simctl sharing list --world \"$A\"",
        ]
    ) { args, invocation in
        guard let secret = try args.option("--secret") else {
            throw CLIError.usage("Missing --secret TEXT.")
        }
        let pubky = try args.positional("PUBKY")
        try args.finish()
        try withRingStore(invocation) { store throws(SharedPubkyStore.Failure) in
            try store.set(pubky: pubky, secret: secret, writer: "simctl")
        }
        invocation.journalTool(.providerPut, detail: AndroidContract.storeEntryDetail(pubky))
        try invocation.emit(["written": pubky], text: "Ring's shared_pubky store now holds an entry for \(pubky).")
    }

    static let remove = Command(
        "remove", summary: "Remove Ring's shared_pubky entry for PUBKY, as if Ring no longer mirrored it.",
        usage: "PUBKY",
        examples: [
            "A=$(mktemp -d)/android", "simctl world init --platform android --with-apps --world \"$A\"",
            "simctl provider put tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --secret 0101010101010101010101010101010101010101010101010101010101010101 --world \"$A\"",
            "simctl provider remove tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --world \"$A\"",
        ]
    ) { args, invocation in
        let pubky = try args.positional("PUBKY")
        try args.finish()
        let removed = try withRingStore(invocation) { store throws(SharedPubkyStore.Failure) in
            try store.remove(pubky: pubky)
        }
        guard removed else {
            throw CLIError.failure("Ring's shared_pubky store has no entry for \(pubky): nothing removed.")
        }
        invocation.journalTool(.providerRemove, detail: AndroidContract.storeEntryDetail(pubky))
        try invocation.emit(["removed": pubky], text: "Ring's shared_pubky entry for \(pubky) is gone.")
    }

    static let corrupt = Command(
        "corrupt", summary: "Make Ring's shared_pubky entry for PUBKY undecryptable (its row stays listed).",
        usage: "PUBKY",
        examples: [
            "A=$(mktemp -d)/android", "simctl world init --platform android --with-apps --world \"$A\"",
            "ring-sim launch --world \"$A\" && ring-sim onboarding finish --world \"$A\"",
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 --world \"$A\"",
            "simctl provider corrupt tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy --world \"$A\"",
            "simctl sharing list --world \"$A\"",
        ]
    ) { args, invocation in
        let pubky = try args.positional("PUBKY")
        try args.finish()
        let entries = try withRingStore(invocation) { store throws(SharedPubkyStore.Failure) in try store.entries() }
        guard entries.contains(where: { $0.pubky == pubky }) else {
            throw CLIError.usage("Ring's shared_pubky store has no entry for \(pubky).")
        }
        try withRingStore(invocation) { store throws(SharedPubkyStore.Failure) in
            // Twelve zero bytes of IV and a tag that cannot verify.
            try store.overwrite(pubky: pubky, value: Data([UInt8](repeating: 0, count: 40)).base64EncodedString())
        }
        invocation.journalTool(.corrupt, detail: AndroidContract.storeEntryDetail(pubky))
        try invocation.emit(["corrupted": pubky], text: "Ring's shared_pubky entry for \(pubky) no longer decrypts.")
    }

    static let list = Command(
        "list", summary: "List the provider faults and revoked grants.",
        examples: [
            "A=$(mktemp -d)/android", "simctl world init --platform android --with-apps --world \"$A\"",
            "simctl provider list --world \"$A\"",
        ]
    ) { args, invocation in
        try args.finish()
        let (state, _) = try deviceWithProviders(invocation)
        var lines = state.providerFaults.map {
            "Fault: content://\($0.authority)/\($0.path) " + ($0.exception.map { "throws \"\($0)\"" } ?? "answers null")
        }
        lines += state.revokedGrants.map { "Revoked: \($0.app.rawValue) \($0.permission)" }
        try invocation.emit(
            FaultsOutput(providerFaults: state.providerFaults, revokedGrants: state.revokedGrants),
            text: lines.isEmpty ? "No provider faults; every grant held." : lines.joined(separator: "\n"))
    }

    static let clear = Command(
        "clear", summary: "Clear every provider fault and restore every revoked grant.",
        examples: [
            "A=$(mktemp -d)/android", "simctl world init --platform android --with-apps --world \"$A\"",
            "simctl provider clear --world \"$A\"",
        ]
    ) { args, invocation in
        try args.finish()
        _ = try deviceWithProviders(invocation)
        _ = try DeviceStore(world: invocation.world).update { state in
            state.providerFaults = []
            state.revokedGrants = []
        }
        invocation.journalTool(.providerClear)
        try invocation.emit(
            FaultsOutput(providerFaults: [], revokedGrants: []), text: "Provider faults cleared; grants restored.")
    }
}
