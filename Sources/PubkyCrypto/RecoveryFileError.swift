/// Why a recovery file could not be written or read. `description` completes Ring's
/// `Failed to decrypt file: <reason>.` message (spec/03 §14).
public enum RecoveryFileError: Error, Equatable, CustomStringConvertible {
    /// The encoder refuses an empty passphrase.
    case emptyPassphrase
    /// Only 32-byte secrets are stored.
    case invalidSecretLength(Int)
    /// An explicit nonce must be 24 bytes.
    case invalidNonceLength(Int)
    /// The file does not start with `pubky.org/recovery\n` or `pkarr.org/recovery\n`.
    case notARecoveryFile
    /// The file is shorter than the 91 bytes of a complete recovery file.
    case truncated(length: Int)
    /// The MAC did not verify: wrong passphrase (or a corrupted file).
    case wrongPassphrase

    public var description: String {
        switch self {
        case .emptyPassphrase: return "The passphrase must not be empty"
        case .invalidSecretLength(let count): return "The secret must be 32 bytes, got \(count)"
        case .invalidNonceLength(let count): return "The nonce must be 24 bytes, got \(count)"
        case .notARecoveryFile: return "This is not a Pubky recovery file"
        case .truncated(let length): return "The recovery file is truncated (\(length) of 91 bytes)"
        case .wrongPassphrase: return "Wrong passphrase or corrupted file"
        }
    }
}
