/// A source of random bytes; the simulator injects `SeededRandom` to make runs reproducible.
public protocol RandomSource {
    /// `count` fresh random bytes.
    mutating func bytes(_ count: Int) -> [UInt8]
}
