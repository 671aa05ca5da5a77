/// How the user chose to back a pubky up (spec/03 §1).
public enum BackupPreference: String, Codable, Sendable, Equatable {
    case recoveryPhrase
    case encryptedFile
    case unknown
}
