import Backend
import ContractNames
import Device
import Foundation
import Keychain
import PaykitContract
import Platforms
import PubkyCrypto
import PubkyProtocol
import SimCLI
import WorldFiles

/// `simctl issuer …`: the Paykit issuer of the journey (spec/05 §8, spec/06 §3), a world actor: it
/// publishes payment endpoints, sends one-time payment requests to Bitkit's pubky, and mints the
/// regtest addresses and BOLT 11 invoices it publishes.
enum IssuerCommands {
    static let group = Command(
        "issuer",
        summary: "The Paykit issuer: publish endpoints, send payment requests, mint addresses and invoices.",
        subcommands: [setup, publish, unpublish, request, address, invoice])

    // The simulator delivers decoded request records where Bitkit's sync reads them
    // (`PaykitPath.requests(to:)`, spec/04 §13); the real protocol encrypts them.

    struct SetupOutput: Encodable {
        var issuer: String
        var homeserver: String
        var signedUp: Bool
    }

    static let setup = Command(
        "setup",
        summary: "Make the world's issuer: sign its key up (an issued token) and remember it for later commands.",
        usage: "--secret HEX [--homeserver staging|production|NAME|KEY]",
        examples: [
            "simctl issuer setup --secret 5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51"
        ]
    ) { args, invocation in
        let secret = try args.option("--secret")
        let homeserver = try args.option("--homeserver")
        try args.finish()
        guard secret != nil else { throw CLIError.usage("Missing --secret HEX (the issuer's key).") }
        let issuer = try IssuerIdentity.resolve(secret: secret, homeserver: homeserver, invocation)
        let client = try BackendAccess.client(invocation)
        let (_, signedUp) = try issuer.session(invocation, client: client)
        try issuer.save(invocation.world)
        try invocation.emit(
            SetupOutput(issuer: issuer.keyPair.pubky, homeserver: issuer.homeserver, signedUp: signedUp),
            text: "Issuer \(issuer.keyPair.pubky) on \(issuer.homeserver)\(signedUp ? " (signed up)" : "").")
    }

    struct PublishOutput: Encodable {
        var issuer: String
        var identifier: String
        var path: String
        var payload: String?
    }

    static let publish = Command(
        "publish", summary: "Publish a payment endpoint: the file <identifier> under the receiver path's endpoints.",
        usage: "--identifier ID --payload TEXT|--value TEXT [--receiver-path bitkit/server] [--secret HEX]",
        details: """
            Writes PAYLOAD verbatim (Bitkit's rules: `{"value":"<address or invoice>"}`; --value TEXT writes exactly
            that object with TEXT JSON-escaped) to
            /pub/paykit/v0/<receiver path>/endpoints/<ID> on the issuer's homeserver; an existing file is replaced.
            The issuer is the one `issuer setup` saved unless --secret is given (it signs up on first use).
            """,
        examples: [
            "simctl issuer setup --secret 5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51",
            "simctl issuer publish --identifier btc-regtest-p2wpkh --payload \"$(printf '{\"value\":\"%s\"}' \"$(simctl issuer address)\")\"",
            "simctl issuer publish --identifier btc-lightning-bolt11 --value \"$(simctl issuer invoice --amount-msat 100000000 --route-hints)\"",
        ]
    ) { args, invocation in
        let secret = try args.option("--secret")
        let receiverPath = try args.option("--receiver-path") ?? "bitkit/server"
        guard let identifier = try args.option("--identifier") else { throw CLIError.usage("Missing --identifier ID.") }
        let value = try args.option("--value")
        let rawPayload = try args.option("--payload")
        guard let payload = try rawPayload ?? value.map(valuePayload) else {
            throw CLIError.usage("Missing --payload TEXT (or --value TEXT).")
        }
        try args.finish()
        let issuer = try IssuerIdentity.resolve(secret: secret, homeserver: nil, invocation)
        let client = try BackendAccess.client(invocation)
        let (session, _) = try issuer.session(invocation, client: client)
        let path = try publishEndpoint(
            identifier: identifier, payload: payload, receiverPath: receiverPath, session: session, client: client)
        try invocation.emit(
            PublishOutput(issuer: issuer.keyPair.pubky, identifier: identifier, path: path, payload: payload),
            text: "Published pubky://\(issuer.keyPair.pubky)\(path)")
    }

    static let unpublish = Command(
        "unpublish", summary: "Remove a published payment endpoint.",
        usage: "--identifier ID [--receiver-path bitkit/server] [--secret HEX]",
        examples: [
            "simctl issuer setup --secret 5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51",
            "simctl issuer publish --identifier btc-regtest-p2wpkh --value \"$(simctl issuer address)\"",
            "simctl issuer unpublish --identifier btc-regtest-p2wpkh",
        ]
    ) { args, invocation in
        let secret = try args.option("--secret")
        let receiverPath = try args.option("--receiver-path") ?? "bitkit/server"
        guard let identifier = try args.option("--identifier") else { throw CLIError.usage("Missing --identifier ID.") }
        try args.finish()
        let issuer = try IssuerIdentity.resolve(secret: secret, homeserver: nil, invocation)
        let client = try BackendAccess.client(invocation)
        let (session, _) = try issuer.session(invocation, client: client)
        let path = try endpointFilePath(receiverPath: receiverPath, identifier: identifier)
        try BackendAccess.run { () throws(BackendError) in _ = try client.delete(session, path: path) }
        try invocation.emit(
            PublishOutput(issuer: issuer.keyPair.pubky, identifier: identifier, path: path, payload: nil),
            text: "Removed pubky://\(issuer.keyPair.pubky)\(path)")
    }

    struct RequestOutput: Encodable {
        var issuer: String
        var to: String
        var path: String
        var record: String
        var endpoints: [String]
    }

    static let request = Command(
        "request", summary: "Send a one-time payment request to Bitkit's pubky (or any pubky).",
        usage: """
            --to bitkit|PUBKY --id ID --amount BTC [--asset btc] [--identifier IDENT…] [--note TEXT] \
            [--metadata JSON] [--expires ISO] [--recurrence JSON] [--payment-reference TEXT] [--role payer|none] \
            [--state proposed] [--receiver-path bitkit/server] [--counterparty TEXT] [--endpoint IDENT=PAYLOAD…] \
            [--raw JSON] [--secret HEX]
            """,
        details: """
            Delivers the decoded request record (spec/05 §1) to /pub/paykit/v0/private/<to>/requests/<id> on the
            issuer's homeserver, where Bitkit's `requests sync` reads it from its saved contacts. Defaults: asset
            btc, role payer (from Bitkit's point of view), state proposed, no expiry, no recurrence, metadata {} (or
            {"note":TEXT}), counterparty pubky<issuer>, receiver path bitkit/server. --identifier repeats in the
            issuer's order. --endpoint IDENT=PAYLOAD publishes endpoints first. --raw JSON sends exactly that text
            as the record (hostile input); --id still names the file. `--to bitkit` is Bitkit's current pubky.
            """,
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim create-profile --name Satoshi && bitkit-sim save",
            "simctl issuer setup --secret 5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51",
            "simctl issuer request --to bitkit --id Q1 --amount 0.001 --identifier btc-regtest-p2wpkh --note '  Order 42  '",
            "simctl issuer request --to bitkit --id Q4 --amount 0.001 --identifier btc-bitcoin-p2wpkh --json",
        ]
    ) { args, invocation in
        let secret = try args.option("--secret")
        guard let to = try args.option("--to") else { throw CLIError.usage("Missing --to bitkit|PUBKY.") }
        guard let id = try args.option("--id") else { throw CLIError.usage("Missing --id ID (the request id).") }
        let raw = try args.option("--raw")
        let fields = IssuerRequestFields(
            amount: try args.option("--amount"), asset: try args.option("--asset") ?? "btc",
            identifiers: try args.options("--identifier"), note: try args.option("--note"),
            metadata: try args.option("--metadata"), expires: try args.option("--expires"),
            recurrence: try args.option("--recurrence"), paymentReference: try args.option("--payment-reference"),
            role: try args.option("--role") ?? "payer", state: try args.option("--state") ?? "proposed",
            receiverPath: try args.option("--receiver-path") ?? "bitkit/server",
            counterparty: try args.option("--counterparty"))
        let endpoints = try args.options("--endpoint")
        try args.finish()
        guard raw != nil || fields.amount != nil else { throw CLIError.usage("Missing --amount BTC (e.g. 0.001).") }
        let recipient = try recipientKey(to, world: invocation.world)
        let issuer = try IssuerIdentity.resolve(secret: secret, homeserver: nil, invocation)
        let client = try BackendAccess.client(invocation)
        let (session, _) = try issuer.session(invocation, client: client)
        var published: [String] = []
        for endpoint in endpoints {
            guard let equals = endpoint.firstIndex(of: "=") else {
                throw CLIError.usage("--endpoint takes IDENT=PAYLOAD, got '\(endpoint)'.")
            }
            published.append(
                try publishEndpoint(
                    identifier: String(endpoint[..<equals]),
                    payload: String(endpoint[endpoint.index(after: equals)...]),
                    receiverPath: fields.receiverPath, session: session, client: client))
        }
        let environment = invocation.environment(.bitkit)
        var random = SeededRandom(seed: try environment.nextRandomSeed())
        let record =
            try raw ?? fields.record(id: id, issuer: issuer.keyPair.pubky, now: try environment.now(), random: &random)
        let path = PaykitPath.requests(to: recipient) + fileName(id)
        try BackendAccess.run { () throws(BackendError) in
            _ = try client.put(session, path: path, data: Array(record.utf8))
        }
        try invocation.emit(
            RequestOutput(
                issuer: issuer.keyPair.pubky, to: recipient, path: path, record: record, endpoints: published),
            text: "Sent request \(id) to \(recipient): pubky://\(issuer.keyPair.pubky)\(path)")
    }

    struct AddressOutput: Encodable {
        var address: String
        var network: String
        var type: String
    }

    static let address = Command(
        "address", summary: "Mint a fresh address (from the world's seed) for an endpoint.",
        usage: "[--network regtest|bitcoin|testnet|signet] [--type p2wpkh|p2tr|p2sh|p2pkh]",
        examples: ["simctl issuer address --network regtest --json", "simctl issuer address --network bitcoin"]
    ) { args, invocation in
        let network = try networkOption(&args)
        let kind =
            try args.option("--type", expecting: "p2wpkh, p2tr, p2sh or p2pkh", IssuerAddress.Kind.init(rawValue:))
            ?? .p2wpkh
        try args.finish()
        try invocation.world.requireExists()
        var random = SeededRandom(seed: try invocation.environment(.bitkit).nextRandomSeed())
        let text = IssuerAddress.make(network: network, kind: kind, random: &random)
        try invocation.emit(AddressOutput(address: text, network: network.rawValue, type: kind.rawValue), text: text)
    }

    struct InvoiceOutput: Encodable {
        var invoice: String
        var network: String
        var amountMsat: UInt64?
        var paymentHash: String
        var routeHints: Bool
        var timestamp: UInt64
    }

    static let invoice = Command(
        "invoice", summary: "Mint a BOLT 11 invoice (unsigned, timestamped with the device clock).",
        usage: "--amount-msat N | --no-amount [--route-hints] [--network regtest] [--expiry SECONDS]",
        details: "Payment requests need invoices with private route hints (--route-hints).",
        examples: [
            "simctl issuer invoice --amount-msat 100000000 --route-hints --json",
            "simctl issuer invoice --no-amount --route-hints",
        ]
    ) { args, invocation in
        let network = try networkOption(&args)
        let amount = try args.option("--amount-msat", expecting: "a whole number of millisatoshis") { UInt64($0) }
        let noAmount = args.flag("--no-amount")
        let hints = args.flag("--route-hints")
        let expiry = try args.option("--expiry", expecting: "a whole number of seconds") { UInt64($0) }
        try args.finish()
        guard (amount == nil) == noAmount else {
            throw CLIError.usage("Give exactly one of --amount-msat N and --no-amount.")
        }
        try invocation.world.requireExists()
        let environment = invocation.environment(.bitkit)
        var random = SeededRandom(seed: try environment.nextRandomSeed())
        let timestamp = UInt64(max(0, try environment.now().timeIntervalSince1970))
        let hash = random.bytes(32)
        let builder = Bolt11InvoiceBuilder(
            network: network, amountMillisats: amount, timestamp: timestamp, expirySeconds: expiry, paymentHash: hash,
            paymentSecret: random.bytes(32),
            routeHints: hints
                ? [[Bolt11RouteHop(nodeID: [0x02] + random.bytes(32), shortChannelID: random.next() >> 1)]] : [])
        let text = builder.encode()
        try invocation.emit(
            InvoiceOutput(
                invoice: text, network: network.rawValue, amountMsat: amount, paymentHash: Hex.encode(hash),
                routeHints: hints, timestamp: timestamp),
            text: text)
    }

    // MARK: Helpers

    private static func networkOption(_ args: inout Arguments) throws -> BitcoinNetwork {
        try args.option("--network", expecting: "bitcoin, testnet, signet or regtest", BitcoinNetwork.init(rawValue:))
            ?? .regtest
    }

    private static func endpointFilePath(receiverPath: String, identifier: String) throws -> String {
        guard !receiverPath.isEmpty, !identifier.isEmpty, !identifier.contains("/") else {
            throw CLIError.usage("An endpoint needs a receiver path and an identifier without '/'.")
        }
        return PaykitPath.endpoint(receiverPath: receiverPath, identifier: identifier)
    }

    private static func publishEndpoint(
        identifier: String, payload: String, receiverPath: String, session: HomeserverSession, client: BackendClient
    ) throws -> String {
        let path = try endpointFilePath(receiverPath: receiverPath, identifier: identifier)
        try BackendAccess.run { () throws(BackendError) in
            _ = try client.put(session, path: path, data: Array(payload.utf8))
        }
        return path
    }

    /// `{"value":"<text>"}`, the payload shape Bitkit publishes itself (spec/05 §3).
    static func valuePayload(_ text: String) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["value": text], options: [.withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// A request id as a file name: unreserved characters kept, everything else percent-encoded.
    static func fileName(_ id: String) -> String {
        guard !id.isEmpty else { return "%00" }
        var out = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(Character(UnicodeScalar(byte)))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// `bitkit` (the pubky of Bitkit's saved session) or a key in any text form.
    static func recipientKey(_ text: String, world: World) throws -> String {
        guard text == "bitkit" else {
            var bare = text.trimmingCharacters(in: .whitespaces).lowercased()
            if bare.hasPrefix("pubky"), bare.count == 57 { bare.removeFirst(5) }
            guard PublicKey(z32: bare) != nil else { throw CLIError.usage("--to: '\(text)' is not a pubky.") }
            return bare
        }
        let (state, os) = try PlatformOS.open(world)
        guard let install = state.apps[.bitkit] else { throw WorldError.notInstalled(.bitkit) }
        let group = (install.network ?? .regtest).bitkitPrivateGroup
        let items =
            (try? KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).inspect().items)
        // Android stores the session as PAYKIT_SESSION (spec/07 §6.1).
        let name = os.storedName(ofBitkitKey: BitkitStoreKey.session)
        guard let session = items?.first(where: { $0.account == name }),
            let text = String(validating: session.data, as: UTF8.self), let colon = text.firstIndex(of: ":"),
            PublicKey(z32: String(text[..<colon])) != nil
        else {
            throw CLIError.failure(
                "Bitkit has no Pubky session yet: create or pick a profile first, or pass --to PUBKY.")
        }
        return String(text[..<colon])
    }
}
