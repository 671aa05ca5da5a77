import AppRuntime
import AppSupport
import Foundation
import PaykitContract
import PubkyCrypto
import PubkyProtocol

/// The payment confirmation (spec/05 §6): details, dismiss, and Confirm, which re-checks the state
/// as it is now and pays exactly the amount and destination shown.
extension FeatureContext where F == PaymentRequests {
    mutating func toggleDetails() {
        guard top == .paymentRequestConfirm, var shown = state.confirmation else {
            notice("No payment request confirmation is open.")
            return
        }
        shown.detailsShown.toggle()
        state.confirmation = shown
    }

    /// Closes the confirmation without paying; the request stays pending.
    mutating func dismissConfirmation() {
        guard top == .paymentRequestConfirm else {
            notice("No payment request confirmation is open.")
            return
        }
        closeConfirmation()
    }

    mutating func closeConfirmation() {
        state.confirmation = nil
        if path.contains(.paymentRequestConfirm) {
            setPath(path.filter { $0 != .paymentRequestConfirm })
        }
    }

    /// Confirms: the re-checks of spec/05 §6 on the state as it is now, then exactly the amount and
    /// destination shown are paid. A mismatch sends nothing.
    mutating func confirmPayment() throws {
        guard top == .paymentRequestConfirm, let shown = state.confirmation else {
            notice("No payment request confirmation is open.")
            return
        }
        try suspend(.requestsBeforeSend)
        // The payment context must still belong to this flow.
        guard top == .paymentRequestConfirm, let current = state.confirmation,
            current.isSameFlow(as: shown)
        else {
            toast(PaymentRequestTexts.unavailable)
            return
        }
        var inbox = try loadInbox()
        guard let request = inbox.pendingRequest(shown.key) else {
            closeConfirmation()
            toast(PaymentRequestTexts.unavailable)
            return
        }
        if try expireIfNeeded(request) {
            closeConfirmation()
            return
        }
        guard let amountMsat = PaymentRequestChecks.amountToSend(shown, requestSats: request.sats) else {
            toast(PaymentRequestTexts.mismatch)
            return
        }
        var funds = try loadFunds()
        let available = shown.method == .onchain ? funds.onchainSats : funds.lightningSats
        guard available >= shown.sats else {
            toast(PaymentRequestTexts.insufficientFunds)
            return
        }
        var paid = HandledPaymentRequest(
            key: shown.key, outcome: .paid, sats: shown.sats, method: shown.method, destination: shown.destination,
            at: try now())
        do {
            try openPaykit()
            switch shown.method {
            case .onchain:
                guard
                    case .paid(let txid) = try paykitCall(
                        .paykitPay, .payOnchain(address: shown.destination, sats: shown.sats))
                else { throw Self.unexpected(nil, for: "payOnchain") }
                paid.txid = txid
                funds.onchainSats -= shown.sats
                if let address = try? BitcoinAddress(shown.destination) {
                    inbox.usedAddresses.append(address.canonicalText)
                }
            case .lightning, .lnurl:
                let hash = (try? Bolt11Invoice(shown.destination)).map { Hex.encode($0.paymentHash) }
                if let hash {
                    // Attempted from now on, whatever the outcome: it is never offered again.
                    inbox.attemptedPaymentHashes.append(hash)
                    try saveInbox(inbox)
                }
                guard
                    case .paid(let paymentHash) = try paykitCall(
                        .paykitPay, .payLightning(invoice: shown.destination, amountMsat: amountMsat, paymentHash: hash)
                    )
                else { throw Self.unexpected(nil, for: "payLightning") }
                paid.paymentHash = paymentHash
                funds.lightningSats -= shown.sats
            }
        } catch let failure as ServiceFailure {
            toast(PaymentRequestTexts.paymentFailed(failure.reason))
            return
        }
        try saveFunds(funds)
        inbox.pending.removeAll { $0.key == shown.key }
        inbox.handled.append(paid)
        try saveInbox(inbox)
        closeConfirmation()
        toast(PaymentRequestTexts.paymentSent(shown.sats))
    }
}
