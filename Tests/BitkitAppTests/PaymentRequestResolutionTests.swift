import AppSupport
import Backend
import BitkitApp
import Device
import Foundation
import Testing

/// Opening a request (spec/05 §4, §5): no endpoint vs not opened, the 15 attempts and their log,
/// preference, and what the payability stage remembers.
@Suite struct PaymentRequestResolutionTests {
    private static let q5Row = "PaymentRequestRow-Q5-\(Fixture.c)-bitkit/server-one-time"

    /// P4b: presented (it passes the gate), but opening finds no endpoint: 15 attempts logged as
    /// `no_supported_endpoint`, then `PaymentRequestUnavailableToast`; the request stays pending.
    @Test func noEndpointAfterFifteenAttemptsShowsUnavailableAndKeepsTheRequest() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-bitcoin-p2wpkh", value: journey.address(.bitcoin))
        try journey.request("Q5", identifiers: ["btc-regtest-p2wpkh", "btc-bitcoin-p2wpkh"])
        let synced = try journey.send(.sync)
        #expect(synced.route == "home")
        #expect(synced.toasts.isEmpty)
        let line = "category=resolution reason=no_supported_endpoint counterparty=pubkygcumbhd..."
        #expect(try journey.logLines("resolution") == Array(repeating: line, count: 15))
        #expect(try journey.state().pending.map(\.identifiers) == [["btc-regtest-p2wpkh"]])
        try journey.send(.openBell)
        let paid = try journey.send(.pay("Q5"))
        #expect(paid.route == "home")
        #expect(paid.toasts.map(\.id) == ["PaymentRequestUnavailableToast"])
        #expect(paid.sheet?.rows.map(\.id) == [Self.q5Row])
        #expect(try journey.logLines("resolution") == Array(repeating: line, count: 30))
        #expect(try journey.logLines("parse").isEmpty)
        #expect(try journey.state().pending.map(\.id) == ["Q5"])
        #expect(try journey.ledger().onchain.isEmpty)
    }

    /// An endpoint that passes the shape stage but is not payable is "not opened", with its own code.
    @Test func anEndpointThatIsNotPayableEndsNotOpened() throws {
        let journey = try PaymentRequestTestWorld()
        // A mainnet address under the regtest identifier: shape passes, payability finds the network.
        try journey.publish("btc-regtest-p2wpkh", value: journey.address(.bitcoin))
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"])
        #expect(try journey.send(.sync).route == "home")
        let paid = try journey.send(.pay("Q1"))
        #expect(paid.toasts.map(\.id) == ["PaymentRequestUnavailableToast"])
        let lines = try journey.logLines("resolution")
        #expect(lines.count == 30)
        #expect(Set(lines) == ["category=resolution reason=endpoint_not_payable counterparty=pubkygcumbhd..."])
    }

    /// A failing endpoint fetch is `resolution_failed`; a later attempt that succeeds opens.
    @Test func aFailedFetchIsRetriedAndTheNextAttemptOpens() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"])
        try journey.world.addSDKFault("paykit-endpoints", remaining: 3)
        let screen = try journey.send(.sync)
        #expect(screen.route == "PaymentRequestConfirm")
        #expect(
            try journey.logLines("resolution")
                == Array(
                    repeating: "category=resolution reason=resolution_failed counterparty=pubkygcumbhd...", count: 3))
    }

    /// bolt11 is preferred; with an address also payable the unified URI is built and Lightning pays.
    @Test func bolt11AndAnAddressBothPayablePayTheInvoiceWithTheAddressAsFallback() throws {
        let journey = try PaymentRequestTestWorld()
        let address = journey.address()
        let invoice = try journey.invoice(msat: 100_000_000)
        try journey.publish("btc-regtest-p2wpkh", value: address)
        try journey.publish("btc-lightning-bolt11", value: invoice.text)
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh", "btc-lightning-bolt11"])
        try journey.send(.sync)
        let details = try journey.send(.toggleDetails)
        #expect(details.value("ReviewUri") == invoice.text)
        #expect(details.value("SimReviewFallbackAddress") == address)
        let confirmation = try #require(try journey.state().confirmation)
        #expect(confirmation.paymentText.hasPrefix("bitcoin:\(address)?lightning=lnbcrt1m1"))
        try journey.send(.confirm)
        let ledger = try journey.ledger()
        #expect(ledger.onchain.isEmpty)
        #expect(ledger.lightning.map(\.invoice) == [invoice.text])
        #expect(ledger.lightning.map(\.paymentHash) == [invoice.hash])
        #expect(try journey.state().funds == WalletFunds(onchainSats: 300_000, lightningSats: 200_000))
    }

    /// For requests an invoice whose hash was attempted is not payable again.
    @Test func anAttemptedInvoiceIsNotOfferedAgain() throws {
        let journey = try PaymentRequestTestWorld()
        let invoice = try journey.invoice(msat: nil)
        try journey.publish("btc-lightning-bolt11", value: invoice.text)
        try journey.request("Q1", identifiers: ["btc-lightning-bolt11"])
        try journey.send(.sync)
        try journey.send(.confirm)
        #expect(try journey.state().attemptedPaymentHashes == [invoice.hash])
        try journey.request("Q2", identifiers: ["btc-lightning-bolt11"])
        #expect(try journey.send(.sync).route == "home")
        #expect(try journey.send(.pay("Q2")).toasts.map(\.id) == ["PaymentRequestUnavailableToast"])
        #expect(try journey.ledger().lightning.count == 1)
    }

    /// For requests an address already paid is not payable again.
    @Test func aUsedAddressIsNotPayableAgain() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"])
        try journey.send(.sync)
        try journey.send(.confirm)
        try journey.request("Q2", identifiers: ["btc-regtest-p2wpkh"])
        #expect(try journey.send(.sync).route == "home")
        #expect(try journey.send(.pay("Q2")).toasts.map(\.id) == ["PaymentRequestUnavailableToast"])
        #expect(try journey.ledger().onchain.count == 1)
    }

    /// Invoices without route hints are not payable for requests.
    @Test func anInvoiceWithoutRouteHintsIsNotPayableForARequest() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-lightning-bolt11", value: try journey.invoice(msat: nil, routeHints: false).text)
        try journey.request("Q1", identifiers: ["btc-lightning-bolt11"])
        #expect(try journey.send(.sync).route == "home")
        #expect(
            Set(try journey.logLines("resolution"))
                == ["category=resolution reason=endpoint_not_payable counterparty=pubkygcumbhd..."])
    }
}
