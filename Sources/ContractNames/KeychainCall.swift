/// The keychain calls the journal records: the four `SecItem…` functions an app makes, and the
/// direct writes `simctl keychain inject|remove` make without going through an app.
public enum KeychainCall: String, Sendable, CaseIterable {
    case add, copy, update, delete
    case inject, remove

    /// Whether the call writes (adds, replaces or removes) an item.
    public var writes: Bool { self != .copy }
}
