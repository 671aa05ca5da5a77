import CSodium

/// SHA-512 (FIPS 180-4), computed by libsodium.
public enum SHA512 {
    /// The 64-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        _ = Sodium.ready
        var digest = [UInt8](repeating: 0, count: 64)
        crypto_hash_sha512(&digest, bytes, UInt64(bytes.count))
        return digest
    }
}
