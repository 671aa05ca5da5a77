/// What a profile lookup found (spec/04 §12): Bitkit reads the Paykit profile and falls back to the
/// pubky.app profile; "not found" means both are absent.
public enum ProfileLookup: Sendable, Equatable {
    /// The Paykit profile.
    case paykit(PaykitProfile)
    /// No Paykit profile, but a pubky.app profile with a name.
    case pubkyApp(PubkyAppProfile)
    /// Neither exists (404/410), or the pubky.app profile has an empty name.
    case notFound

    /// The name to show: the Paykit display name or the pubky.app name.
    public var name: String? {
        switch self {
        case .paykit(let profile): return profile.displayName
        case .pubkyApp(let profile): return profile.name
        case .notFound: return nil
        }
    }
}
