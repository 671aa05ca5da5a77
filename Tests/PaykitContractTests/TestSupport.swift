import ContractNames
import Foundation
import PubkyCrypto

@testable import PaykitContract

/// Hex for fixed test vectors; traps on a malformed literal so a typo cannot pass silently.
func hex(_ text: String) -> [UInt8] {
    guard let bytes = Hex.decode(text) else { fatalError("bad hex literal in test: \(text)") }
    return bytes
}

/// The repository root, found from this file's path (Tests/PaykitContractTests/TestSupport.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let fixtureURL = repositoryRoot.appendingPathComponent(
    "Fixtures/paykit-issuer-interoperability.json")
let issuerDocURL = repositoryRoot.appendingPathComponent("Docs/paykit-issuer-interoperability.md")

/// 2025-01-01T00:00:00Z, the same fixed instant as the harness.
let testNow = Date(timeIntervalSince1970: 1_735_689_600)

/// Key C of the scenarios (spec/06 §0.1).
let keyC = "gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o"

/// A request that passes every gate check; tests change one field at a time.
func validRecord(
    identifiers: [String?] = ["btc-regtest-p2wpkh"], amount: JSONValue? = .string("0.001"),
    asset: String? = "btc", expiry: JSONValue? = nil, metadata: JSONValue = .object(JSONObject())
) -> PaymentRequestRecord {
    PaymentRequestRecord(
        localRole: "payer", state: "proposed",
        terms: PaymentRequestTerms(
            amountValue: amount, asset: asset, paymentReference: "order-42", proposalExpiresAt: expiry,
            recurrence: nil, acceptedPaymentEndpointIdentifiers: identifiers, metadata: metadata),
        paymentRequestId: "Q1", counterparty: "pubky" + keyC, counterpartyReceiverPath: "bitkit/server")
}

/// The gate's reason for `record` on regtest at `testNow`, nil when accepted.
func gateReason(
    _ record: PaymentRequestRecord, network: BitcoinNetwork = .regtest
)
    -> RejectionReason?
{
    if case .failure(let reason) = RequestGate.evaluate(record, network: network, now: testNow) {
        return reason
    }
    return nil
}

/// Known-good addresses of each network and type (BIP173/BIP350 vectors and well-known Base58).
enum Addresses {
    static let regtestP2WPKH = "bcrt1qw7us5hdzk8gakdyhtnrf8eu32kz7z6x9ldsjsd"
    static let regtestP2TR = "bcrt1pjkegdm4hy8vsytszq7mv0d7w3a835mrhlu4mwl973x690gzhyefsfdq2q6"
    static let testnetP2PKH = "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn"
    static let testnetP2SH = "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc"
    static let testnetP2WSH = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"
    static let mainnetP2PKH = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"
    static let mainnetP2SH = "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"
    static let mainnetP2WPKH = "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"
    static let mainnetP2TR = "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"
}

/// A regtest invoice written by the builder, valid at `testNow`, with one route hint.
func regtestInvoice(
    amountMillisats: UInt64? = 100_000_000, network: BitcoinNetwork = .regtest,
    timestamp: UInt64 = 1_735_689_000, expirySeconds: UInt64? = 3600, routeHints: Bool = true,
    hashByte: UInt8 = 0x42
) -> String {
    Bolt11InvoiceBuilder(
        network: network, amountMillisats: amountMillisats, timestamp: timestamp,
        expirySeconds: expirySeconds, paymentHash: [UInt8](repeating: hashByte, count: 32),
        description: "test",
        routeHints: routeHints
            ? [
                [
                    Bolt11RouteHop(
                        nodeID: hex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
                        shortChannelID: 0x64_0000_0100_0000)
                ]
            ]
            : []
    ).encode()
}
