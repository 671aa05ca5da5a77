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
}

/// What a sharing call answered.
public enum SharingAnswer: Sendable, Equatable {
    case listing(SharingListing)
    case secret(SecretRead)
    case presence(Presence)
    case write(SharingWrite)
    case withdrawal(Withdrawal)
}
