/// A call of an Android content provider as the journal records it (a `provider` event, spec/07
/// §0): the caller package is the entry's `owner`, the provider package its `peer`, the authority its
/// `service`, the path its `account`, and the outcome its `result` (`rows`, `empty`, `null`,
/// `exception`) with the rows' pubkys in `records` and an exception's message in `detail`.
public enum ProviderOp: String, Sendable, CaseIterable {
    case query, insert, update, delete
}
