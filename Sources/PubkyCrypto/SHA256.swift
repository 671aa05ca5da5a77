import CSodium

/// SHA-256 (FIPS 180-4), computed by libsodium.
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        _ = Sodium.ready
        var digest = [UInt8](repeating: 0, count: 32)
        crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        return digest
    }
}
