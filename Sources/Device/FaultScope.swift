import ContractNames
import WorldFiles

/// Which keychain group a fault rule applies to (`simctl fault add --group`). The default is the
/// shared group: QA imitates a locked device or a missing entitlement there, and a rule that also
/// hit an app's private group would break what the app keeps for itself (Bitkit's wipe would keep
/// its mnemonic while the screen says "Wallet Data Deleted").
public enum FaultScope: Sendable, Equatable, Codable, CustomStringConvertible {
    /// `KYH47R284B.pubky.shared`.
    case shared
    /// Bitkit's private group, whichever network the build is for (`bitkit`).
    case bitkitPrivate
    /// Ring's private group `KYH47R284B.app.pubkyring` (`ring`).
    case ringPrivate
    /// One access group id.
    case group(String)

    /// `shared`, `bitkit`, `ring` or an access group id; nil for a name that is neither.
    public init?(argument: String) {
        switch argument {
        case "shared": self = .shared
        case "bitkit": self = .bitkitPrivate
        case "ring": self = .ringPrivate
        case SharedContract.accessGroup: self = .shared
        case _ where World.isValidAccessGroup(argument): self = .group(argument)
        default: return nil
        }
    }

    /// Whether an operation on `accessGroup` is in scope.
    public func contains(_ accessGroup: String) -> Bool {
        switch self {
        case .shared: return accessGroup == SharedContract.accessGroup
        case .bitkitPrivate: return BitcoinNetwork.allCases.contains { $0.bitkitPrivateGroup == accessGroup }
        case .ringPrivate: return accessGroup == SharedContract.ringPrivateGroup
        case .group(let id): return accessGroup == id
        }
    }

    /// The name `--group` takes, as stored in `device.json`.
    public var description: String {
        switch self {
        case .shared: return "shared"
        case .bitkitPrivate: return "bitkit"
        case .ringPrivate: return "ring"
        case .group(let id): return id
        }
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let scope = FaultScope(argument: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a keychain group"))
        }
        self = scope
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
