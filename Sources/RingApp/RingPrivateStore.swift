/// Ring's private store (spec/01 §12, spec/03 §2.1): one secret per owned pubky and one item per
/// homeserver session, never shared.
public protocol RingPrivateStore: Sendable {
    /// Writes the secret of `pubky`, replacing an existing value.
    func saveSecret(_ secret: RingStoredSecret, pubky: String) throws(RingStoreError)
    /// The stored secret of `pubky`, nil when there is none (a legacy value is migrated).
    func loadSecret(pubky: String) throws(RingStoreError) -> RingStoredSecret?
    /// Deletes the secret of `pubky`; a missing one is fine.
    func deleteSecret(pubky: String) throws(RingStoreError)
    /// Stores a session secret (the exported `<pubky>:<secret>` string).
    func saveSession(pubky: String, sessionID: String, exported: String) throws(RingStoreError)
    /// Deletes the session items of every pubky in `pubkys`, continuing after failures.
    func deleteSessions(pubkys: Set<String>) throws(RingStoreError)
    /// The reset of a wipe: every private item goes, continuing after failures.
    func reset() throws(RingStoreError)
}
