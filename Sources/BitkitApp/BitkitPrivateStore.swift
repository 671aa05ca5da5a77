/// Bitkit's private store (spec/01 §12): one text value per key name, never shared. Save refuses to
/// overwrite; upsert updates in place or saves; delete treats a missing key as done; load returns
/// nil only when the key is absent.
public protocol BitkitPrivateStore: Sendable {
    func load(_ key: String) throws(PrivateStoreError) -> String?
    func save(_ key: String, _ value: String) throws(PrivateStoreError)
    func upsert(_ key: String, _ value: String) throws(PrivateStoreError)
    func delete(_ key: String) throws(PrivateStoreError)
    /// Deletes every key of this build's store (never another build's); returns the keys deleted.
    func wipe() throws(PrivateStoreError) -> [String]
}
