import Backend
import Foundation
import PubkyCrypto

/// A call on Ring's own private store, its network client and the device's files, as an effect.
public enum RingRequest: Sendable, Equatable {
    case store(RingStoreCall)
    case network(RingNetworkCall)
    /// Reads a picked recovery file (bounded before reading).
    case readRecoveryFile(URL)
    /// Writes a backup file, making its folder when needed.
    case writeFile(URL, [UInt8])
    /// Whether `url` names an existing folder.
    case isFolder(URL)
    /// The device's Files folder, where exports land by default.
    case filesFolder
    /// Saves the store document now, telling whether it could (an adoption rolls back if not).
    case saveStore(RingStore)

    /// Whether `reply` is of the kind this request gets.
    public func accepts(_ reply: RingReply) -> Bool {
        switch (self, reply) {
        case (.store, .storeFailed), (.network, .networkFailed): return true
        case (.store(.loadSecret), .secret): return true
        case (.store(.loadSecret), _): return false
        case (.store, .done): return true
        case (.network(let call), .network(let value, _)): return call.accepts(value)
        case (.readRecoveryFile, .bytes), (.readRecoveryFile, .unusableFile), (.writeFile, .done),
            (.writeFile, .failed),
            (.isFolder, .flag), (.filesFolder, .folder), (.saveStore, .done), (.saveStore, .failed):
            return true
        default: return false
        }
    }
}

/// A call on Ring's private store.
public enum RingStoreCall: Sendable, Equatable {
    case saveSecret(RingStoredSecret, pubky: String)
    case loadSecret(pubky: String)
    case deleteSecret(pubky: String)
    case saveSession(pubky: String, sessionID: String, exported: String)
    case deleteSessions(Set<String>)
    case reset
}

/// A call of Ring's network client (the Pubky SDK), or the world action that issues a signup token.
public enum RingNetworkCall: Sendable, Equatable {
    case resolve(pubky: String)
    case signUp(Ed25519KeyPair, homeserver: String, token: String?)
    case signIn(Ed25519KeyPair)
    case approve(link: String, Ed25519KeyPair)
    case publishHomeserver(Ed25519KeyPair, homeserver: String)
    case issueSignupToken(homeserver: String)

    /// Whether `value` is of the kind this call returns.
    func accepts(_ value: RingNetworkValue) -> Bool {
        switch (self, value) {
        case (.resolve, .homeserver), (.signUp, .session), (.signIn, .session), (.approve, .granted),
            (.publishHomeserver, .done), (.issueSignupToken, .token):
            return true
        default: return false
        }
    }
}

/// The answer to a `RingRequest`.
public enum RingReply: Sendable, Equatable {
    case done
    case secret(RingStoredSecret?)
    case storeFailed(RingStoreError)
    /// A network call's value, and the simulated seconds the action's calls have taken since it began.
    case network(RingNetworkValue, elapsed: Double)
    case networkFailed(BackendError)
    case bytes([UInt8])
    case unusableFile(RingAppError)
    case flag(Bool)
    case folder(URL)
    /// A write that failed, with the system's reason.
    case failed(String)
}

/// What a network call returned.
public enum RingNetworkValue: Sendable, Equatable {
    case homeserver(String?)
    case session(HomeserverSession)
    /// The capabilities an approval granted.
    case granted(String)
    case token(String)
    case done
}
