import AppRuntime
import AppSupport
import Foundation
import PaykitContract
import PubkyCrypto
import PubkyProtocol

/// Opening a request (spec/05 §4): its issuer's endpoints through the shape stage, up to 15
/// attempts, and the confirmation shown when one opens.
extension FeatureContext where F == PaymentRequests {
    // MARK: Resolution

    /// Opens `request`: the issuer's endpoints through the shape stage, the request's retained
    /// identifiers, payability and preference (spec/05 §4), up to 15 times. Every failed attempt is
    /// logged with its reason (category `resolution`). Nil when no attempt opened.
    mutating func resolve(
        _ request: PendingPaymentRequest, inbox: PaymentRequestInbox, attempts: Int = PaymentRequests.resolutionAttempts
    ) throws -> PaymentConfirmation? {
        let context = PayabilityContext(
            network: network, now: try now(), isRequest: true,
            attemptedPaymentHashes: Set(inbox.attemptedPaymentHashes.compactMap(Hex.decode)),
            usedAddresses: Set(inbox.usedAddresses))
        let opened = try attempt { try $0.openPaykit() } != nil
        for attempt in 1...attempts {
            // Each retry waits 2 s after the failed attempt before it.
            if attempt > 1 { emit(.sleep(PaymentRequests.retryInterval)) }
            var reason = ResolutionReason.resolutionFailed
            if opened {
                do {
                    guard
                        case .endpoints(let endpoints) = try paykitCall(
                            .paykitEndpoints, .endpoints(of: request.issuer, receiverPath: request.issuerReceiverPath))
                    else { throw Self.unexpected(nil, for: "endpoints") }
                    let outcome = EndpointResolution.resolve(
                        endpoints: endpoints, retained: request.retained, context: context)
                    if case .opened(let selection) = outcome,
                        let confirmation = PaymentRequests.confirmation(for: request, selection, context)
                    {
                        return confirmation
                    }
                    reason = outcome.reason ?? .resolutionFailed
                } catch is ServiceFailure {
                    reason = .resolutionFailed
                }
            }
            log(category: .resolution, reason: reason.rawValue, request: request.key)
        }
        return nil
    }

    mutating func showConfirmation(_ confirmation: PaymentConfirmation) throws {
        state.confirmation = confirmation
        try push(.paymentRequestConfirm)
    }
}

extension PaymentRequests {
    /// Resolution attempts of spec/05 §4: immediately, then 14 retries 2 s apart; an automatic
    /// presentation that opened nothing tries again every 120 s after that. The waits pass on the
    /// device clock (nothing sleeps), so the journal shows the cadence. The simulated app has no
    /// timer: a later synchronisation runs a 120 s retry whose time has come.
    static let resolutionAttempts = 15
    static let retryInterval: TimeInterval = 2
    static let laterRetryInterval: TimeInterval = 120

    /// The confirmation for an opened selection: the request's sats and the selected endpoint's
    /// value, exactly as they will be paid.
    static func confirmation(
        for request: PendingPaymentRequest, _ selection: PaymentSelection, _ context: PayabilityContext
    ) -> PaymentConfirmation? {
        let method: PaymentConfirmation.Method
        switch Payability.evaluate(selection.primary, context: context) {
        case .success(.onchain): method = .onchain
        case .success(.bolt11): method = .lightning
        case .success(.lnurlPay): method = .lnurl
        case .failure: return nil
        }
        return PaymentConfirmation(
            key: request.key, issuer: request.issuer, sats: request.sats, method: method,
            destination: selection.primary.value, fallbackAddress: selection.onchainFallback?.value,
            paymentText: selection.paymentText)
    }
}
