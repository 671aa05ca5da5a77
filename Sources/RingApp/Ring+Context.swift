import AppRuntime
import AppSupport
import Backend
import ContractNames
import Foundation
import PubkyCrypto

/// What Ring's behaviour reads and does, on its context: the state's parts, the journal, and its
/// private store, network client and files as effects.
extension Context where App == Ring {
    /// The running app's memory (created at the root screen if a concurrent kill dropped it).
    var memory: RingMemory {
        get { state.memory ?? RingMemory(stack: [state.store.onboarded ? .home : .onboarding]) }
        set { state.memory = newValue }
    }

    mutating func raise(_ toast: Toast) {
        state.raised.append(toast)
        record(JournalLine(.toast(style: toast.type.rawValue), detail: toast.text))
    }

    /// Takes back the last toast if it is `toast` (a flow's outcome replaces a step's own toast).
    /// The journal keeps what was raised.
    mutating func retractLast(_ toast: Toast) {
        if state.raised.last == toast { state.raised.removeLast() }
    }

    /// Replaces the navigation stack, journaling the change.
    mutating func navigate(_ stack: [RingRoute]) {
        let before = state.memory?.stack.map(\.name)
        memory.stack = stack
        let after = stack.map(\.name)
        if before != after { record(JournalLine(.navigation, detail: after.joined(separator: " > "))) }
    }

    mutating func lifecycle(_ op: LifecycleOp) { record(JournalLine(.lifecycle(op))) }

    /// Journals one of Ring's log lines.
    mutating func log(_ category: LogCategory, account: String?, _ line: String) {
        record(JournalLine(.log(category), account: account, detail: line))
    }

    /// Opens an x-callback URL (recorded; the simulator has no other app to open).
    mutating func openURL(_ url: String) {
        state.opened.append(url)
        record(JournalLine(.openURL, detail: url))
    }

    /// An `await` inside a native multi-step call, whose caller goes on whatever happened meanwhile.
    mutating func suspendQuietly(_ checkpoint: RingCheckpoint) throws { try pause(checkpoint) }

    // MARK: The private store

    private mutating func store(_ call: RingStoreCall) throws -> RingReply {
        let reply = try request(.store(call))
        if case .storeFailed(let error) = reply { throw error }
        return reply
    }

    mutating func saveSecret(_ secret: RingStoredSecret, pubky: String) throws {
        _ = try store(.saveSecret(secret, pubky: pubky))
    }

    /// The stored secret of `pubky`; nil when there is none. A store failure throws `RingStoreError`.
    mutating func loadSecret(_ pubky: String) throws -> RingStoredSecret? {
        guard case .secret(let secret) = try store(.loadSecret(pubky: pubky)) else {
            throw Self.unexpected(nil, for: "loadSecret")
        }
        return secret
    }

    /// `try? loadSecret(pubky)`: a store failure is nil.
    mutating func loadSecretQuietly(_ pubky: String) throws -> RingStoredSecret? {
        try attempt { try $0.loadSecret(pubky) } ?? nil
    }

    mutating func deleteSecret(_ pubky: String) throws { _ = try store(.deleteSecret(pubky: pubky)) }

    mutating func saveSession(pubky: String, sessionID: String, exported: String) throws {
        _ = try store(.saveSession(pubky: pubky, sessionID: sessionID, exported: exported))
    }

    mutating func deleteSessions(_ pubkys: Set<String>) throws { _ = try store(.deleteSessions(pubkys)) }

    mutating func resetStore() throws { _ = try store(.reset) }

    // MARK: The network

    /// One network call; a failure throws `BackendError`. The action's network time is kept.
    mutating func call(_ call: RingNetworkCall) throws -> RingNetworkValue {
        switch try request(.network(call)) {
        case .network(let value, let elapsed):
            state.networkElapsed = elapsed
            return value
        case .networkFailed(let error): throw error
        case let other: throw Self.unexpected(.reply(other), for: "network")
        }
    }

    mutating func session(_ call: RingNetworkCall) throws -> HomeserverSession {
        guard case .session(let session) = try self.call(call) else { throw Self.unexpected(nil, for: "session") }
        return session
    }

    /// The homeserver of `pubky`'s `_pubky` record, or `''` on any error or when there is none.
    mutating func resolveHomeserver(_ pubky: String) throws -> String {
        guard case .homeserver(let homeserver) = try attempt({ try $0.call(.resolve(pubky: pubky)) }) else { return "" }
        return homeserver ?? ""
    }
}
