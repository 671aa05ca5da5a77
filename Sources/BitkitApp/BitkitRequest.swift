import Backend
import PaykitContract
import PubkyCrypto

/// A call on Bitkit's own stores and network clients, as an effect.
public enum BitkitRequest: Sendable, Equatable {
    /// Bitkit's private store (spec/01 §12).
    case store(PrivateStoreCall)
    /// A Pubky SDK call, failing first when its SDK fault is armed.
    case network(BitkitSDKFault, BackendCall)
    /// Opens the Paykit network client (once per action).
    case openPaykit
    /// A Paykit network call, failing first when its SDK fault is armed.
    case paykit(BitkitSDKFault, PaykitCall)
    case loadDocument(BitkitDocument.Kind)
    case saveDocument(BitkitDocument)
    case removeDocuments([BitkitDocument.Kind])

    /// Whether `reply` is of the kind this request gets.
    public func accepts(_ reply: BitkitReply) -> Bool {
        switch (self, reply) {
        case (.store, .storeFailed), (.network, .serviceFailed), (.openPaykit, .serviceFailed),
            (.paykit, .serviceFailed):
            return true
        case (.store(let call), _): return call.accepts(reply)
        case (.network(_, let call), _): return call.accepts(reply)
        case (.paykit(_, let call), _): return call.accepts(reply)
        case (.openPaykit, .done), (.loadDocument, .document), (.saveDocument, .done), (.removeDocuments, .done):
            return true
        default: return false
        }
    }
}

/// A call on the private store.
public enum PrivateStoreCall: Sendable, Equatable {
    case load(String)
    /// Adds a key; an existing one is an error.
    case save(String, String)
    /// Updates in place, or adds.
    case upsert(String, String)
    /// Deletes; a missing key counts as done.
    case delete(String)
    /// Deletes every key of the build's private store.
    case wipe
    /// Reads a value as the running app already holds it (no keychain call, nothing journalled):
    /// what the app knows of its keys when it tells the OS its link handlers.
    case peek(String)

    /// Whether `reply` is of the kind this call answers (a store failure aside).
    func accepts(_ reply: BitkitReply) -> Bool {
        switch (self, reply) {
        case (.load, .value), (.peek, .value), (.save, .done), (.upsert, .done), (.delete, .done), (.wipe, .wiped):
            return true
        default: return false
        }
    }
}

/// A call of Bitkit's Pubky SDK (`BitkitBackend`).
public enum BackendCall: Sendable, Equatable {
    case signIn(Ed25519KeyPair)
    case signUpThroughHomegate(Ed25519KeyPair)
    case signUp(Ed25519KeyPair, homeserver: String, token: String?)
    case importSession(String)
    case signOut(PubkySession)
    case recordCheck(pubky: String)
    case profile(pubky: String)
    case hasFollows(pubky: String)
    case follows(pubky: String)
    case followProfiles([String], lane: LookupLane)
    case putProfile(ProfileSummary, PubkySession)
    case deleteProfile(PubkySession)
    case approve(link: String, Ed25519KeyPair)
    case removeEndpoints(PubkySession, privateOnes: Bool)

    /// Whether `reply` is of the kind this call answers (a failure aside).
    func accepts(_ reply: BitkitReply) -> Bool {
        switch (self, reply) {
        case (.signIn, .session), (.signUpThroughHomegate, .session), (.signUp, .session),
            (.importSession, .session), (.recordCheck, .recordCheck), (.profile, .profile), (.hasFollows, .flag),
            (.follows, .follows), (.followProfiles, .followProfiles),
            (.signOut, .done), (.putProfile, .done), (.deleteProfile, .done), (.approve, .done),
            (.removeEndpoints, .done):
            return true
        default: return false
        }
    }
}

/// A call of the Paykit network (`PaykitNetwork`).
public enum PaykitCall: Sendable, Equatable {
    case paymentRequests(from: String, to: String)
    case endpoints(of: String, receiverPath: String)
    case payOnchain(address: String, sats: UInt64)
    case payLightning(invoice: String, amountMsat: UInt64, paymentHash: String?)

    /// Whether `reply` is of the kind this call answers (a failure aside).
    func accepts(_ reply: BitkitReply) -> Bool {
        switch (self, reply) {
        case (.paymentRequests, .records), (.endpoints, .endpoints), (.payOnchain, .paid), (.payLightning, .paid):
            return true
        default: return false
        }
    }
}

/// The answer to a `BitkitRequest`.
public enum BitkitReply: Sendable, Equatable {
    /// A loaded private value (nil: not there).
    case value(String?)
    case done
    /// The keys a private-store wipe deleted.
    case wiped([String])
    case storeFailed(PrivateStoreError)
    case session(PubkySession)
    case recordCheck(RecordCheck)
    case profile(ProfileSummary?)
    case flag(Bool)
    case follows(FollowsListing)
    case followProfiles([FollowProfile])
    case records([[UInt8]])
    case endpoints([EndpointPayload])
    /// A txid or a payment hash.
    case paid(String)
    case serviceFailed(ServiceFailure)
    case document(BitkitDocument?)
}

/// Bitkit's Paykit documents in its sandbox.
public enum BitkitDocument: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case inbox, contacts, funds

        /// The sandbox document's name.
        public var name: String {
            switch self {
            case .inbox: return PaymentRequestInbox.document
            case .contacts: return PaykitContactBook.document
            case .funds: return WalletFunds.document
            }
        }
    }

    case inbox(PaymentRequestInbox)
    case contacts(PaykitContactBook)
    case funds(WalletFunds)
}
