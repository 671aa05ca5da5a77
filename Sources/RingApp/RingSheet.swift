import IdentitySharing

/// A sheet or alert Ring shows over its screen; `id` is the spec's sheet id.
public enum RingSheet: Codable, Sendable, Equatable {
    case useExternal(SharedIdentity)
    case deletePubky(pubky: String)
    case editPubky(pubky: String)
    case selectPubky(RingAuthRequest)
    /// `Select Pubky` for a session request: the pick signs in at once (no confirm sheet).
    case selectSessionPubky(RingSessionRequest)
    case confirmAuth(RingAuthRequest, pubky: String)
    case authSuccess(RingAuthRequest, pubky: String, granted: String)
    case backupPubky(pubky: String)
    case wipe
    case share(pubky: String)
    /// The passphrase prompt of an encrypted-file import.
    case decryptBackup(file: String)
    case configurationFailed(message: String)

    public var id: String {
        switch self {
        case .useExternal: return "use-external-pubky"
        case .deletePubky: return "delete-pubky"
        case .editPubky: return "edit-pubky"
        case .selectPubky, .selectSessionPubky: return "select-pubky"
        case .confirmAuth, .authSuccess: return "confirm-auth"
        case .backupPubky: return "backup-pubky"
        case .wipe: return "wipe-pubky-ring"
        case .share: return "share-pubky"
        case .decryptBackup: return "decrypt-backup"
        case .configurationFailed: return "configuration-failed"
        }
    }
}
