/// Ring's encrypted single-key backup (spec/03 §14): `pubky.org/recovery` ‖ 0x0A ‖ nonce(24) ‖
/// XSalsa20-Poly1305 box of the 32-byte secret, keyed by Argon2id(passphrase, salt `recovery`).
public struct RecoveryFile {
    /// Size of every file this encoder writes.
    public static let length = 91
    private static let header = Array("pubky.org/recovery\n".utf8)
    private static let legacyHeader = Array("pkarr.org/recovery\n".utf8)

    /// The 91-byte file holding `secret`, under a random nonce unless `nonce` is given.
    public static func encode(
        secret: [UInt8], passphrase: String, nonce: [UInt8]? = nil
    ) throws
        -> [UInt8]
    {
        guard !passphrase.isEmpty else { throw RecoveryFileError.emptyPassphrase }
        guard secret.count == 32 else { throw RecoveryFileError.invalidSecretLength(secret.count) }
        var system = SystemRandom()
        let nonce = nonce ?? system.bytes(SecretBox.nonceLength)
        guard nonce.count == SecretBox.nonceLength else {
            throw RecoveryFileError.invalidNonceLength(nonce.count)
        }
        let key = try encryptionKey(passphrase)
        return header + nonce + SecretBox.seal(secret, key: key, nonce: nonce)
    }

    /// The 32-byte secret in `file`; accepts the legacy `pkarr.org/recovery` header.
    public static func decode(_ file: [UInt8], passphrase: String) throws -> [UInt8] {
        try decode(file) { try encryptionKey(passphrase) }
    }

    /// `decode` with the key derivation passed in, run only once the layout checks passed. The fuzz
    /// target derives its key once: Argon2id per input would leave it a few executions a second.
    static func decode(_ file: [UInt8], key: () throws -> [UInt8]) throws -> [UInt8] {
        let body: ArraySlice<UInt8>
        if file.starts(with: header) {
            body = file.dropFirst(header.count)
        } else if file.starts(with: legacyHeader) {
            body = file.dropFirst(legacyHeader.count)
        } else {
            throw RecoveryFileError.notARecoveryFile
        }
        guard file.count >= length else { throw RecoveryFileError.truncated(length: file.count) }
        let nonce = Array(body.prefix(SecretBox.nonceLength))
        let boxed = Array(body.dropFirst(SecretBox.nonceLength))
        guard let secret = SecretBox.open(boxed, key: try key(), nonce: nonce)
        else {
            throw RecoveryFileError.wrongPassphrase
        }
        // Longer files only reach here if their MAC verifies, i.e. a writer stored something else.
        guard secret.count == 32 else { throw RecoveryFileError.invalidSecretLength(secret.count) }
        return secret
    }

    /// Argon2id(m = 19456 KiB, t = 2, p = 1) of the UTF-8 passphrase with the 8-byte salt `recovery`.
    static func encryptionKey(_ passphrase: String) throws -> [UInt8] {
        try Argon2id.hash(
            password: Array(passphrase.utf8), salt: Array("recovery".utf8), memoryKiB: 19456,
            iterations: 2,
            parallelism: 1, length: 32)
    }
}
