import AppSupport
import ContractNames
import Device

/// What the running app keeps in memory (spec/02 §4), persisted as the sandbox document `memory`
/// while Bitkit runs. `kill` deletes it; persistent stores stay.
public struct BitkitMemory: Codable, Sendable, Equatable {
    /// Distinguishes launches, so a process paused across a kill + relaunch knows its app is gone.
    public var launchID: UInt64
    /// The build network the process was launched with (an update-install restarts the app).
    public var network: BitcoinNetwork
    public var inForeground: Bool
    /// `home`, or `onboarding` while no wallet exists.
    public var root: BitkitRoute
    /// The navigation path above the root.
    public var path: [BitkitRoute]
    public var sheet: BitkitSheet?

    public var authState: AuthState
    /// `pubky<z32>` or nil.
    public var publicKey: String?
    public var profile: ProfileSummary?
    public var isLoadingProfile: Bool
    public var isInitialized: Bool
    public var initializationErrorMessage: String?
    public var sessionRestorationFailed: Bool
    public var adoptedSourceLost: Bool
    public var cachedName: String?
    public var cachedImageUri: String?
    public var isProfileSetupPending: Bool
    /// The running adoption, if any (`isAdoptingRingIdentity(seenFrom:)`).
    public var adoption: InFlightMarker?
    /// A running signup approval.
    public var signup: InFlightMarker?
    /// Bumped by clearLocalState: late results of running adoptions and restores are discarded.
    public var sessionGeneration: Int
    /// The homeserver of the live session (the SDK's in-memory session), never its secret.
    public var sessionHomeserver: String?

    public var choice: PubkyChoiceList?
    /// Pubky Choice's row profiles remembered for the session (spec/02 §11.1); nil when none.
    public var rowProfiles: RowProfileCache?
    public var createProfile: CreateProfileForm?
    /// Toasts raised by the last action, in order.
    public var toasts: [Toast]
    /// The Paykit screens' state (the open details and confirmation); nil until first used.
    public var paykit: PaykitMemory?
    /// The contact import prepared after an adoption (spec/09 §2.1); nil when none is pending.
    public var pendingImport: ContactImportPreview?
    /// The running contact import (spec/09 §2.4), if any.
    public var contactImport: InFlightMarker?
    /// Profiles looked up this session, stamped with the device clock (spec/09 §2.5).
    public var sessionProfiles: SessionProfiles?
    /// The Contacts rows whose background lookup has not ended (spec/09 §2.5.3).
    public var contactsLookingUp: [String]?
    /// A contact link waiting to route (spec/09 §4.2).
    public var contactLink: String?
    /// The contact Contact Detail shows (bare key).
    public var contactShown: String?
    /// Add Contact as a contact link opened it.
    public var addContact: AddContactDraft?

    public init(launchID: UInt64, network: BitcoinNetwork) {
        self.launchID = launchID
        self.network = network
        inForeground = true
        root = .home
        path = []
        authState = .idle
        isLoadingProfile = false
        isInitialized = false
        sessionRestorationFailed = false
        adoptedSourceLost = false
        isProfileSetupPending = false
        sessionGeneration = 0
        toasts = []
    }

    /// The route on top.
    public var top: BitkitRoute { path.last ?? root }

    /// Root first, as printed: `["home", "settings"]`.
    public var stack: [String] { ([root] + path).map(\.rawValue) }

    /// Whether an adoption runs in a live run, as seen from the run of `observer`.
    public func isAdoptingRingIdentity(seenFrom observer: AppEnvironment) -> Bool {
        adoption?.isAlive(seenFrom: observer) ?? false
    }
}
