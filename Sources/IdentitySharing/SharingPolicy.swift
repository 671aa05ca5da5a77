/// The rules of identity sharing that differ by platform (DESIGN §7a; spec/07 §10), so an app's
/// behaviour reads them instead of knowing which platform it runs on.
public struct SharingPolicy: Sendable, Equatable {
    /// What Bitkit's source check clears an adopted identity on.
    public enum SourceLoss: Sendable, Equatable {
        /// A presence check of the exact record answers `absent` (iOS, spec/02 §16).
        case definiteAbsence
        /// A listing that succeeds without the referenced identity (Android, spec/07 §8).
        case listedWithout
    }

    public var sourceLoss: SourceLoss
    /// Whether a failed session restore keeps the saved session (Android, spec/07 §7) or deletes
    /// it (iOS, spec/02 §8).
    public var keepsSessionOnFailedRestore: Bool
    /// Whether Bitkit's launch looks for keychain items that outlived an uninstall (iOS only:
    /// on Android nothing outlives one).
    public var checksOrphansAtLaunch: Bool
    /// Whether a locked device makes shared reads fail (iOS data protection; not on Android).
    public var lockGatesReads: Bool
    /// Whether an app publishes its own identity explicitly (iOS `publishOwnSharedRecord`), or
    /// its provider serves the stored key live (Android).
    public var publishesOwnIdentity: Bool
    /// Whether Bitkit keeps its adoption reference in its private keychain (Android's
    /// `SHARED_PUBKY_SOURCE`, spec/07 §6.1) rather than in UserDefaults (iOS).
    public var referenceInPrivateStore: Bool
    /// Whether an adoption reference alone blocks a signup (iOS `hasStoredIdentity`), or only a
    /// public key, a session or a local key does (Android `hasIdentity()`, spec/07 §6.6).
    public var referenceBlocksSignup: Bool
    /// Whether restoring a backup's Pubky session deletes the reference too (Android, spec/07 §6.5).
    public var backupRestoreClearsReference: Bool
    /// Whether a failed restore is retried, silently, on every foreground (Android, spec/07 §7).
    public var retriesRestoreOnForeground: Bool
    /// Whether a failed just-in-time read fails an adoption with the reader's own message (Android:
    /// `Ring credential unavailable`, spec/07 §6.2) instead of iOS's `Authentication failed: …`.
    public var adoptionFailsWithReadReason: Bool
    /// Whether an approval whose secret disappeared after its sheet opened fails as an
    /// `Authorization Failed` error naming Ring (Android, spec/07 §6.4) rather than iOS's toast.
    public var approvalWithoutSecretNamesRing: Bool
    /// Whether Bitkit receives OS links through activity aliases it switches on and off as its
    /// identity changes (Android's `PubkyAuthHandlerRegistrar`, spec/07 §6.7) rather than only
    /// through the schemes its build registers (iOS).
    public var switchesLinkAliases: Bool
    /// Whether the contact import's selection offers one pill that flips between Select All and
    /// Select None (Android, spec/09 §6 row 25) rather than both, each disabled when it does nothing.
    public var selectionHasOneTogglePill: Bool

    public init(
        sourceLoss: SourceLoss, keepsSessionOnFailedRestore: Bool, checksOrphansAtLaunch: Bool,
        lockGatesReads: Bool, publishesOwnIdentity: Bool, referenceInPrivateStore: Bool = false,
        referenceBlocksSignup: Bool = true, backupRestoreClearsReference: Bool = false,
        retriesRestoreOnForeground: Bool = false, adoptionFailsWithReadReason: Bool = false,
        approvalWithoutSecretNamesRing: Bool = false, switchesLinkAliases: Bool = false,
        selectionHasOneTogglePill: Bool = false
    ) {
        self.sourceLoss = sourceLoss
        self.keepsSessionOnFailedRestore = keepsSessionOnFailedRestore
        self.checksOrphansAtLaunch = checksOrphansAtLaunch
        self.lockGatesReads = lockGatesReads
        self.publishesOwnIdentity = publishesOwnIdentity
        self.referenceInPrivateStore = referenceInPrivateStore
        self.referenceBlocksSignup = referenceBlocksSignup
        self.backupRestoreClearsReference = backupRestoreClearsReference
        self.retriesRestoreOnForeground = retriesRestoreOnForeground
        self.adoptionFailsWithReadReason = adoptionFailsWithReadReason
        self.approvalWithoutSecretNamesRing = approvalWithoutSecretNamesRing
        self.switchesLinkAliases = switchesLinkAliases
        self.selectionHasOneTogglePill = selectionHasOneTogglePill
    }

    /// One keychain access group (spec/01, spec/02 §8, §15, §16).
    public static let iOS = SharingPolicy(
        sourceLoss: .definiteAbsence, keepsSessionOnFailedRestore: false, checksOrphansAtLaunch: true,
        lockGatesReads: true, publishesOwnIdentity: true)

    /// Content providers (spec/07 §7–§9).
    public static let android = SharingPolicy(
        sourceLoss: .listedWithout, keepsSessionOnFailedRestore: true, checksOrphansAtLaunch: false,
        lockGatesReads: false, publishesOwnIdentity: false, referenceInPrivateStore: true,
        referenceBlocksSignup: false, backupRestoreClearsReference: true, retriesRestoreOnForeground: true,
        adoptionFailsWithReadReason: true, approvalWithoutSecretNamesRing: true, switchesLinkAliases: true,
        selectionHasOneTogglePill: true)
}
