import AppRuntime
import AppSupport
import Backend
import ContractNames
import Foundation
import PubkyCrypto

/// Ring's calls on its private store, the network and the device's files, as effects — for Ring
/// and every feature alike.
extension EffectContext where App == Ring {
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

    mutating func session(_ call: RingNetworkCall) throws -> HomeserverSession {
        guard case .session(let session) = try self.call(call) else { throw Self.unexpected(nil, for: "session") }
        return session
    }

    /// The homeserver of `pubky`'s `_pubky` record, or `''` on any error or when there is none.
    mutating func resolveHomeserver(_ pubky: String) throws -> String {
        guard case .homeserver(let homeserver) = try attempt({ try $0.call(.resolve(pubky: pubky)) }) else { return "" }
        return homeserver ?? ""
    }

    // MARK: Files

    /// The bytes of a picked recovery file, at most `InputLimit.recoveryFile` (checked before reading).
    mutating func recoveryFileBytes(_ url: URL) throws -> [UInt8] {
        switch try request(.readRecoveryFile(url)) {
        case .bytes(let bytes): return bytes
        case .unusableFile(let error): throw error
        case let other: throw Self.unexpected(.reply(other), for: "readRecoveryFile")
        }
    }

    /// An `await` inside a native multi-step call, whose caller goes on whatever happened meanwhile.
    mutating func suspendQuietly(_ checkpoint: RingCheckpoint) throws { try pause(checkpoint) }
}
