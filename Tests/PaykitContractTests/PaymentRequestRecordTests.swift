import Testing

@testable import PaykitContract

struct PaymentRequestRecordTests {
    @Test func aFullRecordParsesFromJSON() throws {
        let json = #"""
            {"localRole":"payer","state":"proposed","paymentRequestId":"Q1",
             "counterparty":"pubkygcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o",
             "counterpartyReceiverPath":"bitkit/server","lastEventAt":"2024-12-31T23:00:00Z",
             "terms":{"amount":{"value":"0.001","asset":"btc"},"paymentReference":"ref",
                      "proposalExpiresAt":null,"recurrence":null,
                      "acceptedPaymentEndpointIdentifiers":["btc-regtest-p2wpkh"],
                      "metadata":{"note":"  Order 42  "}}}
            """#
        let record = try PaymentRequestRecord.parse(Array(json.utf8))
        #expect(record.localRole == "payer")
        #expect(record.terms?.amountValue == .string("0.001"))
        #expect(record.terms?.acceptedPaymentEndpointIdentifiers == ["btc-regtest-p2wpkh"])
        #expect(record.terms?.proposalExpiresAt == nil)
        #expect(record.terms?.recurrence == nil)
        let accepted = try RequestGate.evaluate(record, network: .regtest, now: testNow).get()
        #expect(accepted.sats == 100_000)
        #expect(accepted.note == "Order 42")
    }

    @Test(arguments: [
        (#"{}"#, RejectionReason.missingLocalRole),
        (#"{"localRole":7,"state":"proposed"}"#, .missingLocalRole),
        (#"{"localRole":"payer"}"#, .nonActionableState),
        (#"{"localRole":"payer","state":"proposed"}"#, .missingTerms),
        (#"{"localRole":"payer","state":"proposed","terms":[]}"#, .missingTerms),
        (#"{"localRole":"payer","state":"proposed","terms":{}}"#, .unsupportedAsset),
        (#"{"localRole":"payer","state":"proposed","terms":{"amount":"0.001"}}"#, .unsupportedAsset),
        (
            #"{"localRole":"payer","state":"proposed","terms":{"amount":{"asset":"btc"}}}"#,
            .invalidAmount
        ),
        (
            #"{"localRole":"payer","state":"proposed","terms":{"amount":{"asset":"btc","value":1e999999}}}"#,
            .invalidAmount
        ),
        (
            #"{"localRole":"payer","state":"proposed","terms":{"amount":{"asset":"btc","value":"1"}}}"#,
            .noSupportedEndpoint
        ),
        (
            #"{"localRole":"payer","state":"proposed","terms":{"amount":{"asset":"btc","value":"1"},"acceptedPaymentEndpointIdentifiers":"btc-lightning-bolt11"}}"#,
            .noSupportedEndpoint
        ),
        (
            #"{"localRole":"payer","state":"proposed","terms":{"amount":{"asset":"btc","value":"1"},"acceptedPaymentEndpointIdentifiers":[1,true,null,{}]}}"#,
            .noSupportedEndpoint
        ),
    ])
    func missingOrMistypedFieldsMapToTheirCheck(json: String, reason: RejectionReason) throws {
        let record = try PaymentRequestRecord.parse(Array(json.utf8))
        #expect(gateReason(record) == reason)
    }

    @Test func mistypedMetadataMeansNoNoteAndNoRejection() throws {
        let json =
            #"{"localRole":"payer","state":"proposed","terms":{"amount":{"asset":"btc","value":"1"},"acceptedPaymentEndpointIdentifiers":["btc-lightning-bolt11"],"metadata":"note"}}"#
        let accepted = try RequestGate.evaluate(
            try PaymentRequestRecord.parse(Array(json.utf8)), network: .regtest, now: testNow
        ).get()
        #expect(accepted.note == nil)
    }

    @Test func textThatIsNotAJSONObjectFailsToParse() {
        #expect(throws: PaymentRequestRecordError.notAnObject) {
            try PaymentRequestRecord.parse(Array("[]".utf8))
        }
        #expect(throws: PaymentRequestRecordError.malformedJSON(.invalidUTF8)) {
            try PaymentRequestRecord.parse([0x7B, 0xFF, 0x7D])
        }
        #expect(throws: PaymentRequestRecordError.malformedJSON(.tooDeep(limit: 64))) {
            try PaymentRequestRecord.parse([UInt8](repeating: UInt8(ascii: "["), count: 100_000))
        }
    }

    @Test func unparseableCreatedAtIsNotShown() {
        var record = validRecord()
        record.lastEventAt = "yesterday"
        #expect(record.createdAt == nil)
        #expect(gateReason(record) == nil)
    }
}

struct PaymentRequestRecordHostileInputTests {
    @Test func oversizedRecordsAreRejectedAndLargeValidOnesStayLinear() throws {
        let big = [UInt8](repeating: UInt8(ascii: " "), count: 2 << 20)
        #expect(throws: PaymentRequestRecordError.malformedJSON(.tooLarge(limit: 1 << 20))) {
            try PaymentRequestRecord.parse(big)
        }
        // ~1 MB of identifiers: 40 000 unknown ones, then a supported one at the very end.
        let identifiers =
            (0..<40_000).map { "\"btc-unknown-\($0)\"" }.joined(separator: ",") + ",\"btc-lightning-bolt11\""
        let json =
            #"{"localRole":"payer","state":"proposed","terms":{"amount":{"value":"0.001","asset":"btc"},"acceptedPaymentEndpointIdentifiers":["#
            + identifiers + "]}}"
        #expect(json.utf8.count < 1 << 20)
        let record = try PaymentRequestRecord.parse(Array(json.utf8))
        let accepted = try RequestGate.evaluate(record, network: .regtest, now: testNow).get()
        #expect(accepted.retainedIdentifiers == [.bolt11])
    }
}
