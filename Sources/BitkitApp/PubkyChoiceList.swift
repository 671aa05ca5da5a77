/// What Pubky Choice shows (spec/02 §11): Ring's pubkys as listed, the names of the rows whose
/// remote profile was found, and the rows whose lookup is still running (a spinner, §11.1).
public struct PubkyChoiceList: Codable, Sendable, Equatable {
    /// Bare pubkys in listing order, exactly as listed (no validation, no de-duplication).
    public var pubkys: [String]
    /// Remote profile names by listed pubky; rows without one show the truncated key.
    public var names: [String: String]
    /// The rows whose profile lookup runs, in listing order: each shows a spinner
    /// (`PubkyChoiceRingLookup_<pubky>`) in place of its avatar until its lookup finishes or stops.
    public var lookingUp: [String]

    public init(pubkys: [String], names: [String: String] = [:], lookingUp: [String] = []) {
        self.pubkys = pubkys
        self.names = names
        self.lookingUp = lookingUp
    }

    enum CodingKeys: String, CodingKey { case pubkys, names, lookingUp }

    /// A memory written before row lookups were tracked reads as no lookup running.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pubkys = try container.decode([String].self, forKey: .pubkys)
        names = try container.decode([String: String].self, forKey: .names)
        lookingUp = try container.decodeIfPresent([String].self, forKey: .lookingUp) ?? []
    }
}
