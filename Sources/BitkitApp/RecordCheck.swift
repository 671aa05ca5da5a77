/// The answer to "does this key have a PKARR record?" (spec/04 §10).
public enum RecordCheck: Sendable, Equatable {
    /// A packet was found (and re-published unchanged).
    case found
    /// Both the cache and the network confirmed there is no record.
    case notFound
    /// The lookup could not conclude: the key may have a record.
    case unknown
}
