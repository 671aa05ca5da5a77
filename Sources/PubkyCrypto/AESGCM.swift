import CSodium

/// AES-256-GCM (libsodium `crypto_aead_aes256gcm`), as Android's `AES/GCM/NoPadding` with a 12-byte
/// IV and a 128-bit tag seals Ring's `shared_pubky` entries (spec/07 §3). Sealed form: ciphertext ‖
/// tag(16), as the JCA cipher returns it.
public enum AESGCM {
    public static let keyLength = 32
    public static let nonceLength = 12
    public static let tagLength = 16

    /// Whether this CPU can run it (libsodium's implementation needs AES-NI or ARM crypto).
    public static var isAvailable: Bool { Sodium.ready && crypto_aead_aes256gcm_is_available() == 1 }

    /// Ciphertext ‖ tag of `plaintext`, or nil when the CPU cannot run AES-GCM or a length is wrong.
    public static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8]? {
        guard key.count == keyLength, nonce.count == nonceLength, isAvailable else { return nil }
        var sealed = [UInt8](repeating: 0, count: plaintext.count + tagLength)
        var length: UInt64 = 0
        guard
            crypto_aead_aes256gcm_encrypt(
                &sealed, &length, plaintext, UInt64(plaintext.count), nil, 0, nil, nonce, key) == 0
        else { return nil }
        return Array(sealed.prefix(Int(length)))
    }

    /// The plaintext of `sealed`; nil when the tag does not verify, a length is wrong, or the CPU
    /// cannot run AES-GCM.
    public static func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8]? {
        guard key.count == keyLength, nonce.count == nonceLength, sealed.count >= tagLength, isAvailable else {
            return nil
        }
        var plaintext = [UInt8](repeating: 0, count: sealed.count - tagLength)
        var length: UInt64 = 0
        guard
            crypto_aead_aes256gcm_decrypt(
                &plaintext, &length, nil, sealed, UInt64(sealed.count), nil, 0, nonce, key) == 0
        else { return nil }
        return Array(plaintext.prefix(Int(length)))
    }
}
