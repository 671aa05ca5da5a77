import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seeded sleeps at scheduling points, used by the race harness to shake interleavings
/// (`SIM_JITTER_MS`, `SIM_JITTER_SEED`; see `RunContext`). One per run.
public final class Jitter: Sendable {
    /// The maximum sleep and the seed of its sequence.
    public struct Settings: Sendable, Equatable {
        public var maximumMilliseconds: Double
        public var seed: UInt64

        public init(maximumMilliseconds: Double, seed: UInt64) {
            self.maximumMilliseconds = maximumMilliseconds
            self.seed = seed
        }
    }

    private let maximumMicroseconds: UInt64
    private let state: Mutex<UInt64>

    package init(_ settings: Settings) {
        maximumMicroseconds = UInt64(settings.maximumMilliseconds * 1000)
        state = Mutex((settings.seed &+ 0x9E37_79B9_7F4A_7C15) | 1)
    }

    package func sleep() {
        // xorshift64*: deterministic per seed.
        let value = state.withLock { state in
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
        usleep(useconds_t(value % (maximumMicroseconds + 1)))
    }
}
