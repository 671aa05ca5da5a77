import AppRuntime
import AppSupport
import Backend
import ContractNames
import Foundation
import PaykitContract
import PubkyCrypto
import PubkyProtocol

/// Bitkit's calls outside its state, as effects — its private store, its Pubky SDK, the Paykit
/// network and documents, its log lines — for Bitkit and every feature alike. None reads or changes
/// any state.
extension EffectContext where App == Bitkit {
    typealias Key = BitkitStoreKey

    // MARK: The private store

    private mutating func store(_ call: PrivateStoreCall) throws -> BitkitReply {
        let reply = try request(.store(call))
        if case .storeFailed(let error) = reply { throw error }
        return reply
    }

    /// The text stored under `key`; nil when absent.
    mutating func loadPrivate(_ key: String) throws -> String? {
        guard case .value(let value) = try store(.load(key)) else { throw Self.unexpected(nil, for: "load") }
        return value
    }

    /// Whether `key` holds a non-empty value.
    mutating func hasPrivateValue(_ key: String) throws -> Bool { !(try loadPrivate(key) ?? "").isEmpty }

    mutating func savePrivate(_ key: String, _ value: String) throws { _ = try store(.save(key, value)) }
    mutating func upsertPrivate(_ key: String, _ value: String) throws { _ = try store(.upsert(key, value)) }
    mutating func deletePrivate(_ key: String) throws { _ = try store(.delete(key)) }

    @discardableResult
    mutating func wipePrivate() throws -> [String] {
        guard case .wiped(let keys) = try store(.wipe) else { throw Self.unexpected(nil, for: "wipe") }
        return keys
    }

    /// `try? loadPrivate(key)` that still stops a replay: a store failure is nil, a suspension is not.
    mutating func loadPrivateQuietly(_ key: String) throws -> String? {
        do {
            return try loadPrivate(key)
        } catch is PrivateStoreError {
            return nil
        }
    }

    /// `try? deletePrivate(key)` that still stops a replay.
    mutating func deletePrivateQuietly(_ key: String) throws {
        do { try deletePrivate(key) } catch is PrivateStoreError {}
    }

    /// The value under `key` as the running app already holds it: no keychain call, no journal line.
    mutating func peekPrivate(_ key: String) throws -> String? {
        guard case .value(let value) = try store(.peek(key)) else { throw Self.unexpected(nil, for: "peek") }
        return value
    }

    // MARK: The Pubky SDK

    /// A Pubky SDK call with its SDK fault; a failure throws `ServiceFailure`.
    mutating func call(_ fault: BitkitSDKFault, _ call: BackendCall) throws -> BitkitReply {
        let reply = try request(.network(fault, call))
        if case .serviceFailed(let failure) = reply { throw failure }
        return reply
    }

    mutating func session(_ fault: BitkitSDKFault, _ call: BackendCall) throws -> PubkySession {
        guard case .session(let session) = try self.call(fault, call) else {
            throw Self.unexpected(nil, for: "session")
        }
        return session
    }

    mutating func signIn(_ pair: Ed25519KeyPair) throws -> PubkySession { try session(.signIn, .signIn(pair)) }

    mutating func profile(of pubky: String) throws -> ProfileSummary? {
        guard case .profile(let profile) = try call(.profileRead, .profile(pubky: pubky)) else {
            throw Self.unexpected(nil, for: "profile")
        }
        return profile
    }

    mutating func recordCheck(_ pubky: String) throws -> RecordCheck {
        guard case .recordCheck(let check) = try call(.recordCheck, .recordCheck(pubky: pubky)) else {
            throw Self.unexpected(nil, for: "recordCheck")
        }
        return check
    }

    mutating func hasFollows(_ pubky: String) throws -> Bool {
        guard case .flag(let follows) = try call(.followsRead, .hasFollows(pubky: pubky)) else {
            throw Self.unexpected(nil, for: "hasFollows")
        }
        return follows
    }

    /// `pubky`'s follows (spec/09 §1.2); a failure (the `follows-read` fault) throws `ServiceFailure`.
    mutating func follows(of pubky: String) throws -> FollowsListing {
        guard case .follows(let listing) = try call(.followsRead, .follows(pubky: pubky)) else {
            throw Self.unexpected(nil, for: "follows")
        }
        return listing
    }

    /// The follows' profiles looked up side by side in `lane` (spec/09 §1.5).
    mutating func followProfiles(_ pubkys: [String], lane: LookupLane) throws -> [FollowProfile] {
        guard case .followProfiles(let found) = try call(.profileRead, .followProfiles(pubkys, lane: lane)) else {
            throw Self.unexpected(nil, for: "followProfiles")
        }
        return found
    }

    // MARK: Paykit's documents and network

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

    mutating func saveContacts(_ book: PaykitContactBook) throws { try save(.contacts(book)) }

    mutating func loadFunds() throws -> WalletFunds {
        if case .funds(let funds) = try load(.funds) { return funds }
        return WalletFunds()
    }

    mutating func saveFunds(_ funds: WalletFunds) throws { try save(.funds(funds)) }

    /// A wallet reset removes the wallet's funds, contacts and payment requests with it.
    mutating func removePaykitStores() throws {
        _ = try request(.removeDocuments([.funds, .contacts, .inbox]))
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

    /// One log line `category=<c> reason=<r> counterparty=<redacted>`: nothing else of the request.
    mutating func log(category: LogCategory, reason: String, request key: PaymentRequestKey) {
        let line =
            "category=\(category.rawValue) reason=\(reason) counterparty=\(CounterpartyRedaction.redact(key.counterparty))"
        record(JournalLine(.log(category), detail: line))
    }
}
