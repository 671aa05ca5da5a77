import CSodium

/// Cryptographically secure randomness from the operating system (libsodium `randombytes_buf`).
public struct SystemRandom: RandomSource, RandomNumberGenerator, Sendable {
    public init() {}

    public mutating func bytes(_ count: Int) -> [UInt8] {
        precondition(Sodium.ready, "libsodium failed to initialise")
        var out = [UInt8](repeating: 0, count: count)
        randombytes_buf(&out, count)
        return out
    }

    public mutating func next() -> UInt64 {
        bytes(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }
}
