import CSodium

/// XSalsa20-Poly1305 authenticated encryption (libsodium `crypto_secretbox_easy`), used by the relay
/// channel (spec/04 §6.2) and recovery files (spec/03 §14). Boxed form: MAC(16) ‖ ciphertext.
public enum SecretBox {
    /// Key length in bytes.
    public static let keyLength = 32
    /// Nonce length in bytes.
    public static let nonceLength = 24
    /// Poly1305 tag length in bytes.
    public static let macLength = 16

    /// MAC ‖ ciphertext of `plaintext`; the key must be 32 bytes and the nonce 24 (programming errors trap).
    public static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8] {
        precondition(
            key.count == keyLength && nonce.count == nonceLength,
            "SecretBox needs a 32-byte key and 24-byte nonce")
        precondition(Sodium.ready, "libsodium failed to initialise")
        var boxed = [UInt8](repeating: 0, count: plaintext.count + macLength)
        _ = crypto_secretbox_easy(&boxed, plaintext, UInt64(plaintext.count), nonce, key)
        return boxed
    }

    /// The plaintext of `boxed`; nil when the MAC does not verify or any length is wrong.
    public static func open(_ boxed: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8]? {
        guard key.count == keyLength, nonce.count == nonceLength, boxed.count >= macLength, Sodium.ready
        else {
            return nil
        }
        var plaintext = [UInt8](repeating: 0, count: boxed.count - macLength)
        guard crypto_secretbox_open_easy(&plaintext, boxed, UInt64(boxed.count), nonce, key) == 0 else {
            return nil
        }
        return plaintext
    }
}
