import Testing

@testable import PaykitContract

struct ParseLogTests {
    @Test func p4WrongNetworkRequestLogsExactlyOneLineAcrossTwoSynchronisations() {
        let record = validRecord(identifiers: ["btc-bitcoin-p2wpkh"])
        var log = ParseLog()
        for _ in 0..<2 {
            if let reason = gateReason(record) { log.note(reason, for: record) }
        }
        #expect(
            log.lines == ["category=parse reason=no_supported_endpoint counterparty=pubkygcumbhd..."])
    }

    @Test(arguments: [
        "pubky" + keyC, keyC, "  PUBKY" + keyC.uppercased() + "\n", keyC.uppercased(),
    ])
    func counterpartyIsRedactedFromItsNormalisedRendering(key: String) {
        #expect(CounterpartyRedaction.redact(key) == "pubkygcumbhd...")
    }

    @Test(
        arguments: [
            String?.none, "", "pubky", "pubky" + keyC + "x", String(keyC.dropLast()),
            "0" + keyC.dropFirst(),
            "pk:" + keyC, "l" + keyC.dropFirst(),
        ] as [String?])
    func malformedCounterpartyIsLoggedAsInvalid(key: String?) {
        #expect(CounterpartyRedaction.redact(key) == "<invalid>")
    }

    @Test func aBareKeyThatStartsWithPubkyIsStillBare() {
        let key = "pubky" + String(keyC.prefix(47))
        #expect(CounterpartyRedaction.normalised(key) == key)
        #expect(CounterpartyRedaction.redact(key) == "pubkypubkygc...")
    }

    @Test func outgoingAndNonActionableAreNotLogged() {
        var log = ParseLog()
        #expect(log.note(.outgoingRequest, for: validRecord()) == nil)
        #expect(log.note(.nonActionableState, for: validRecord()) == nil)
        #expect(log.lines.isEmpty)
        #expect(
            RejectionReason.allCases.filter { !$0.isLogged } == [.outgoingRequest, .nonActionableState])
    }

    @Test func everyOtherReasonIsLoggedOncePerRequestReasonAndCounterparty() {
        var log = ParseLog()
        let first = validRecord()
        var otherRequest = validRecord()
        otherRequest.paymentRequestId = "Q2"
        var otherIssuer = validRecord()
        otherIssuer.counterparty = "not a key"
        for reason in RejectionReason.allCases where reason.isLogged {
            log.note(reason, for: first)
            log.note(reason, for: first)
            log.note(reason, for: otherRequest)
            log.note(reason, for: otherIssuer)
        }
        let logged = RejectionReason.allCases.filter(\.isLogged)
        #expect(log.lines.count == logged.count * 3)
        #expect(
            log.lines.contains(
                "category=parse reason=unsupported_local_role counterparty=pubkygcumbhd..."))
        #expect(log.lines.contains("category=parse reason=expired counterparty=<invalid>"))
    }

    @Test func linesCarryNoIssuerContent() {
        var record = validRecord(
            identifiers: ["secret-identifier"], amount: .string("0.123"),
            metadata: .object(JSONObject([.init(key: "note", value: .string("private note"))])))
        record.paymentRequestId = "request-id-secret"
        var log = ParseLog()
        let line = log.note(gateReason(record) ?? .expired, for: record) ?? ""
        for secret in ["secret-identifier", "0.123", "private note", "request-id-secret", keyC] {
            #expect(!line.contains(secret))
        }
    }
}
