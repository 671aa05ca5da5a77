import AppRuntime
import AppSupport
import Foundation
import PaykitContract
import PubkyCrypto
import PubkyProtocol

/// The incoming payment-request journey (spec/05 §8): synchronise, the bell, details, Pay with the
/// retry rule of §4, the confirmation whose amount and destination are exactly what is paid (§6),
/// Reject. The gate, the endpoint parser and the resolution are `PaykitContract`'s, the same code
/// `bitkit-sim paykit check-*` runs.
public enum PaymentRequests: Feature {
    public typealias App = Bitkit

    public struct State: Sendable, Equatable {
        /// The request whose details screen is open.
        public var detail: PaymentRequestKey?
        /// The open confirmation.
        public var confirmation: PaymentConfirmation?

        public init(detail: PaymentRequestKey? = nil, confirmation: PaymentConfirmation? = nil) {
            self.detail = detail
            self.confirmation = confirmation
        }
    }

    public enum Action: Sendable, Equatable {
        /// Fetches requests from every saved contact, runs the gate, logs failures once and presents
        /// the first new accepted request on its own.
        case sync
        /// The bell on Home (`PaymentRequestsBell`): the requests sheet.
        case openBell
        /// Taps a request row: its details screen (the request id or the row id).
        case openRequest(String)
        /// `PaymentRequestPay-<id>`: resolution, then the confirmation.
        case pay(String)
        /// `PaymentRequestDismiss-<id>`: the request leaves the pending list, nothing is paid.
        case reject(String)
        /// Confirms the open confirmation: the §6 re-checks, then the payment shown.
        case confirm
        /// `SendConfirmToggleDetails`.
        case toggleDetails
        /// Closes the open confirmation without paying.
        case dismiss
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<PaymentRequests>) throws {
        switch action {
        case .sync: try context.syncPaymentRequests()
        case .openBell: context.openBell()
        case .openRequest(let reference): try context.openRequest(reference)
        case .pay(let reference): try context.payRequest(reference)
        case .reject(let reference): try context.rejectRequest(reference)
        case .confirm: try context.confirmPayment()
        case .toggleDetails: context.toggleDetails()
        case .dismiss: context.dismissConfirmation()
        }
    }
}

extension FeatureContext where F == PaymentRequests {
    // MARK: Synchronisation

    /// Fetches the records every saved contact addressed to this pubky, runs the gate on each, logs
    /// failures once per (request, reason, counterparty), adds new accepted requests to the pending
    /// list, and presents the first one that arrived now.
    mutating func syncPaymentRequests() throws {
        guard identity.authState == .authenticated,
            let own = identity.publicKey.flatMap(CounterpartyRedaction.normalised)
        else {
            notice("Payment requests arrive for a Pubky profile: create or pick one first (`bitkit-sim profile`).")
            return
        }
        let contacts = try loadContacts().contacts
        try suspend(.requestsBeforeFetch)
        var fetched: [(PaykitContact, [[UInt8]])] = []
        if !contacts.isEmpty {
            try openPaykit()
            for contact in contacts {
                do {
                    guard
                        case .records(let records) = try paykitCall(
                            .paykitRequests, .paymentRequests(from: contact.pubky, to: own))
                    else { throw Self.unexpected(nil, for: "paymentRequests") }
                    fetched.append((contact, records))
                } catch let failure as ServiceFailure {
                    notice("The payment requests of contact \(contact.name) could not be fetched: \(failure.reason).")
                }
            }
        }
        let now = try now()
        let merged = PaymentRequestSync.merge(fetched, into: try loadInbox(), network: network, now: now)
        var inbox = merged.inbox
        let arrived = merged.arrived
        for line in merged.logLines {
            record(JournalLine(.log(.parse), detail: line))
        }
        if try retryDueRequest(&inbox, arrived: arrived, now: now) { return }
        guard let first = arrived.first(where: { key in inbox.pendingRequest(key) != nil }),
            top != .paymentRequestConfirm,
            let index = inbox.pending.firstIndex(where: { $0.key == first })
        else {
            try saveInbox(inbox)
            return
        }
        inbox.pending[index].autoPresented = true
        try saveInbox(inbox)
        // Automatic presentation on arrival: on anything but "opened" there is no UI at all.
        if let confirmation = try resolve(inbox.pending[index], inbox: inbox) {
            try showConfirmation(confirmation)
            return
        }
        try scheduleLaterRetry(of: first)
    }

    /// Runs the first automatic retry whose time has come (one attempt; no UI unless it opens) and
    /// schedules the next one 120 s later. Returns whether it showed a confirmation.
    private mutating func retryDueRequest(
        _ inbox: inout PaymentRequestInbox, arrived: [PaymentRequestKey], now: Date
    ) throws -> Bool {
        guard top != .paymentRequestConfirm,
            let index = inbox.pending.firstIndex(where: { request in
                !arrived.contains(request.key) && (request.nextAutomaticRetry.map { $0 <= now } ?? false)
            })
        else { return false }
        inbox.pending[index].nextAutomaticRetry = nil
        try saveInbox(inbox)
        let request = inbox.pending[index]
        if let confirmation = try resolve(request, inbox: inbox, attempts: 1) {
            try showConfirmation(confirmation)
            return true
        }
        try scheduleLaterRetry(of: request.key)
        inbox = try loadInbox()
        return false
    }

    /// The automatic presentation of `key` tries again 120 s from now.
    private mutating func scheduleLaterRetry(of key: PaymentRequestKey) throws {
        var inbox = try loadInbox()
        guard let index = inbox.pending.firstIndex(where: { $0.key == key }) else { return }
        inbox.pending[index].nextAutomaticRetry = try now().addingTimeInterval(PaymentRequests.laterRetryInterval)
        try saveInbox(inbox)
    }

    // MARK: The bell, rows, Pay and Reject

    /// The bell on Home: the requests sheet.
    mutating func openBell() {
        if !path.isEmpty { setPath([]) }
        sheet = .paymentRequests
    }

    /// Taps a request row: its details screen.
    mutating func openRequest(_ reference: String) throws {
        let request = try listedRequest(reference, in: try loadInbox())
        if sheet != .paymentRequests { openBell() }
        guard try !expireIfNeeded(request) else { return }
        state.detail = request.key
        try push(.paymentRequestDetail)
    }

    /// `PaymentRequestPay-<id>`: resolution with the retry rule, then the confirmation; after the
    /// last failed attempt `PaymentRequestUnavailableToast`, and the request stays pending.
    mutating func payRequest(_ reference: String) throws {
        let request = try listedRequest(reference, in: try loadInbox())
        if sheet != .paymentRequests { openBell() }
        guard try !expireIfNeeded(request) else { return }
        try suspend(.requestsBeforeResolve)
        let inbox = try loadInbox()
        guard let current = inbox.pendingRequest(request.key) else {
            toast(PaymentRequestTexts.unavailable)
            return
        }
        guard let confirmation = try resolve(current, inbox: inbox) else {
            toast(PaymentRequestTexts.unavailable)
            return
        }
        try showConfirmation(confirmation)
    }

    /// `PaymentRequestDismiss-<id>`: the request leaves the pending list; nothing is paid and no
    /// confirmation opens.
    mutating func rejectRequest(_ reference: String) throws {
        var inbox = try loadInbox()
        let request = try listedRequest(reference, in: inbox)
        if sheet != .paymentRequests { openBell() }
        inbox.pending.removeAll { $0.key == request.key }
        inbox.handled.append(
            HandledPaymentRequest(key: request.key, outcome: .rejected, sats: request.sats, at: try now()))
        try saveInbox(inbox)
    }

    /// The pending request a row or button names: its request id, or the full row id.
    func listedRequest(_ reference: String, in inbox: PaymentRequestInbox) throws -> PendingPaymentRequest {
        if let row = inbox.pending.first(where: { $0.rowID == reference }) { return row }
        let matches = inbox.pending.filter { $0.key.id == reference }
        guard matches.count == 1 else {
            throw BitkitAppError.invalidArgument(
                matches.isEmpty
                    ? "No pending payment request '\(reference)' is listed (the bell shows them: `bitkit-sim requests`)."
                    : "Several pending payment requests have the id '\(reference)': give the row id instead.")
        }
        return matches[0]
    }

    /// Expiry noticed while presenting (spec/05 §2.4): logged, `PaymentRequestExpiredToast`, and the
    /// request leaves the pending list. Returns whether it had expired.
    mutating func expireIfNeeded(_ request: PendingPaymentRequest) throws -> Bool {
        guard request.isExpired(at: try now()) else { return false }
        log(category: .presentation, reason: PresentationReason.requestExpired.rawValue, request: request.key)
        var inbox = try loadInbox()
        inbox.pending.removeAll { $0.key == request.key }
        try saveInbox(inbox)
        toast(PaymentRequestTexts.expired)
        return true
    }
}
