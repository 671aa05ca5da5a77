/// One follow's profile lookup as a lane ran it (spec/09 §1.3, §1.5): what it found, and when it ran.
public struct FollowLookup: Sendable, Equatable {
    /// How the lookup ended.
    public enum Outcome: Sendable, Equatable {
        /// It answered: a profile, or `.notFound` (both profiles absent, an empty name, or a key
        /// without a homeserver record).
        case answered(ProfileLookup)
        /// A transport or server error, or a document that cannot be used (malformed, over the limits).
        case failed(String)
        /// The lane's cap ended it.
        case timedOut
    }

    /// The follow's key as given.
    public var pubky: String
    public var outcome: Outcome
    /// When it ran, from the start of the set.
    public var slot: LookupSchedule.Slot

    public init(pubky: String, outcome: Outcome, slot: LookupSchedule.Slot) {
        self.pubky = pubky
        self.outcome = outcome
        self.slot = slot
    }

    /// The profile found, if any (nil for "no profile", a failure or a timeout alike: a placeholder).
    public var profile: ProfileLookup? {
        if case .answered(let lookup) = outcome, lookup != .notFound { return lookup }
        return nil
    }
}
