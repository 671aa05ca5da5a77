/// Why a BIP32 derivation failed.
public enum BIP32Error: Error, Equatable, CustomStringConvertible {
    /// BIP32 seeds are 16 to 64 bytes.
    case invalidSeedLength(Int)
    /// The derived key is zero or not below the curve order (probability about 2⁻¹²⁷; BIP32 says skip it).
    case invalidDerivedKey(index: UInt32?)
    /// Depth would exceed 255.
    case depthOverflow
    /// A path such as `m/84'/0'/0'/0/1` could not be parsed.
    case invalidPath(String)

    public var description: String {
        switch self {
        case .invalidSeedLength(let count): return "A BIP32 seed must be 16 to 64 bytes, got \(count)"
        case .invalidDerivedKey(let index?):
            return "Child \(index) derives an invalid key; use the next index"
        case .invalidDerivedKey(nil): return "The seed derives an invalid master key"
        case .depthOverflow: return "BIP32 depth cannot exceed 255"
        case .invalidPath(let path): return "Not a BIP32 derivation path: \"\(path)\""
        }
    }
}
