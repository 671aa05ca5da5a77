import CSodium

/// An Ed25519 key pair from a 32-byte RFC 8032 seed (the "secret" of a pubky, spec/04 §2).
public struct Ed25519KeyPair: Sendable, Hashable {
    /// The 32-byte seed.
    public let seed: [UInt8]
    /// The 32-byte public key.
    public let publicKey: [UInt8]
    private let expandedSecret: [UInt8]

    /// Derives the key pair of `seed`; nil unless `seed` is exactly 32 bytes.
    public init?(seed: [UInt8]) {
        guard seed.count == 32, Sodium.ready else { return nil }
        var pk = [UInt8](repeating: 0, count: 32)
        var sk = [UInt8](repeating: 0, count: 64)
        guard crypto_sign_seed_keypair(&pk, &sk, seed) == 0 else { return nil }
        self.seed = seed
        self.publicKey = pk
        self.expandedSecret = sk
    }

    /// Derives the key pair of a 64-lowercase-hex secret; nil for anything else.
    public init?(secretHex: String) {
        guard Hex.isSecret(secretHex), let seed = Hex.decode(secretHex) else { return nil }
        self.init(seed: seed)
    }

    /// The bare 52-character z-base-32 public key.
    public var pubky: String { ZBase32.encode(publicKey) }

    /// The secret as 64 lowercase hex characters.
    public var secretHex: String { Hex.encode(seed) }

    /// A deterministic RFC 8032 signature of `message`.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: 64)
        _ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), expandedSecret)
        return signature
    }
}

/// Ed25519 verification.
public enum Ed25519 {
    /// True when `signature` is a valid signature of `message` by `publicKey`.
    public static func verify(signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard Sodium.ready, signature.count == 64, publicKey.count == 32 else { return false }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey) == 0
    }

    /// True when `publicKey` decodes to a valid curve point usable for verification.
    public static func isValidPublicKey(_ publicKey: [UInt8]) -> Bool {
        guard Sodium.ready, publicKey.count == 32 else { return false }
        return crypto_core_ed25519_is_valid_point(publicKey) == 1
    }
}
