/// Why Argon2id refused its parameters.
public enum Argon2Error: Error, Equatable, CustomStringConvertible {
    /// The salt must be at least 8 bytes.
    case saltTooShort(Int)
    /// Output length must be at least 4 bytes.
    case outputTooShort(Int)
    /// Iterations and parallelism must be at least 1, parallelism at most 2^24 − 1.
    case invalidCost(iterations: Int, parallelism: Int)
    /// Memory must be at least 8 KiB per lane.
    case memoryTooSmall(memoryKiB: Int, parallelism: Int)

    public var description: String {
        switch self {
        case .saltTooShort(let count): return "Argon2 needs a salt of at least 8 bytes, got \(count)"
        case .outputTooShort(let count): return "Argon2 output must be at least 4 bytes, got \(count)"
        case .invalidCost(let iterations, let parallelism):
            return
                "Argon2 needs iterations ≥ 1 and 1 ≤ parallelism < 2^24 (got t=\(iterations), p=\(parallelism))"
        case .memoryTooSmall(let memoryKiB, let parallelism):
            return "Argon2 needs at least 8 KiB per lane (got m=\(memoryKiB) KiB for p=\(parallelism))"
        }
    }
}
