/// The Pubky part of Bitkit's metadata backup (spec/02 §20). It never holds a key.
public enum BackupPubkySession: Sendable, Equatable {
    /// Bitkit's own key: re-derived from the wallet mnemonic on restore.
    case localSeed
    /// A legacy relay-flow session: restored like "no session" (the key stays in Pubky Ring).
    case externalSession
}
