/// The contract's invariants the audit checks (DESIGN §6).
public enum AuditInvariant: String, Codable, Sendable, CaseIterable {
    /// An app wrote or deleted only accounts under its own owner prefix, one account at a time.
    case ownPrefixOnly = "own-prefix-only"
    /// A Bitkit build never touched another network's prefix.
    case networkIsolation = "network-isolation"
    /// Every shared record an app wrote holds 64 lowercase hex deriving its account's pubky.
    case validSecrets = "valid-secrets"
    /// Bitkit never stored a Ring secret in its sandbox, its private keychain or a backup.
    case noRingSecretInBitkit = "no-ring-secret-in-bitkit"
    /// An adopted identity was cleared only after a definite not-found on its account.
    case clearedOnlyAfterNotFound = "cleared-only-after-not-found"
    /// A wipe removed all of the wiper's own records and none of anyone else's.
    case wipeRemovesOwnRecords = "wipe-removes-own-records"
    /// Android: every entry Ring wrote into its `shared_pubky` store holds the secret of a pubky Ring
    /// owns (its private item), never a Bitkit secret copied in (spec/07 §3).
    case ringStoreHoldsOnlyOwnSecrets = "ring-store-holds-only-own-secrets"
    /// Android: no provider answered rows to a caller signed with another certificate than the
    /// provider's package, or whose grant of the provider's permission was revoked (spec/07 §1.3, §1.4).
    case noRowsToUntrustedCallers = "no-rows-to-untrusted-callers"
    /// Android: every credential row a provider served held a secret deriving the row's pubky
    /// (spec/07 §2, §3; entries `simctl provider put` planted are exempt).
    case servedSecretsDerive = "served-secrets-derive"

    /// One sentence for the report.
    public var summary: String {
        switch self {
        case .ownPrefixOnly: return "apps write and delete only their own prefix, one account at a time"
        case .networkIsolation: return "a Bitkit build never touches another network's prefix"
        case .validSecrets: return "every shared record an app wrote is a valid secret for its pubky"
        case .noRingSecretInBitkit: return "Bitkit never stores a Ring secret"
        case .clearedOnlyAfterNotFound: return "an adopted identity is cleared only after a definite not-found"
        case .wipeRemovesOwnRecords: return "a wipe removes all of the wiper's records and only those"
        case .ringStoreHoldsOnlyOwnSecrets: return "Ring's shared_pubky store holds only secrets of pubkys Ring owns"
        case .noRowsToUntrustedCallers:
            return "no provider answers rows to a caller with another certificate or without the permission"
        case .servedSecretsDerive: return "every credential a provider served derives the row's pubky"
        }
    }

    /// The contract's six, which hold on every platform (over the neutral `sharing` events and
    /// the shared records).
    public static let contract: [AuditInvariant] = [
        .ownPrefixOnly, .networkIsolation, .validSecrets, .noRingSecretInBitkit, .clearedOnlyAfterNotFound,
        .wipeRemovesOwnRecords,
    ]

    /// What content providers can get wrong (spec/07): they hold where providers exist. Which
    /// invariants a world has is its platform's (`PhoneOS.invariants`).
    public static let providers: [AuditInvariant] = [
        .ringStoreHoldsOnlyOwnSecrets, .noRowsToUntrustedCallers, .servedSecretsDerive,
    ]
}
