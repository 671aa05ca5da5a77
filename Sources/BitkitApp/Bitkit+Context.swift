import AppRuntime
import AppSupport
import ContractNames
import Foundation
import IdentitySharing
import PaykitContract
import PubkyCrypto

/// What Bitkit's behaviour reads and does, on its context: the state's parts, the journal, and its
/// stores and SDK as effects.
extension Context where App == Bitkit {
    typealias Key = BitkitStoreKey

    /// The memory of the running app (the action made sure the app runs).
    var memory: BitkitMemory {
        get {
            guard let memory = state.memory else { preconditionFailure("Bitkit is not running") }
            return memory
        }
        set { state.memory = newValue }
    }

    /// The memory, or nil while Bitkit is not running.
    var current: BitkitMemory? {
        get { state.memory }
        set { state.memory = newValue }
    }

    var defaults: BitkitDefaults {
        get { state.defaults }
        set { state.defaults = newValue }
    }

    var network: BitcoinNetwork { state.network }

    mutating func updateDefaults(_ change: (inout BitkitDefaults) -> Void) {
        change(&state.defaults)
    }

    // MARK: Output

    mutating func toast(_ toast: Toast) {
        state.raised.append(toast)
        record(JournalLine(.toast(style: toast.type.rawValue), detail: toast.text))
    }

    /// An identity transition for the journal (`simctl audit` reads `identity source-lost`).
    mutating func identityEvent(_ op: IdentityOp, account: String? = nil) {
        record(JournalLine(.identity(op), account: account))
    }

    /// `wipe start` / `wipe end`, carrying this build's owner prefix for the audit.
    mutating func wipeEvent(_ op: WipeOp) {
        record(JournalLine(.wipe(op), owner: network.bitkitSourceApp))
    }

    mutating func lifecycle(_ op: LifecycleOp) { record(JournalLine(.lifecycle(op))) }

    /// Journals a change of the navigation stack (root first), if it changed.
    mutating func navigated(from before: [String]?, to after: [String]) {
        guard before != after else { return }
        record(JournalLine(.navigation, detail: after.joined(separator: " > ")))
    }

    /// Replaces the navigation path (journalled when it changes).
    mutating func setPath(_ path: [BitkitRoute]) {
        let before = memory.stack
        memory.path = path
        navigated(from: before, to: memory.stack)
    }

    mutating func setRoot(_ root: BitkitRoute) {
        let before = memory.stack
        memory.root = root
        navigated(from: before, to: memory.stack)
    }

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

    /// A derivation of Bitkit's own key from a mnemonic (2,048 rounds of PBKDF2), done once per action.
    func keyPair(fromMnemonic mnemonic: String) throws -> Ed25519KeyPair {
        let derived: Result<Ed25519KeyPair, DerivationFailure> = remembered("mnemonic " + mnemonic) {
            do {
                return .success(try PubkySecret.fromMnemonic(mnemonic))
            } catch {
                return .failure(DerivationFailure(description: "\(error)"))
            }
        }
        return try derived.get()
    }
}

/// Why a recovery phrase gave no key, in the words of the error that said so.
struct DerivationFailure: Error, Sendable, CustomStringConvertible {
    var description: String
}
