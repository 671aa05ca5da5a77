/// The Create Profile screen's state (spec/02 §13.1): the pubky shown, the last lookup's outcome
/// and the fields. Fields the form does not show (image, links, tags) are kept from a found profile.
public struct CreateProfileForm: Codable, Sendable, Equatable {
    /// The outcome of the last profile lookup.
    public enum Lookup: String, Codable, Sendable {
        /// The lookup has not answered yet (the `Deriving your keys…` spinner).
        case loading
        /// A profile was found: the form is pre-filled and titled `Restore Profile`.
        case found
        /// Definitely no profile (or any error under the lenient rule): `Create Profile`.
        case notFound
        /// The strict lookup failed: Save only re-runs it.
        case failed
    }

    /// `pubky<z32>` of activePublicKey when the screen appeared.
    public var shownPubky: String
    public var lookup: Lookup
    /// Whether a failed lookup counts (spec/02 §13.1 lookup rule).
    public var strict: Bool
    /// Whether the last successful lookup found a profile (decides the title).
    public var restoring: Bool
    public var profile: ProfileSummary

    public init(shownPubky: String, lookup: Lookup, strict: Bool, restoring: Bool, profile: ProfileSummary) {
        self.shownPubky = shownPubky
        self.lookup = lookup
        self.strict = strict
        self.restoring = restoring
        self.profile = profile
    }
}
