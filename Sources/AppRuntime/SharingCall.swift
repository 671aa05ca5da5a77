import ContractNames
import IdentitySharing

/// One call of the identity-sharing seam as an effect: `Checkpoint` names the point a multi-step
/// call passes inside itself (between Ring's delete and add; before each of a wipe's deletes).
public enum SharingCall<Checkpoint: AppCheckpoint>: Sendable, Equatable {
    case listPeers
    case readSecret(SharedIdentity)
    case presence(SharedIdentity)
    case offer(pubky: String, secret: String, between: Checkpoint?)
    case withdraw(pubky: String)
    case withdrawAll(before: Checkpoint?)

    /// Whether `answer` is of the kind this call answers.
    public func accepts(_ answer: SharingAnswer) -> Bool {
        switch (self, answer) {
        case (.listPeers, .listing), (.readSecret, .secret), (.presence, .presence), (.offer, .write),
            (.withdraw, .write), (.withdrawAll, .withdrawal):
            return true
        default: return false
        }
    }

    /// Makes the call on `sharing`: the runtime's way, and a test's over an in-memory phone. `pass`
    /// runs at the point the call names (inside the offer's window, before each withdrawal).
    public func perform(on sharing: any IdentitySharing, pass: (Checkpoint?) -> Void = { _ in }) -> SharingAnswer {
        switch self {
        case .listPeers: .listing(sharing.listPeers())
        case .readSecret(let identity): .secret(sharing.readSecret(identity))
        case .presence(let identity): .presence(sharing.presence(of: identity))
        case .offer(let pubky, let secret, let between):
            .write(sharing.offer(pubky: pubky, secret: secret) { pass(between) })
        case .withdraw(let pubky): .write(sharing.withdraw(pubky: pubky))
        case .withdrawAll(let before): .withdrawal(sharing.withdrawAll { _ in pass(before) })
        }
    }
}

/// What a sharing call answered.
public enum SharingAnswer: Sendable, Equatable {
    case listing(SharingListing)
    case secret(SecretRead)
    case presence(Presence)
    case write(SharingWrite)
    case withdrawal(Withdrawal)
}
