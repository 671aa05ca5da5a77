/// What Pubky Choice shows (spec/02 §11): Ring's pubkys as listed, and the rows whose lookup is
/// still running (a spinner, §11.1). Row titles come from the session's `RowProfileCache`.
public struct PubkyChoiceList: Codable, Sendable, Equatable {
    /// Bare pubkys in listing order, exactly as listed (no validation, no de-duplication).
    public var pubkys: [String]
    /// The rows whose profile lookup runs, in listing order: each shows a spinner
    /// (`PubkyChoiceRingLookup_<pubky>`) in place of its avatar until its lookup finishes or stops.
    public var lookingUp: [String]

    public init(pubkys: [String], lookingUp: [String] = []) {
        self.pubkys = pubkys
        self.lookingUp = lookingUp
    }

    enum CodingKeys: String, CodingKey { case pubkys, lookingUp }

    /// A memory written before row lookups were tracked reads as no lookup running (its `names`
    /// are ignored: titles come from the row profiles now).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pubkys = try container.decode([String].self, forKey: .pubkys)
        lookingUp = try container.decodeIfPresent([String].self, forKey: .lookingUp) ?? []
    }
}
