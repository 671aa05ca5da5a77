import AppRuntime
import AppSupport
import Foundation
import PaykitContract
import PubkyCrypto
import PubkyProtocol

/// Paykit's contacts (spec/05 §8): saved with the receiver path they pay on, listed on Contacts.
public enum Contacts: Feature {
    public typealias App = Bitkit

    public struct State: Sendable, Equatable {
        /// The contact `Contact Saved` shows (bare key).
        public var savedContact: String?

        public init(savedContact: String? = nil) { self.savedContact = savedContact }
    }

    public enum Action: Sendable, Equatable {
        /// Saves a contact linked on a receiver path (`Add Contact` → Save).
        case add(name: String, pubky: String, receiverPath: String)
        /// Opens the contacts list.
        case open
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<Contacts>) throws {
        switch action {
        case .add(let name, let pubky, let receiverPath):
            try context.addContact(name: name, pubky: pubky, receiverPath: receiverPath)
        case .open: try context.open(.contacts)
        }
    }
}

extension FeatureContext where F == Contacts {
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
        try saveContacts(book)
        state.savedContact = key
        try push(.contactSaved)
    }
}
