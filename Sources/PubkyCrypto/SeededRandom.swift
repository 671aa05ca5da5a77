import CSodium

/// Deterministic randomness for reproducible simulations: the ChaCha20 keystream (libsodium, IETF-free
/// original variant) under key SHA-256(seed), read as one continuous stream — the same seed always yields
/// the same bytes, however the reads are split. Not for real secrets.
public struct SeededRandom: RandomSource, RandomNumberGenerator, Sendable {
    private let key: [UInt8]
    /// Bytes of keystream consumed so far.
    private var position: UInt64 = 0

    /// A stream seeded by the 8 little-endian bytes of `seed`.
    public init(seed: UInt64) {
        self.init(seed: withUnsafeBytes(of: seed.littleEndian, Array.init))
    }

    /// A stream seeded by arbitrary bytes.
    public init(seed: [UInt8]) {
        key = SHA256.hash(seed)
    }

    public mutating func bytes(_ count: Int) -> [UInt8] {
        precondition(Sodium.ready, "libsodium failed to initialise")
        guard count > 0 else { return [] }
        let skip = Int(position % 64)
        var stream = [UInt8](repeating: 0, count: skip + count)
        let nonce = [UInt8](repeating: 0, count: 8)
        // XOR over zeros starting at block `position / 64` yields the keystream from that block on.
        _ = crypto_stream_chacha20_xor_ic(
            &stream, stream, UInt64(stream.count), nonce, position / 64, key)
        position += UInt64(count)
        return Array(stream[skip...])
    }

    public mutating func next() -> UInt64 {
        bytes(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }
}
