/// The calls of the identity-sharing seam the journal records as `sharing` events, whatever the
/// platform carries them over: an app learning of the other app's pubkys, reading one secret just
/// in time, checking one is still there, offering and withdrawing its own; and a tool's direct
/// write or removal of a shared record (`simctl`), which the audit replays but never blames.
public enum SharingOp: String, Sendable, CaseIterable {
    case list, credential, presence, offer, withdraw
    case withdrawAll = "withdraw-all"
    case inject, remove

    /// Whether the call may change what the apps share.
    public var writes: Bool {
        switch self {
        case .list, .credential, .presence: return false
        case .offer, .withdraw, .withdrawAll, .inject, .remove: return true
        }
    }
}
