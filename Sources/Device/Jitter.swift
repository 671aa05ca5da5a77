import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seeded sleeps at checkpoints, used by the race harness to shake interleavings: set
/// `SIM_JITTER_MS` (the maximum) and `SIM_JITTER_SEED`. Off unless both are present.
final class Jitter: @unchecked Sendable {
    private let maximumMicroseconds: UInt64
    private var state: UInt64

    init(maximumMilliseconds: Double, seed: UInt64) {
        maximumMicroseconds = UInt64(maximumMilliseconds * 1000)
        state = (seed &+ 0x9E37_79B9_7F4A_7C15) | 1
    }

    func sleep() {
        // xorshift64*: deterministic per seed.
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        let value = state &* 0x2545_F491_4F6C_DD1D
        usleep(useconds_t(value % (maximumMicroseconds + 1)))
    }
}
