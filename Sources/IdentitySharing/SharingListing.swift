/// What an app learnt when it listed the other app's pubkys.
public enum SharingListing: Sendable, Equatable {
    /// The listing succeeded: authoritative, possibly empty.
    case listed([SharedIdentity])
    /// Nothing could be read right now (locked, not entitled, a failing call); the reason is the
    /// platform's own text.
    case unknown(String)

    /// The identities listed; none when the listing could not be read.
    public var identities: [SharedIdentity] {
        if case .listed(let identities) = self { return identities }
        return []
    }
}
