import AppSupport
import ContractNames
import Foundation
import IdentitySharing

/// Everything Bitkit's behaviour reads and changes in one action (spec/02 §3–4): its UserDefaults,
/// what the running app holds in memory, the facts of its build, and what this action shows.
public struct BitkitState: Sendable, Equatable {
    public var defaults: BitkitDefaults
    /// The running app's memory; nil while Bitkit is not running.
    public var memory: BitkitMemory?
    /// A memory document the app cannot use (another build's, an unreadable one): the app is not
    /// running, but a kill still clears it.
    public var staleMemory: Bool
    public let build: BitkitBuild
    /// Toasts raised during this action, in order.
    public var raised: [Toast] = []
    /// The memory of a later launch, found when this action's app stopped running while it waited:
    /// it is left as it is.
    public var otherLaunch: BitkitMemory?
    /// Whether an adoption runs in a live run, as the screen shows it at the end of the action.
    public var adoptionBusy = false
    /// Whether a contact import runs in a live run, as the screen shows it at the end of the action.
    public var importBusy = false
    /// What the Paykit screens show, read at the end of the action when one is on screen.
    public var paykitShown: PaykitShown?

    public init(defaults: BitkitDefaults, memory: BitkitMemory?, staleMemory: Bool = false, build: BitkitBuild) {
        self.defaults = defaults
        self.memory = memory
        self.staleMemory = staleMemory
        self.build = build
    }

    /// The Bitcoin network of the build.
    public var network: BitcoinNetwork { build.network }
}

/// The facts of the installed Bitkit build an action cannot change.
public struct BitkitBuild: Sendable, Equatable {
    public var network: BitcoinNetwork
    /// False for the build from before the shared keychain (no Pubky Choice, no sharing).
    public var sharesKeys: Bool
    /// The sharing rules of the platform the build runs on.
    public var policy: SharingPolicy
    /// The named defects installed with the build (`simctl install --defect`); none when shipped.
    public var defects: Set<Defect>

    public init(
        network: BitcoinNetwork, sharesKeys: Bool = true, policy: SharingPolicy = .iOS, defects: Set<Defect> = []
    ) {
        self.network = network
        self.sharesKeys = sharesKeys
        self.policy = policy
        self.defects = defects
    }

    /// Whether the build carries `defect`: the branch a named defect takes instead of the spec's rule.
    public func has(_ defect: Defect) -> Bool { defects.contains(defect) }
}

/// What Bitkit keeps in its sandbox between actions: UserDefaults (written as soon as they change)
/// and the running app's memory (written at every suspension and at the end of an action).
public struct BitkitStored: Sendable, Equatable {
    public var defaults: BitkitDefaults
    public var memory: BitkitMemory?
    /// A memory document exists that this build cannot use.
    public var staleMemory: Bool

    public init(defaults: BitkitDefaults = BitkitDefaults(), memory: BitkitMemory? = nil, staleMemory: Bool = false) {
        self.defaults = defaults
        self.memory = memory
        self.staleMemory = staleMemory
    }
}

/// The stored Paykit documents and the time a Paykit screen shows them at.
public struct PaykitShown: Sendable, Equatable {
    public var inbox: PaymentRequestInbox
    public var contacts: PaykitContactBook
    public var now: Date
}
