import AppSupport
import Backend
import BitkitApp
import ContractNames
import Foundation
import PaykitContract
import PubkyCrypto
import Testing

/// The Paykit journey's common Pre (spec/06 §3) in-process: W owned and authenticated, 300 000 sats
/// on-chain and on Lightning, issuer C signed up and saved as contact `Shop` on `bitkit/server`. The
/// issuer writes to the backend directly, at the paths `simctl issuer` uses.
final class PaymentRequestTestWorld {
    let world: TestWorld
    let issuer: Ed25519KeyPair
    private let client: BackendClient
    private let session: HomeserverSession
    private var random = SeededRandom(seed: 42)

    init(network: BitcoinNetwork = .regtest, contact: Bool = true) throws {
        world = try TestWorld(network: network)
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        try world.send(.paykit(.fund(onchainSats: 300_000, lightningSats: 300_000)))
        issuer = try #require(Ed25519KeyPair(secretHex: Fixture.cSecret))
        client = world.client(app: "simctl")
        session = try client.signUpThroughHomegate(keyPair: issuer).value
        if contact {
            try world.send(.paykit(.addContact(name: "Shop", pubky: Fixture.c, receiverPath: "bitkit/server")))
        }
        try world.send(.home)
    }

    @discardableResult
    func send(_ action: PaykitAction, sourceLocation: SourceLocation = #_sourceLocation) throws -> Screen {
        try world.send(.paykit(action), sourceLocation: sourceLocation)
    }

    // MARK: The issuer

    /// Publishes `payload` as the endpoint `identifier` under `bitkit/server`.
    func publish(_ identifier: String, payload: String) throws {
        _ = try client.put(
            session, path: "/pub/paykit/v0/bitkit/server/endpoints/\(identifier)", data: Array(payload.utf8))
    }

    /// Removes the endpoint `identifier`.
    func unpublish(_ identifier: String) throws {
        _ = try client.delete(session, path: "/pub/paykit/v0/bitkit/server/endpoints/\(identifier)")
    }

    /// Publishes `{"value":"<value>"}`.
    func publish(_ identifier: String, value: String) throws {
        try publish(identifier, payload: "{\"value\":\"\(value)\"}")
    }

    /// Sends a one-time request to W (role payer, state proposed unless told otherwise).
    func request(
        _ id: String, amount: String = "0.001", asset: String = "btc", identifiers: [String], note: String? = nil,
        role: String = "payer", state: String = "proposed", expires: String? = nil
    ) throws {
        var terms: [String: Any] = [
            "amount": ["value": amount, "asset": asset], "acceptedPaymentEndpointIdentifiers": identifiers,
            "metadata": note.map { ["note": $0] } ?? [:],
        ]
        if let expires { terms["proposalExpiresAt"] = expires }
        let record: [String: Any] = [
            "paymentRequestId": id, "counterparty": "pubky" + Fixture.c, "counterpartyReceiverPath": "bitkit/server",
            "localRole": role, "state": state, "terms": terms,
        ]
        let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        _ = try client.put(session, path: "/pub/paykit/v0/private/\(Fixture.w)/requests/\(id)", data: [UInt8](data))
    }

    /// A fresh P2WPKH address of `network`.
    func address(_ network: BitcoinNetwork = .regtest) -> String {
        let hrp = network == .bitcoin ? "bc" : network == .regtest ? "bcrt" : "tb"
        let program = Bech32.convertBits(random.bytes(20), from: 8, to: 5, pad: true) ?? []
        return Bech32.encode(humanReadablePart: hrp, data: [0] + program, encoding: .bech32)
    }

    /// A regtest invoice timestamped now, with a private route hint unless told otherwise.
    func invoice(msat: UInt64?, routeHints: Bool = true) throws -> (text: String, hash: String) {
        let hash = random.bytes(32)
        let now = try world.environment.now()
        let builder = Bolt11InvoiceBuilder(
            network: .regtest, amountMillisats: msat, timestamp: UInt64(now.timeIntervalSince1970),
            paymentHash: hash,
            routeHints: routeHints ? [[Bolt11RouteHop(nodeID: [0x02] + random.bytes(32), shortChannelID: 7)]] : [])
        return (builder.encode(), Hex.encode(hash))
    }

    // MARK: Inspection

    func ledger() throws -> LedgerView { try world.store.ledger() }

    func state() throws -> PaykitSnapshot { try world.app.paykitState() }

    /// The log lines Bitkit wrote (`event: log`), oldest first.
    func logLines(_ category: String? = nil) throws -> [String] {
        try world.journal(event: "log").filter { category == nil || $0.op == category }.compactMap(\.detail)
    }

    static let parseLineQ4 = "category=parse reason=no_supported_endpoint counterparty=pubkygcumbhd..."
}

extension Screen {
    /// The title of the row with `id` (labelled values of the Paykit screens).
    func value(_ id: String) -> String? { rows.first { $0.id == id }?.title }
}
