/// Pubky Choice's row profiles remembered for the session (spec/02 §11.1): a found profile is kept
/// while the app runs and never looked up again; a miss (no profile, or an error) is remembered
/// until the next foreground. Profiles of pubkys no longer listed are dropped; sign-out drops all.
public struct RowProfileCache: Codable, Sendable, Equatable {
    /// Found profiles by listed pubky.
    public var found: [String: ProfileSummary]
    /// Pubkys whose lookup found nothing or failed, in the order they were looked up.
    public var missed: [String]

    public init(found: [String: ProfileSummary] = [:], missed: [String] = []) {
        self.found = found
        self.missed = missed
    }

    /// Whether a lookup of `pubky` has a remembered result (found, or a miss not yet forgotten).
    public func remembers(_ pubky: String) -> Bool { found[pubky] != nil || missed.contains(pubky) }

    /// Drops what is remembered about pubkys that are no longer listed.
    public mutating func keep(only listed: Set<String>) {
        found = found.filter { listed.contains($0.key) }
        missed.removeAll { !listed.contains($0) }
    }

    /// Records a lookup's result: a profile is found, nil is a miss.
    public mutating func remember(_ pubky: String, _ profile: ProfileSummary?) {
        if let profile {
            found[pubky] = profile
            missed.removeAll { $0 == pubky }
        } else if !missed.contains(pubky) {
            missed.append(pubky)
        }
    }

    /// The titles of the rows whose profile was found with a name.
    public func names(of pubkys: [String]) -> [String: String] {
        var names: [String: String] = [:]
        for pubky in pubkys {
            if let name = found[pubky]?.name, !name.isEmpty { names[pubky] = name }
        }
        return names
    }
}
