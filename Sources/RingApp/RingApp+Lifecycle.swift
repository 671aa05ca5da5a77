import Device

extension RingApp {
    /// Lifecycle actions run as they are; any other action first launches a Ring that is not running.
    func perform(_ action: RingAction) throws {
        switch action {
        case .launch, .foreground:
            if state.running { try becomeActive() } else { try startup() }
        case .background:
            if state.running { lifecycle(.background) }
        case .kill:
            kill()
        case .relaunch:
            kill()
            try startup()
        default:
            if !state.running { try startup() }
            try performUserAction(action)
        }
    }

    /// The cold-start path: memory at the root screen, every owned pubky published once, then Home's
    /// focus (offer load) when onboarding is done.
    func startup() throws {
        lifecycle(.launch)
        state.memory = RingMemory(stack: [])
        navigate(rootStack)
        try publishAllOwned()
        if state.store.onboarded { try loadOffers() }
    }

    /// The app becomes active: offers reload while Home is in the stack (spec/03 §4).
    func becomeActive() throws {
        lifecycle(.foreground)
        if state.store.onboarded, memory.stack.contains(.home) { try loadOffers() }
    }

    func kill() {
        if state.running { lifecycle(.kill) }
        state.memory = nil
    }

    /// Home alone, or Onboarding before it is done.
    var rootStack: [RingRoute] { state.store.onboarded ? [.home] : [.onboarding] }

    /// Shows Home (closing any sheet) and runs its focus: the offer load.
    func focusHome() throws {
        guard state.store.onboarded else { throw RingAppError.inOnboarding }
        memory.sheet = nil
        memory.backupError = nil
        navigate([.home])
        try loadOffers()
    }

    /// Launch publish (spec/03 §3): for every owned entry, read its secret and `setOwned`; best effort.
    /// `setOwned` writes what Ring stores without validating it (spec/01 §11): a malformed or wrong
    /// stored secret is published as is, and Bitkit's own checks refuse it when it reads the record.
    /// Only an entry whose private item cannot be read at all (missing, locked, undecodable) is skipped.
    func publishAllOwned() throws {
        for pubky in state.store.entries.filter({ !$0.isAdopted }).map(\.pubky) {
            guard let stored = try? privateKeychain.loadSecret(pubky: pubky) else { continue }
            publishOwned(pubky: pubky, secretKey: stored.secretKey)
        }
    }

    /// `publishOwnedPubky`: delete then add `app.pubkyring:<pubky>`, holding at the checkpoint between
    /// the two; a failure is only logged (spec/01 §11).
    func publishOwned(pubky: String, secretKey: String) {
        let written = sharing.offer(pubky: pubky, secret: secretKey) { suspendQuietly(.setOwnedBetweenDeleteAndAdd) }
        if let failure = written.failure { log(.publishFailed, account: pubky, failure) }
    }
}
