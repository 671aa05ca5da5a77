import ContractNames
import Foundation

/// Runs fixture cases through the production gate and endpoint parser with the harness semantics of
/// spec/05 §7.2, plus its coverage assertions.
public enum FixtureHarness {
    /// Fixed "now": 2025-01-01T00:00:00Z.
    public static let now = Date(timeIntervalSince1970: 1_735_689_600)
    /// Valid harness amount: 0.001 BTC.
    public static let amount = "0.001"
    public static let paymentReference = "fixture-payment-reference"
    public static let metadata = JSONValue.object(
        JSONObject([JSONObject.Member(key: "note", value: .string("fixture note"))]))
    public static let paymentRequestId = "fixture-request-id"
    public static let proposalEventId = "fixture-proposal-event-id"
    /// The all-zero key (52 × `y`): an obvious placeholder no one holds.
    public static let counterparty = "pubky" + String(repeating: "y", count: 52)
    public static let receiverPath = "bitkit/server"

    /// The record a request case becomes: role payer, state proposed, no expiry, no recurrence.
    public static func record(for testCase: RequestFixtureCase) -> PaymentRequestRecord {
        PaymentRequestRecord(
            localRole: "payer", state: "proposed",
            terms: PaymentRequestTerms(
                amountValue: .string(amount), asset: testCase.asset, paymentReference: paymentReference,
                proposalExpiresAt: nil, recurrence: nil,
                acceptedPaymentEndpointIdentifiers: testCase.acceptedPaymentEndpointIdentifiers,
                metadata: metadata),
            paymentRequestId: paymentRequestId, counterparty: counterparty,
            counterpartyReceiverPath: receiverPath, proposalEventId: proposalEventId)
    }

    /// Every case in file order, requests first, then the coverage assertions.
    public static func run(_ fixture: InteroperabilityFixture) -> [FixtureCaseResult] {
        fixture.requestFixtures.map(run) + fixture.endpointFixtures.map(run) + coverage(of: fixture)
    }

    /// One request case, parsed on its own network.
    public static func run(_ testCase: RequestFixtureCase) -> FixtureCaseResult {
        let expected =
            testCase.accepted ? "accepted \(list(testCase.expectedIdentifiers))" : "rejected"
        let got: String
        let passed: Bool
        switch RequestGate.evaluate(record(for: testCase), network: testCase.network, now: now) {
        case .success(let request):
            let retained = request.retainedIdentifiers.map(\.rawValue)
            got = "accepted \(list(retained))"
            passed = testCase.accepted && retained == testCase.expectedIdentifiers
        case .failure(let reason):
            got = "rejected \(reason.rawValue)"
            passed = !testCase.accepted && testCase.expectedIdentifiers.isEmpty
        }
        return FixtureCaseResult(
            kind: .request, name: testCase.name,
            failure: passed ? nil : "expected \(expected), got \(got)")
    }

    /// One endpoint case, parsed on regtest.
    public static func run(_ testCase: EndpointFixtureCase) -> FixtureCaseResult {
        let expected =
            testCase.accepted
            ? "accepted \(fields(testCase.expectedValue, testCase.expectedMin, testCase.expectedMax))"
            : "rejected"
        let got: String
        let passed: Bool
        switch EndpointParser.parse(
            identifier: testCase.identifier, payload: testCase.payload, network: .regtest)
        {
        case .success(let endpoint):
            got = "accepted \(fields(endpoint.value, endpoint.min, endpoint.max))"
            passed =
                testCase.accepted && endpoint.value == testCase.expectedValue
                && endpoint.min == testCase.expectedMin && endpoint.max == testCase.expectedMax
        case .failure(let rejection):
            got = "rejected (\(rejection))"
            passed = !testCase.accepted
        }
        return FixtureCaseResult(
            kind: .endpoint, name: testCase.name,
            failure: passed ? nil : "expected \(expected), got \(got)")
    }

    /// §7.2 coverage: the accepted single-identifier on-chain cases are exactly the 16 pairs, and
    /// each network has an accepted bolt11-only and lnurl-only case.
    public static func coverage(of fixture: InteroperabilityFixture) -> [FixtureCaseResult] {
        let accepted = fixture.requestFixtures.filter(\.accepted)
        let pairs = accepted.compactMap { testCase -> String? in
            guard testCase.acceptedPaymentEndpointIdentifiers.count == 1,
                let identifier = PaymentEndpointIdentifier(
                    rawValue: testCase.acceptedPaymentEndpointIdentifiers[0]),
                identifier.onchainNetwork != nil
            else { return nil }
            return "\(testCase.network.rawValue):\(identifier.rawValue)"
        }
        let required = BitcoinNetwork.allCases.flatMap { network in
            EndpointScript.allCases.map { "\(network.rawValue):btc-\(network.rawValue)-\($0.rawValue)" }
        }
        var matrixFailure: String?
        if pairs.sorted() != required.sorted() {
            let missing = required.filter { !pairs.contains($0) }
            let extra = pairs.filter { !required.contains($0) }
            let counts = Dictionary(pairs.map { ($0, 1) }, uniquingKeysWith: +)
            let repeated = counts.filter { $0.value > 1 }.map(\.key)
            matrixFailure =
                "expected the 16 (network, script) pairs once each, got \(pairs.count) cases"
                + (missing.isEmpty ? "" : "; missing \(list(missing))")
                + (extra.isEmpty ? "" : "; unexpected \(list(extra))")
                + (repeated.isEmpty ? "" : "; repeated \(list(repeated.sorted()))")
        }
        var missingLightning: [String] = []
        for network in BitcoinNetwork.allCases {
            for identifier in [PaymentEndpointIdentifier.bolt11, .lnurl] {
                let present = accepted.contains {
                    $0.network == network && $0.acceptedPaymentEndpointIdentifiers == [identifier.rawValue]
                }
                if !present { missingLightning.append("\(network.rawValue):\(identifier.rawValue)") }
            }
        }
        return [
            FixtureCaseResult(kind: .coverage, name: "on-chain-matrix", failure: matrixFailure),
            FixtureCaseResult(
                kind: .coverage, name: "lightning-per-network",
                failure: missingLightning.isEmpty
                    ? nil : "expected an accepted single-identifier case, missing \(list(missingLightning))"),
        ]
    }

    private static func list(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ", ") + "]"
    }

    private static func fields(_ value: String?, _ min: String?, _ max: String?) -> String {
        "value=\(value.map(quoted) ?? "none") min=\(min.map(quoted) ?? "none") max=\(max.map(quoted) ?? "none")"
    }

    /// Double-quoted with control and non-ASCII characters escaped, so a result stays on one line.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + "\""
    }
}
