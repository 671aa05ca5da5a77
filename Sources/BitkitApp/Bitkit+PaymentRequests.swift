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
extension Context where App == Bitkit {
    var paykitMemory: PaykitMemory {
        get { memory.paykit ?? PaykitMemory() }
        set { memory.paykit = newValue }
    }

    mutating func perform(_ action: PaykitAction) throws {
        guard memory.root != .onboarding else {
            notice("There is no wallet yet: create or restore one first (`bitkit-sim wallet create`).")
            return
        }
        if case .fund(let onchain, let lightning) = action {
            try fund(onchainSats: onchain, lightningSats: lightning)
            return
        }
        guard defaults.paykitUIEnabled else {
            notice(
                "Payment requests and contacts are unavailable: the Paykit UI is off "
                    + "(Dev Settings; `bitkit-sim settings dev paykit-ui on`).")
            return
        }
        switch action {
        case .sync: try syncPaymentRequests()
        case .openBell: openBell()
        case .openRequest(let reference): try openRequest(reference)
        case .pay(let reference): try payRequest(reference)
        case .reject(let reference): try rejectRequest(reference)
        case .confirm: try confirmPayment()
        case .toggleDetails: toggleDetails()
        case .dismiss: dismissConfirmation()
        case .addContact(let name, let pubky, let receiverPath):
            try addContact(name: name, pubky: pubky, receiverPath: receiverPath)
        case .openContacts: try open(.contacts)
        case .fund: break
        }
    }

    // MARK: Synchronisation

    /// Fetches the records every saved contact addressed to this pubky, runs the gate on each, logs
    /// failures once per (request, reason, counterparty), adds new accepted requests to the pending
    /// list, and presents the first one that arrived now.
    mutating func syncPaymentRequests() throws {
        guard memory.authState == .authenticated, let own = memory.publicKey.flatMap(CounterpartyRedaction.normalised)
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
            memory.top != .paymentRequestConfirm,
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
        guard memory.top != .paymentRequestConfirm,
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
        inbox.pending[index].nextAutomaticRetry = try now().addingTimeInterval(Bitkit.laterRetryInterval)
        try saveInbox(inbox)
    }

    // MARK: The bell, rows, Pay and Reject

    /// The bell on Home: the requests sheet.
    mutating func openBell() {
        if !memory.path.isEmpty { setPath([]) }
        memory.sheet = .paymentRequests
    }

    /// Taps a request row: its details screen.
    mutating func openRequest(_ reference: String) throws {
        let request = try listedRequest(reference, in: try loadInbox())
        if memory.sheet != .paymentRequests { openBell() }
        guard try !expireIfNeeded(request) else { return }
        paykitMemory.detail = request.key
        try push(.paymentRequestDetail)
    }

    /// `PaymentRequestPay-<id>`: resolution with the retry rule, then the confirmation; after the
    /// last failed attempt `PaymentRequestUnavailableToast`, and the request stays pending.
    mutating func payRequest(_ reference: String) throws {
        let request = try listedRequest(reference, in: try loadInbox())
        if memory.sheet != .paymentRequests { openBell() }
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
        if memory.sheet != .paymentRequests { openBell() }
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

    // MARK: Resolution

    /// Opens `request`: the issuer's endpoints through the shape stage, the request's retained
    /// identifiers, payability and preference (spec/05 §4), up to 15 times. Every failed attempt is
    /// logged with its reason (category `resolution`). Nil when no attempt opened.
    mutating func resolve(
        _ request: PendingPaymentRequest, inbox: PaymentRequestInbox, attempts: Int = Bitkit.resolutionAttempts
    ) throws -> PaymentConfirmation? {
        let context = PayabilityContext(
            network: network, now: try now(), isRequest: true,
            attemptedPaymentHashes: Set(inbox.attemptedPaymentHashes.compactMap(Hex.decode)),
            usedAddresses: Set(inbox.usedAddresses))
        let opened = try attempt { try $0.openPaykit() } != nil
        for attempt in 1...attempts {
            // Each retry waits 2 s after the failed attempt before it.
            if attempt > 1 { emit(.sleep(Bitkit.retryInterval)) }
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
                        let confirmation = Bitkit.confirmation(for: request, selection, context)
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
        paykitMemory.confirmation = confirmation
        try push(.paymentRequestConfirm)
    }
}

extension Bitkit {
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
