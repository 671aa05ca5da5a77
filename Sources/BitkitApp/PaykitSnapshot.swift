import Foundation

/// `bitkit-sim requests state --json`: the payment-request store, the wallet's funds, the saved
/// contacts and the open confirmation. Read as the OS sees the sandbox; never launches the app.
public struct PaykitSnapshot: Encodable, Sendable {
    public struct Pending: Encodable, Sendable {
        public var id: String
        public var counterparty: String
        public var receiverPath: String
        public var rowID: String
        /// The contact it was read from (bare key).
        public var issuer: String
        public var sats: UInt64
        public var identifiers: [String]
        public var note: String?
        public var expiresAt: Date?
        public var autoPresented: Bool
    }

    public var pending: [Pending]
    public var handled: [HandledPaymentRequest]
    public var loggedFailures: [LoggedParseFailure]
    public var attemptedPaymentHashes: [String]
    public var usedAddresses: [String]
    public var funds: WalletFunds
    public var contacts: [PaykitContact]
    /// The open confirmation of the running app, if any.
    public var confirmation: PaymentConfirmation?

    enum CodingKeys: String, CodingKey {
        case pending, handled, loggedFailures, attemptedPaymentHashes, usedAddresses, funds, contacts, confirmation
    }

    /// Every key is written, an absent confirmation as `null`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pending, forKey: .pending)
        try container.encode(handled, forKey: .handled)
        try container.encode(loggedFailures, forKey: .loggedFailures)
        try container.encode(attemptedPaymentHashes, forKey: .attemptedPaymentHashes)
        try container.encode(usedAddresses, forKey: .usedAddresses)
        try container.encode(funds, forKey: .funds)
        try container.encode(contacts, forKey: .contacts)
        try container.encode(confirmation, forKey: .confirmation)
    }
}

extension BitkitApp {
    /// The payment-request state (`requests state`).
    public func paykitState() throws -> PaykitSnapshot {
        try sandbox.withMainActor(run: environment.run) { _ in
            let inbox =
                try sandbox.load(PaymentRequestInbox.self, PaymentRequestInbox.document) ?? PaymentRequestInbox()
            let memory = BitkitHost.loadMemory(sandbox, network: network).memory
            return PaykitSnapshot(
                pending: inbox.pending.map { request in
                    PaykitSnapshot.Pending(
                        id: request.key.id, counterparty: request.key.counterparty,
                        receiverPath: request.key.receiverPath, rowID: request.rowID, issuer: request.issuer,
                        sats: request.sats, identifiers: request.identifiers, note: request.note,
                        expiresAt: request.expiry?.date, autoPresented: request.autoPresented)
                },
                handled: inbox.handled, loggedFailures: inbox.logged,
                attemptedPaymentHashes: inbox.attemptedPaymentHashes, usedAddresses: inbox.usedAddresses,
                funds: try sandbox.load(WalletFunds.self, WalletFunds.document) ?? WalletFunds(),
                contacts: (try sandbox.load(PaykitContactBook.self, PaykitContactBook.document))?.contacts ?? [],
                confirmation: memory?.paykit?.confirmation)
        }
    }
}
