import AppSupport
import ContractNames
import IdentitySharing

/// Ring's whole state for one action: the persisted store, the running app's memory, and what this
/// action shows besides the screen (its toasts, the x-callback URLs it opened, the simulator's notes).
public struct RingState: Sendable, Equatable {
    public var store: RingStore
    /// nil while the app is not running.
    public var memory: RingMemory?
    /// The sharing rules of the platform Ring runs on.
    public var policy: SharingPolicy
    /// The named defects installed with the build (`simctl install --defect`); none when shipped.
    public var defects: Set<Defect> = []
    /// Toasts raised during this action, in order.
    public var raised: [Toast] = []
    /// x-callback URLs opened during this action.
    public var opened: [String] = []
    /// What the simulator did besides the user's step (e.g. a token issued for QA).
    public var notes: [String] = []
    /// Simulated seconds this action's network calls took so far.
    public var networkElapsed: Double = 0
    /// The mnemonic the recovery-phrase screen shows (read at the end of the action, never stored).
    public var shownPhrase: String?
    /// The memory of a later launch, found when this action's app stopped running while it waited:
    /// it is left as it is.
    public var otherLaunch: RingMemory?

    public init(
        store: RingStore = RingStore(), memory: RingMemory? = nil, policy: SharingPolicy = .iOS,
        defects: Set<Defect> = []
    ) {
        self.store = store
        self.memory = memory
        self.policy = policy
        self.defects = defects
    }

    /// Whether the build carries `defect`: the branch a named defect takes instead of the spec's rule.
    public func has(_ defect: Defect) -> Bool { defects.contains(defect) }

    public var running: Bool { memory != nil }

    /// The offer cards: listed Bitkit records whose pubky Ring does not list, regardless of source app.
    public var offers: [RingOffer] {
        Offers.cards(offerListing, store: store, refiltersOnListError: has(.ringOffersRefilteredOnListError))
    }
}

/// What Ring keeps in its sandbox between actions: its store and, while it runs, its memory.
public struct RingStored: Sendable, Equatable {
    public var store: RingStore
    public var memory: RingMemory?

    public init(store: RingStore = RingStore(), memory: RingMemory? = nil) {
        self.store = store
        self.memory = memory
    }
}
