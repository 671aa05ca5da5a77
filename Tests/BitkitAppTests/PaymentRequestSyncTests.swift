import Foundation
import PaykitContract
import Testing

@testable import BitkitApp

/// Synchronisation's gate-then-merge step as a pure function: same inputs, same inbox.
@Suite struct PaymentRequestSyncTests {
    let shop = PaykitContact(name: "Shop", pubky: Fixture.c, receiverPath: "bitkit/server")
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func record(_ id: String, role: String = "payer", identifiers: [String] = ["btc-regtest-p2wpkh"]) throws -> [UInt8]
    {
        let record: [String: Any] = [
            "paymentRequestId": id, "counterparty": "pubky" + Fixture.c, "counterpartyReceiverPath": "bitkit/server",
            "localRole": role, "state": "proposed",
            "terms": [
                "amount": ["value": "0.001", "asset": "btc"], "acceptedPaymentEndpointIdentifiers": identifiers,
            ],
        ]
        return [UInt8](try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]))
    }

    @Test func acceptedRequestsArriveOnceInFetchOrderAndFailuresAreLoggedOnce() throws {
        let fetched = [
            (shop, [try record("Q2"), try record("Q1"), try record("Q4", identifiers: ["btc-bitcoin-p2wpkh"])])
        ]
        let first = PaymentRequestSync.merge(fetched, into: PaymentRequestInbox(), network: .regtest, now: now)
        #expect(first.arrived.map(\.id) == ["Q2", "Q1"])
        #expect(first.inbox.pending.map(\.key.id) == ["Q2", "Q1"])
        #expect(first.logLines == ["category=parse reason=no_supported_endpoint counterparty=pubkygcumbhd..."])

        let second = PaymentRequestSync.merge(fetched, into: first.inbox, network: .regtest, now: now)
        #expect(second.arrived.isEmpty)
        #expect(second.logLines.isEmpty)
        #expect(second.inbox == first.inbox)
    }

    @Test func aPendingRequestThatNowFailsTheGateLeavesTheInbox() throws {
        let first = PaymentRequestSync.merge(
            [(shop, [try record("Q1")])], into: PaymentRequestInbox(), network: .regtest, now: now)
        let withdrawn = PaymentRequestSync.merge(
            [(shop, [try record("Q1", role: "payee")])], into: first.inbox, network: .regtest, now: now)
        #expect(withdrawn.inbox.pending.isEmpty)
        #expect(withdrawn.arrived.isEmpty)
    }

    @Test func undecodableRecordsNeverReachTheInbox() {
        let merged = PaymentRequestSync.merge(
            [(shop, [Array("{not json".utf8)])], into: PaymentRequestInbox(), network: .regtest, now: now)
        #expect(merged == PaymentRequestSync(inbox: PaymentRequestInbox(), arrived: [], logLines: []))
    }
}
