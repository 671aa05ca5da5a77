import AppSupport
import Device
import Foundation
import PaykitContract
import PubkyCrypto
import PubkyProtocol

/// The incoming payment-request journey (spec/05 §8): synchronise, the bell, details, Pay with the
/// retry rule of §4, the confirmation whose amount and destination are exactly what is paid (§6),
/// Reject. The gate, the endpoint parser and the resolution are `PaykitContract`'s, the same code
/// `bitkit-sim paykit check-*` runs.
extension BitkitRuntime {
    /// Resolution attempts of spec/05 §4: immediately, then 14 retries 2 s apart in the app. The
    /// simulator runs them back to back (nothing waits); the later 120 s retries are not simulated.
    static let resolutionAttempts = 15

    /// The build's network as the contract's parsers take it.
    var walletNetwork: WalletNetwork { WalletNetwork(rawValue: network.rawValue) ?? .regtest }

    var paykitMemory: PaykitMemory {
        get { memory.paykit ?? PaykitMemory() }
        set { memory.paykit = newValue }
    }

    func perform(_ action: PaykitAction) throws {
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
    func syncPaymentRequests() throws {
        guard memory.authState == .authenticated, let own = memory.publicKey.flatMap(CounterpartyRedaction.normalised)
        else {
            notice("Payment requests arrive for a Pubky profile: create or pick one first (`bitkit-sim profile`).")
            return
        }
        let contacts = try loadContacts().contacts
        try suspend("bitkit.requests.before-fetch")
        var fetched: [(PaykitContact, [[UInt8]])] = []
        if !contacts.isEmpty {
            let client = try paykitNetwork()
            for contact in contacts {
                do {
                    let records = try paykitCall("paykit-requests", client) { client throws(ServiceFailure) in
                        try client.paymentRequests(from: contact.pubky, to: own)
                    }
                    fetched.append((contact, records))
                } catch {
                    notice("The payment requests of contact \(contact.name) could not be fetched: \(error.reason).")
                }
            }
        }
        var inbox = try loadInbox()
        let now = environment.now()
        var log = inbox.parseLog()
        var known = Set(inbox.handled.map(\.key)).union(inbox.pending.map(\.key))
        var failing = Set<PaymentRequestKey>()
        var arrived: [PaymentRequestKey] = []
        for (contact, records) in fetched {
            for bytes in records {
                // The SDK hands over only records it could decode; anything else never reaches Bitkit.
                guard var record = try? PaymentRequestRecord.parse(bytes) else { continue }
                if record.counterparty == nil { record.counterparty = PubkyKey.prefix + contact.pubky }
                if record.counterpartyReceiverPath == nil { record.counterpartyReceiverPath = contact.receiverPath }
                let key = PaymentRequestKey(record.identity)
                switch RequestGate.evaluate(record, network: walletNetwork, now: now) {
                case .failure(let reason):
                    failing.insert(key)
                    if let line = log.note(reason, for: record) {
                        inbox.logged.append(LoggedParseFailure(key: key, reason: reason.rawValue))
                        environment.record(JournalEntry(app: "bitkit", event: "log", op: "parse", detail: line))
                    }
                case .success(let accepted):
                    guard known.insert(key).inserted else { continue }
                    inbox.pending.append(PendingPaymentRequest(accepted, issuer: contact))
                    arrived.append(key)
                }
            }
        }
        // A pending request that now fails the gate (withdrawn, expired, changed) is never shown again.
        inbox.pending.removeAll { failing.contains($0.key) || $0.isExpired(at: now) }
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
        }
    }

    // MARK: The bell, rows, Pay and Reject

    /// The bell on Home: the requests sheet.
    func openBell() {
        if !memory.path.isEmpty { setPath([]) }
        memory.sheet = .paymentRequests
    }

    /// Taps a request row: its details screen.
    func openRequest(_ reference: String) throws {
        let request = try listedRequest(reference, in: try loadInbox())
        if memory.sheet != .paymentRequests { openBell() }
        guard try !expireIfNeeded(request) else { return }
        paykitMemory.detail = request.key
        try push(.paymentRequestDetail)
    }

    /// `PaymentRequestPay-<id>`: resolution with the retry rule, then the confirmation; after the
    /// last failed attempt `PaymentRequestUnavailableToast`, and the request stays pending.
    func payRequest(_ reference: String) throws {
        let request = try listedRequest(reference, in: try loadInbox())
        if memory.sheet != .paymentRequests { openBell() }
        guard try !expireIfNeeded(request) else { return }
        try suspend("bitkit.requests.before-resolve")
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
    func rejectRequest(_ reference: String) throws {
        var inbox = try loadInbox()
        let request = try listedRequest(reference, in: inbox)
        if memory.sheet != .paymentRequests { openBell() }
        inbox.pending.removeAll { $0.key == request.key }
        inbox.handled.append(
            HandledPaymentRequest(key: request.key, outcome: .rejected, sats: request.sats, at: environment.now()))
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
    func expireIfNeeded(_ request: PendingPaymentRequest) throws -> Bool {
        guard request.isExpired(at: environment.now()) else { return false }
        log(category: "presentation", reason: PresentationReason.requestExpired.rawValue, request: request.key)
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
    func resolve(_ request: PendingPaymentRequest, inbox: PaymentRequestInbox) throws -> PaymentConfirmation? {
        let context = PayabilityContext(
            network: walletNetwork, now: environment.now(), isRequest: true,
            attemptedPaymentHashes: Set(inbox.attemptedPaymentHashes.compactMap(Hex.decode)),
            usedAddresses: Set(inbox.usedAddresses))
        let client = try? paykitNetwork()
        for _ in 1...Self.resolutionAttempts {
            var reason = ResolutionReason.resolutionFailed
            if let client {
                do {
                    let endpoints = try paykitCall("paykit-endpoints", client) { client throws(ServiceFailure) in
                        try client.endpoints(of: request.issuer, receiverPath: request.issuerReceiverPath)
                    }
                    let outcome = EndpointResolution.resolve(
                        endpoints: endpoints, retained: request.retained, context: context)
                    if case .opened(let selection) = outcome,
                        let confirmation = Self.confirmation(for: request, selection, context)
                    {
                        return confirmation
                    }
                    reason = outcome.reason ?? .resolutionFailed
                } catch {
                    reason = .resolutionFailed
                }
            }
            log(category: "resolution", reason: reason.rawValue, request: request.key)
        }
        return nil
    }

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

    func showConfirmation(_ confirmation: PaymentConfirmation) throws {
        paykitMemory.confirmation = confirmation
        try push(.paymentRequestConfirm)
    }

    // MARK: The confirmation

    func toggleDetails() {
        guard memory.top == .paymentRequestConfirm, var shown = paykitMemory.confirmation else {
            notice("No payment request confirmation is open.")
            return
        }
        shown.detailsShown.toggle()
        paykitMemory.confirmation = shown
    }

    /// Closes the confirmation without paying; the request stays pending.
    func dismissConfirmation() {
        guard memory.top == .paymentRequestConfirm else {
            notice("No payment request confirmation is open.")
            return
        }
        closeConfirmation()
    }

    func closeConfirmation() {
        paykitMemory.confirmation = nil
        if memory.path.contains(.paymentRequestConfirm) {
            setPath(memory.path.filter { $0 != .paymentRequestConfirm })
        }
    }

    /// Confirms: the re-checks of spec/05 §6 on the state as it is now, then exactly the amount and
    /// destination shown are paid. A mismatch sends nothing.
    func confirmPayment() throws {
        guard memory.top == .paymentRequestConfirm, let shown = paykitMemory.confirmation else {
            notice("No payment request confirmation is open.")
            return
        }
        try suspend("bitkit.requests.before-send")
        // The payment context must still belong to this flow.
        guard memory.top == .paymentRequestConfirm, let current = paykitMemory.confirmation,
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
            at: environment.now())
        do {
            let client = try paykitNetwork()
            switch shown.method {
            case .onchain:
                paid.txid = try paykitCall("paykit-pay", client) { client throws(ServiceFailure) in
                    try client.payOnchain(address: shown.destination, sats: shown.sats)
                }
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
                paid.paymentHash = try paykitCall("paykit-pay", client) { client throws(ServiceFailure) in
                    try client.payLightning(invoice: shown.destination, amountMsat: amountMsat, paymentHash: hash)
                }
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

    // MARK: Contacts and funds

    /// Saves (or updates) a contact linked on `receiverPath`, then `Contact Saved`.
    func addContact(name: String, pubky: String, receiverPath: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw BitkitAppError.invalidArgument("A contact needs a name (--name).") }
        guard let key = CounterpartyRedaction.normalised(pubky), PublicKey(z32: key) != nil else {
            throw BitkitAppError.invalidArgument("'\(pubky)' is not a pubky (52 z-base-32 characters).")
        }
        guard PaykitContact.isReceiverPath(receiverPath) else {
            throw BitkitAppError.invalidArgument(
                "'\(receiverPath)' is not a receiver path: use bitkit/server or bitkit/wallet.")
        }
        var book = try loadContacts()
        let contact = PaykitContact(name: trimmed, pubky: key, receiverPath: receiverPath)
        if let index = book.contacts.firstIndex(where: { $0.pubky == key }) {
            book.contacts[index] = contact
        } else {
            book.contacts.append(contact)
        }
        try sandbox.save(book, PaykitContactBook.document)
        paykitMemory.savedContact = key
        try push(.contactSaved)
    }

    /// Dev action: adds to the on-chain balance and the Lightning outbound capacity.
    func fund(onchainSats: UInt64, lightningSats: UInt64) throws {
        var funds = try loadFunds()
        let (onchain, onchainOverflow) = funds.onchainSats.addingReportingOverflow(onchainSats)
        let (lightning, lightningOverflow) = funds.lightningSats.addingReportingOverflow(lightningSats)
        guard !onchainOverflow, !lightningOverflow else {
            throw BitkitAppError.invalidArgument("The balance would overflow.")
        }
        funds.onchainSats = onchain
        funds.lightningSats = lightning
        try saveFunds(funds)
    }

    // MARK: Stores and services

    func loadInbox() throws -> PaymentRequestInbox {
        try sandbox.load(PaymentRequestInbox.self, PaymentRequestInbox.document) ?? PaymentRequestInbox()
    }

    func saveInbox(_ inbox: PaymentRequestInbox) throws { try sandbox.save(inbox, PaymentRequestInbox.document) }

    func loadContacts() throws -> PaykitContactBook {
        try sandbox.load(PaykitContactBook.self, PaykitContactBook.document) ?? PaykitContactBook()
    }

    func loadFunds() throws -> WalletFunds { try sandbox.load(WalletFunds.self, WalletFunds.document) ?? WalletFunds() }

    func saveFunds(_ funds: WalletFunds) throws { try sandbox.save(funds, WalletFunds.document) }

    /// A wallet reset removes the wallet's funds, contacts and payment requests with it.
    func removePaykitStores() {
        for document in [WalletFunds.document, PaykitContactBook.document, PaymentRequestInbox.document] {
            sandbox.remove(document)
        }
    }

    /// One log line `category=<c> reason=<r> counterparty=<redacted>`: nothing else of the request.
    func log(category: String, reason: String, request key: PaymentRequestKey) {
        let line =
            "category=\(category) reason=\(reason) counterparty=\(CounterpartyRedaction.redact(key.counterparty))"
        environment.record(JournalEntry(app: "bitkit", event: "log", op: category, detail: line))
    }

    func paykitNetwork() throws(ServiceFailure) -> PaykitNetwork {
        do {
            return try app.makePaykitNetwork(environment, network)
        } catch let failure as ServiceFailure {
            throw failure
        } catch {
            throw ServiceFailure(reason: "\(error)")
        }
    }

    /// A Paykit network call with its SDK fault.
    func paykitCall<T>(
        _ fault: String, _ client: PaykitNetwork, _ body: (PaykitNetwork) throws(ServiceFailure) -> T
    ) throws(ServiceFailure) -> T {
        if environment.consumeSDKFault(fault) { throw ServiceFailure.sdkFault(fault) }
        return try body(client)
    }
}
