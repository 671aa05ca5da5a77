import AppRuntime
import AppSupport
import ContractNames
import Foundation
import PaykitContract
import PubkyCrypto
import PubkyProtocol

/// Paykit's contacts and funds, the sandbox documents that hold them, and the SDK calls with their
/// faults.
extension Context where App == Bitkit {
    /// Saves (or updates) a contact linked on `receiverPath`, then `Contact Saved`.
    mutating func addContact(name: String, pubky: String, receiverPath: String) throws {
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
        try save(.contacts(book))
        paykitMemory.savedContact = key
        try push(.contactSaved)
    }

    /// Dev action: adds to the on-chain balance and the Lightning outbound capacity.
    mutating func fund(onchainSats: UInt64, lightningSats: UInt64) throws {
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

    private mutating func load(_ kind: BitkitDocument.Kind) throws -> BitkitDocument? {
        guard case .document(let document) = try request(.loadDocument(kind)) else {
            throw Self.unexpected(nil, for: "loadDocument")
        }
        return document
    }

    private mutating func save(_ document: BitkitDocument) throws {
        _ = try request(.saveDocument(document))
    }

    mutating func loadInbox() throws -> PaymentRequestInbox {
        if case .inbox(let inbox) = try load(.inbox) { return inbox }
        return PaymentRequestInbox()
    }

    mutating func saveInbox(_ inbox: PaymentRequestInbox) throws { try save(.inbox(inbox)) }

    mutating func loadContacts() throws -> PaykitContactBook {
        if case .contacts(let book) = try load(.contacts) { return book }
        return PaykitContactBook()
    }

    mutating func loadFunds() throws -> WalletFunds {
        if case .funds(let funds) = try load(.funds) { return funds }
        return WalletFunds()
    }

    mutating func saveFunds(_ funds: WalletFunds) throws { try save(.funds(funds)) }

    /// A wallet reset removes the wallet's funds, contacts and payment requests with it.
    mutating func removePaykitStores() throws {
        _ = try request(.removeDocuments([.funds, .contacts, .inbox]))
    }

    /// One log line `category=<c> reason=<r> counterparty=<redacted>`: nothing else of the request.
    mutating func log(category: LogCategory, reason: String, request key: PaymentRequestKey) {
        let line =
            "category=\(category.rawValue) reason=\(reason) counterparty=\(CounterpartyRedaction.redact(key.counterparty))"
        record(JournalLine(.log(category), detail: line))
    }

    /// Opens the Paykit network client; a failure throws `ServiceFailure`.
    mutating func openPaykit() throws {
        if case .serviceFailed(let failure) = try request(.openPaykit) { throw failure }
    }

    /// A Paykit network call with its SDK fault; a failure throws `ServiceFailure`.
    mutating func paykitCall(_ fault: BitkitSDKFault, _ call: PaykitCall) throws -> BitkitReply {
        let reply = try request(.paykit(fault, call))
        if case .serviceFailed(let failure) = reply { throw failure }
        return reply
    }
}
