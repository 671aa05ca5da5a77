import AppSupport
import Backend
import BitkitApp
import Device
import Foundation
import Simulation
import Testing

/// Display equals execution (spec/05 §6, spec/06 P2): the re-checks immediately before sending, and
/// that the amount and destination shown are the ones paid.
@Suite struct PaymentRequestConfirmationTests {
    private func lightningRequest(_ msat: UInt64?) throws -> (PaymentRequestTestWorld, String) {
        let journey = try PaymentRequestTestWorld()
        let invoice = try journey.invoice(msat: msat)
        try journey.publish("btc-lightning-bolt11", value: invoice.text)
        try journey.request("Q2", identifiers: ["btc-lightning-bolt11"])
        let screen = try journey.send(.sync)
        #expect(screen.route == "PaymentRequestConfirm")
        #expect(screen.value("ReviewAmount") == "100 000 sats")
        return (journey, invoice.text)
    }

    /// P2: the exact invoice shown is paid, 100 000 000 msat.
    @Test func theInvoiceShownIsPaidWithTheRequestAmount() throws {
        let (journey, invoice) = try lightningRequest(100_000_000)
        #expect(try journey.send(.toggleDetails).value("ReviewUri") == invoice)
        let paid = try journey.send(.confirm)
        #expect(paid.toasts.map(\.text) == ["success · Payment Sent · 100 000 sats"])
        let ledger = try journey.ledger()
        #expect(ledger.lightning.map(\.invoice) == [invoice])
        #expect(ledger.lightning.map(\.amountMsat) == [100_000_000])
    }

    /// P2: an amount-less invoice is paid with the request's sats.
    @Test func anAmountlessInvoiceIsPaidWithTheRequestSats() throws {
        let (journey, invoice) = try lightningRequest(nil)
        try journey.send(.confirm)
        let ledger = try journey.ledger()
        #expect(ledger.lightning.map(\.invoice) == [invoice])
        #expect(ledger.lightning.map(\.amountMsat) == [100_000_000])
    }

    /// P2: an invoice for 99 999 000 msat fails with the amount-mismatch error and nothing is sent.
    @Test func anInvoiceForAnotherAmountFailsWithTheMismatchErrorAndSendsNothing() throws {
        let (journey, _) = try lightningRequest(99_999_000)
        let refused = try journey.send(.confirm)
        #expect(refused.toasts.map(\.id) == ["SimPaymentRequestMismatchToast"])
        #expect(refused.route == "PaymentRequestConfirm")
        #expect(try journey.ledger().lightning.isEmpty)
        let state = try journey.state()
        #expect(state.pending.map(\.id) == ["Q2"])
        #expect(state.attemptedPaymentHashes.isEmpty)
        #expect(state.funds.lightningSats == 300_000)
    }

    /// The amount sent is compared with the request once more: a confirmation whose amount differs from
    /// the request (or whose invoice carries another amount) sends nothing.
    @Test func theAmountToSendMustEqualTheRequestExactly() throws {
        let journey = try PaymentRequestTestWorld()
        let key = PaymentRequestKey(id: "Q", counterparty: "pubky" + Fixture.c, receiverPath: "bitkit/server")
        let exact = try journey.invoice(msat: 100_000_000).text
        let other = try journey.invoice(msat: 100_000_001).text
        let open = try journey.invoice(msat: nil).text
        func shown(
            _ method: PaymentConfirmation.Method, _ destination: String, sats: UInt64 = 100_000
        )
            -> PaymentConfirmation
        {
            PaymentConfirmation(
                key: key, issuer: Fixture.c, sats: sats, method: method, destination: destination, fallbackAddress: nil,
                paymentText: destination)
        }
        #expect(PaymentRequestChecks.amountToSend(shown(.lightning, exact), requestSats: 100_000) == 100_000_000)
        #expect(PaymentRequestChecks.amountToSend(shown(.lightning, open), requestSats: 100_000) == 100_000_000)
        #expect(PaymentRequestChecks.amountToSend(shown(.lightning, other), requestSats: 100_000) == nil)
        #expect(PaymentRequestChecks.amountToSend(shown(.lightning, "lnbcrt-garbage"), requestSats: 100_000) == nil)
        #expect(PaymentRequestChecks.amountToSend(shown(.onchain, "bcrt1q", sats: 99_999), requestSats: 100_000) == nil)
        #expect(PaymentRequestChecks.amountToSend(shown(.onchain, "bcrt1q"), requestSats: 100_000) == 100_000_000)
        // sats × 1000 overflowing is a mismatch.
        #expect(
            PaymentRequestChecks.amountToSend(shown(.lnurl, "x", sats: .max), requestSats: .max) == nil)
    }

    /// §6 "the payment context still belongs to this flow": a request rejected meanwhile is unavailable.
    @Test func aRequestRemovedMeanwhileMakesTheConfirmationUnavailable() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"])
        try journey.send(.sync)
        // Another process of Bitkit handled the request (the inbox is the persisted store).
        let sandbox = Sandbox(world: journey.world.world, app: .bitkit)
        var inbox = try #require(try sandbox.load(PaymentRequestInbox.self, PaymentRequestInbox.document))
        inbox.pending = []
        try sandbox.save(inbox, PaymentRequestInbox.document)
        let screen = try journey.send(.confirm)
        #expect(screen.toasts.map(\.id) == ["PaymentRequestUnavailableToast"])
        #expect(screen.route == "home")
        #expect(try journey.ledger().onchain.isEmpty)
    }

    /// §2.4: expiry noticed while presenting logs `request_expired`, shows the expired toast and drops it.
    @Test func anExpiryNoticedWhilePresentingIsLoggedToastedAndDropped() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        let expiry = try journey.world.environment.now().addingTimeInterval(600)
        try journey.request(
            "Q1", identifiers: ["btc-regtest-p2wpkh"], expires: ISO8601DateFormatter().string(from: expiry))
        #expect(try journey.send(.sync).route == "PaymentRequestConfirm")
        try DeviceClock(world: journey.world.world).advance(by: 3_600_000)
        let screen = try journey.send(.confirm)
        #expect(screen.toasts.map(\.id) == ["PaymentRequestExpiredToast"])
        #expect(screen.route == "home")
        #expect(
            try journey.logLines("presentation")
                == ["category=presentation reason=request_expired counterparty=pubkygcumbhd..."])
        #expect(try journey.state().pending.isEmpty)
        #expect(try journey.ledger().onchain.isEmpty)
    }

    @Test func insufficientFundsSendNothing() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Big", amount: "0.005", identifiers: ["btc-regtest-p2wpkh"])
        let screen = try journey.send(.sync)
        #expect(screen.value("ReviewAmount") == "500 000 sats")
        #expect(try journey.send(.confirm).toasts.map(\.id) == ["SimPaymentRequestInsufficientFundsToast"])
        #expect(try journey.ledger().onchain.isEmpty)
        #expect(try journey.state().pending.map(\.id) == ["Big"])
    }

    /// A failed broadcast shows the error and records nothing as paid.
    @Test func aFailedPaymentSendsNothingAndKeepsTheRequest() throws {
        let journey = try PaymentRequestTestWorld()
        try journey.publish("btc-regtest-p2wpkh", value: journey.address())
        try journey.request("Q1", identifiers: ["btc-regtest-p2wpkh"])
        try journey.send(.sync)
        try journey.world.addSDKFault("paykit-pay", remaining: 1)
        let screen = try journey.send(.confirm)
        #expect(screen.toasts.map(\.text) == ["error · Payment Failed · Simulated SDK failure (paykit-pay)"])
        #expect(screen.route == "PaymentRequestConfirm")
        #expect(try journey.ledger().onchain.isEmpty)
        #expect(try journey.state().funds.onchainSats == 300_000)
        // The retry pays.
        #expect(try journey.send(.confirm).route == "home")
        #expect(try journey.ledger().onchain.count == 1)
    }

    @Test func confirmWithoutAnOpenConfirmationIsRefused() throws {
        let journey = try PaymentRequestTestWorld()
        let outcome = try journey.world.outcome(.paykit(.confirm))
        #expect(outcome.notices.count == 1)
        #expect(outcome.screen?.route == "home")
        #expect(try journey.world.outcome(.paykit(.toggleDetails)).notices.count == 1)
        #expect(try journey.world.outcome(.paykit(.dismiss)).notices.count == 1)
    }

    /// Amounts are shown in sats grouped by thousands (spec/06 §3).
    @Test func amountsAreShownInSatsGroupedByThousands() {
        #expect(PaymentRequestTexts.formatSats(1) == "1 sats")
        #expect(PaymentRequestTexts.formatSats(999) == "999 sats")
        #expect(PaymentRequestTexts.formatSats(1000) == "1 000 sats")
        #expect(PaymentRequestTexts.formatSats(100_000) == "100 000 sats")
        #expect(PaymentRequestTexts.formatSats(18_446_744_073_709_551) == "18 446 744 073 709 551 sats")
    }
}
