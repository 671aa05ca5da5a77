import ContractNames
import Foundation
import Testing

@testable import PaykitContract

struct RequestGateTests {
    @Test func theP1RequestIsAcceptedWithItsSatsIdentifiersAndTrimmedNote() throws {
        var record = validRecord(
            metadata: .object(JSONObject([.init(key: "note", value: .string("  Order 42  "))])))
        record.lastEventAt = "2024-12-31T23:00:00Z"
        let accepted = try RequestGate.evaluate(record, network: .regtest, now: testNow).get()
        #expect(accepted.sats == 100_000)
        #expect(accepted.retainedIdentifiers == [.onchain(.regtest, .p2wpkh)])
        #expect(accepted.note == "Order 42")
        #expect(accepted.expiry == nil)
        #expect(accepted.paymentReference == "order-42")
        #expect(
            accepted.identity
                == RequestIdentity(
                    paymentRequestId: "Q1", counterparty: "pubky" + keyC,
                    counterpartyReceiverPath: "bitkit/server"))
        #expect(record.createdAt?.epochSeconds == 1_735_686_000)
    }

    @Test(arguments: [
        (String?.none, RejectionReason.missingLocalRole),
        ("payee", .outgoingRequest),
        ("unknown", .unsupportedLocalRole),
        ("Payer", .unsupportedLocalRole),
        ("", .unsupportedLocalRole),
    ])
    func roleRowsOneAndTwo(role: String?, reason: RejectionReason) {
        var record = validRecord()
        record.localRole = role
        #expect(gateReason(record) == reason)
    }

    @Test(arguments: [
        ("accepted", RejectionReason.nonActionableState),
        ("rejected", .nonActionableState),
        ("canceled", .nonActionableState),
        ("proposalExpired", .nonActionableState),
        ("proofSubmitted", .nonActionableState),
        ("Proposed", .nonActionableState),
        ("activeRecurring", .recurringRequest),
    ])
    func stateRowsThreeAndFour(state: String, reason: RejectionReason) {
        var record = validRecord()
        record.state = state
        #expect(gateReason(record) == reason)
    }

    @Test func missingStateIsNotActionable() {
        var record = validRecord()
        record.state = nil
        #expect(gateReason(record) == .nonActionableState)
    }

    @Test func missingTermsIsRowFive() {
        var record = validRecord()
        record.terms = nil
        #expect(gateReason(record) == .missingTerms)
    }

    @Test(arguments: [
        JSONValue.object(JSONObject()),
        .object(JSONObject([.init(key: "interval", value: .string("monthly"))])),
        .string("monthly"), .bool(false), .number("0"), .array([]),
    ])
    func anyNonNullRecurrenceIsRowSix(recurrence: JSONValue) {
        var record = validRecord()
        record.terms?.recurrence = recurrence
        #expect(gateReason(record) == .recurringRequest)
    }

    @Test(arguments: ["BTC", "Btc", "btc ", " btc", "usd", "", "sat", "ｂｔｃ"])
    func assetMustBeExactlyLowercaseBtc(asset: String) {
        #expect(gateReason(validRecord(asset: asset)) == .unsupportedAsset)
    }

    @Test func missingAssetIsUnsupported() {
        #expect(gateReason(validRecord(asset: nil)) == .unsupportedAsset)
    }

    @Test(arguments: [
        JSONValue.number("0.001"), .number("100000"), .null, .bool(true), .object(JSONObject()),
        .string("0"), .string("0.000000001"), .string("not-bitcoin"), .string("184467440738"),
    ])
    func amountThatIsNotAPositiveDecimalStringIsInvalid(amount: JSONValue) {
        #expect(gateReason(validRecord(amount: amount)) == .invalidAmount)
    }

    @Test func missingAmountIsInvalid() {
        #expect(gateReason(validRecord(amount: nil)) == .invalidAmount)
    }

    @Test func amountAboveTheCapIsOutOfRange() {
        #expect(gateReason(validRecord(amount: .string("184467440.73709552"))) == .amountOutOfRange)
        #expect(gateReason(validRecord(amount: .string("184467440.73709551"))) == nil)
    }

    @Test(arguments: [
        [String?](), [""], ["btc-bitcoin-p2wpkh"], ["Btc-lightning-bolt11"], ["btc-lightning-bolt12"],
        [nil], ["btc-regtest-p2wsh", "btc-testnet-p2tr"],
    ])
    func noSurvivingIdentifierIsRowTen(identifiers: [String?]) {
        #expect(gateReason(validRecord(identifiers: identifiers)) == .noSupportedEndpoint)
    }

    @Test func filteringKeepsFirstOccurrencesOfSurvivorsInIssuerOrder() throws {
        let identifiers: [String?] = [
            "btc-bitcoin-p2wpkh", "btc-regtest-p2pkh", "btc-lightning-lnurl", nil, "btc-regtest-p2pkh",
            "btc-lightning-bolt12", "btc-lightning-bolt11", "btc-lightning-lnurl", "btc-signet-p2tr",
            "btc-regtest-p2tr",
        ]
        let accepted = try RequestGate.evaluate(
            validRecord(identifiers: identifiers), network: .regtest, now: testNow
        ).get()
        #expect(
            accepted.retainedIdentifiers == [
                .onchain(.regtest, .p2pkh), .lnurl, .bolt11, .onchain(.regtest, .p2tr),
            ])
    }

    @Test func lightningIdentifiersSurviveOnEveryNetwork() throws {
        for network in BitcoinNetwork.allCases {
            let accepted = try RequestGate.evaluate(
                validRecord(identifiers: ["btc-lightning-bolt11", "btc-lightning-lnurl"]), network: network,
                now: testNow
            ).get()
            #expect(accepted.retainedIdentifiers == [.bolt11, .lnurl])
        }
    }

    @Test(arguments: [
        JSONValue.string("2025-01-01T00:00:00"), .string("2025-01-01"), .string("20250101T000000Z"),
        .string("2030-01-01T00:00:00+0200"), .string("2030-01-01T00:00:00.1234567890Z"),
        .string("2030-01-01t00:00:00Z"), .string("2030-01-01T00:00:00z"), .number("1893456000"),
        .bool(true), .object(JSONObject()), .string(""),
    ])
    func unparseableExpiryIsRowEleven(expiry: JSONValue) {
        #expect(gateReason(validRecord(expiry: expiry)) == .invalidExpiration)
    }

    @Test(arguments: [
        "2025-01-01T00:00:00Z", "2024-12-31T23:59:59.999999999Z", "2025-01-01T02:00:00+02:00",
        "1970-01-01T00:00:00Z",
    ])
    func pastOrExactlyNowExpiryIsRowTwelve(expiry: String) {
        #expect(gateReason(validRecord(expiry: .string(expiry))) == .expired)
    }

    @Test(arguments: [
        "2025-01-01T00:00:01Z", "2025-01-01T00:00:00.5Z", "2025-01-01T00:00:00.123Z",
        "2025-01-01T00:00:00.123456Z",
        "2025-01-01T00:00:00.000000001+00:00", "2025-01-01T02:00:01+02:00", "2099-12-31T23:59:59-12:00",
    ])
    func futureExpiryIsAcceptedAndKept(expiry: String) throws {
        let accepted = try RequestGate.evaluate(
            validRecord(expiry: .string(expiry)), network: .regtest, now: testNow
        ).get()
        #expect(accepted.expiry == ExpiryTimestamp(parsing: expiry))
    }

    @Test func nullExpiryMeansNoExpiry() throws {
        let record = PaymentRequestRecord(
            json: try #require(
                StrictJSONParser().parse(
                    #"{"localRole":"payer","state":"proposed","terms":{"amount":{"value":"0.001","asset":"btc"},"proposalExpiresAt":null,"recurrence":null,"acceptedPaymentEndpointIdentifiers":["btc-lightning-bolt11"]}}"#
                ).objectValue))
        #expect(gateReason(record) == nil)
    }

    @Test(arguments: [
        (#"{"note":"  Order 42  "}"#, String?.some("Order 42")),
        (#"{"note":"\n\tline one\nline two \r\n"}"#, "line one\nline two"),
        (#"{"note":"   "}"#, nil),
        (#"{"note":""}"#, nil),
        (#"{"note":42}"#, nil),
        (#"{"note":true}"#, nil),
        (#"{"note":{"text":"x"}}"#, nil),
        (#"{"note":null}"#, nil),
        (#"{}"#, nil),
        (#"{"memo":"x"}"#, nil),
        (#""note""#, nil),
        (#"["note"]"#, nil),
        (#"{"note":"first","note":"second"}"#, "second"),
    ])
    func noteIsTheTrimmedStringNoteOnly(metadata: String, note: String?) throws {
        let value = try StrictJSONParser().parse(metadata)
        let accepted = try RequestGate.evaluate(
            validRecord(metadata: value), network: .regtest, now: testNow
        )
        .get()
        #expect(accepted.note == note)
    }

    @Test func checksRunInSpecOrder() {
        // Everything wrong at once: each fix reveals the next row's code.
        var record = PaymentRequestRecord(
            localRole: nil, state: "accepted",
            terms: PaymentRequestTerms(
                amountValue: .string("nope"), asset: "BTC", proposalExpiresAt: .string("yesterday"),
                recurrence: .object(JSONObject()), acceptedPaymentEndpointIdentifiers: ["btc-bitcoin-p2tr"]),
            paymentRequestId: "Q", counterparty: keyC, counterpartyReceiverPath: "bitkit/server")
        var codes: [RejectionReason] = []
        func step(_ change: (inout PaymentRequestRecord) -> Void) {
            if let reason = gateReason(record) { codes.append(reason) }
            change(&record)
        }
        step { $0.localRole = "unknown" }
        step { $0.localRole = "payer" }
        step { $0.state = "proposed" }
        step { $0.terms?.recurrence = nil }
        step { $0.terms?.asset = "btc" }
        step { $0.terms?.amountValue = .string("184467440.8") }
        step { $0.terms?.amountValue = .string("0.001") }
        step { $0.terms?.acceptedPaymentEndpointIdentifiers = ["btc-regtest-p2tr"] }
        step { $0.terms?.proposalExpiresAt = .string("2024-01-01T00:00:00Z") }
        step { $0.terms?.proposalExpiresAt = nil }
        #expect(
            codes == [
                .missingLocalRole, .unsupportedLocalRole, .nonActionableState, .recurringRequest,
                .unsupportedAsset, .invalidAmount, .amountOutOfRange, .noSupportedEndpoint,
                .invalidExpiration,
                .expired,
            ])
        #expect(gateReason(record) == nil)
    }

    @Test func missingTermsComesBeforeAnyTermsCheck() {
        var record = validRecord()
        record.terms = nil
        record.state = "proposed"
        #expect(gateReason(record) == .missingTerms)
    }

    @Test func reasonCodesAreTheExactSpecStrings() {
        #expect(
            RejectionReason.allCases.map(\.rawValue) == [
                "missing_local_role", "outgoing_request", "unsupported_local_role", "non_actionable_state",
                "recurring_request", "missing_terms", "unsupported_asset", "invalid_amount",
                "amount_out_of_range", "no_supported_endpoint", "invalid_expiration", "expired",
            ])
    }
}
