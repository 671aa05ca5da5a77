/// Each feature's state as Ring composes it. Ring's memory keeps the sandbox document's layout; a
/// feature sees only its own part, through these projections. As Ring's own code does, a feature
/// that writes while Ring is not running writes into a memory at the root screen.
extension RingState {
    /// The memory, or a fresh one at the root screen.
    private var memoryOrRoot: RingMemory { memory ?? RingMemory(stack: [store.onboarded ? .home : .onboarding]) }

    public var offerListing: Offers.State {
        get {
            Offers.State(
                listed: memoryOrRoot.listed, offeredAtListing: memoryOrRoot.offeredAtListing,
                listingFailed: memoryOrRoot.listingFailed)
        }
        set {
            var memory = memoryOrRoot
            memory.listed = newValue.listed
            memory.offeredAtListing = newValue.offeredAtListing
            memory.listingFailed = newValue.listingFailed
            self.memory = memory
        }
    }

    public var keyBackup: KeyBackup.State {
        get { KeyBackup.State(error: memoryOrRoot.backupError) }
        set {
            var memory = memoryOrRoot
            memory.backupError = newValue.error
            self.memory = memory
        }
    }

    /// The pubkys are Ring's store; the feature keeps nothing in memory.
    public var pubkys: Pubkys.State {
        get { Pubkys.State() }
        set {}
    }

    /// Authorizations keep nothing in memory: their requests ride on the sheet shown.
    public var authorization: Authorization.State {
        get { Authorization.State() }
        set {}
    }
}
