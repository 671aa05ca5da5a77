import CSodium

/// HMAC (RFC 2104) over SHA-256 and SHA-512, computed by libsodium; keys of any length.
public enum HMAC {
    /// HMAC-SHA-256 of `message` under `key` (32 bytes).
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        _ = Sodium.ready
        var state = crypto_auth_hmacsha256_state()
        crypto_auth_hmacsha256_init(&state, key, key.count)
        crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
        var mac = [UInt8](repeating: 0, count: 32)
        crypto_auth_hmacsha256_final(&state, &mac)
        return mac
    }

    /// HMAC-SHA-512 of `message` under `key` (64 bytes).
    public static func sha512(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var state = sha512State(key: key)
        return sha512(state: &state, message: message)
    }

    /// The keyed HMAC-SHA-512 state; copying it lets PBKDF2 skip re-hashing the key per block.
    static func sha512State(key: [UInt8]) -> crypto_auth_hmacsha512_state {
        _ = Sodium.ready
        var state = crypto_auth_hmacsha512_state()
        crypto_auth_hmacsha512_init(&state, key, key.count)
        return state
    }

    /// Finishes a (copied) keyed state over `message`.
    static func sha512(state: inout crypto_auth_hmacsha512_state, message: [UInt8]) -> [UInt8] {
        crypto_auth_hmacsha512_update(&state, message, UInt64(message.count))
        var mac = [UInt8](repeating: 0, count: 64)
        crypto_auth_hmacsha512_final(&state, &mac)
        return mac
    }
}
