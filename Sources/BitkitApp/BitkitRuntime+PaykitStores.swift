import AppSupport
import ContractNames
import Device
import Foundation
import PaykitContract
import PubkyCrypto
import PubkyProtocol

/// Paykit's contacts and funds, the sandbox documents that hold them, and the SDK calls with their
/// faults.
extension BitkitRuntime {
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
    func log(category: LogCategory, reason: String, request key: PaymentRequestKey) {
        let line =
            "category=\(category.rawValue) reason=\(reason) counterparty=\(CounterpartyRedaction.redact(key.counterparty))"
        kernel.record(.log(category), detail: line)
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
