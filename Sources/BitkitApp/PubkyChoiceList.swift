/// What Pubky Choice shows (spec/02 §11): Ring's pubkys as listed, and the names of the rows whose
/// remote profile was found.
public struct PubkyChoiceList: Codable, Sendable, Equatable {
    /// Bare pubkys in listing order, exactly as listed (no validation, no de-duplication).
    public var pubkys: [String]
    /// Remote profile names by listed pubky; rows without one show the truncated key.
    public var names: [String: String]

    public init(pubkys: [String], names: [String: String] = [:]) {
        self.pubkys = pubkys
        self.names = names
    }
}
