import AppRuntime
import IdentitySharing

extension Context where App == Ring {
    /// The cold-start path: memory at the root screen, every owned pubky published once, then Home's
    /// focus (offer load) when onboarding is done.
    mutating func startup() throws {
        lifecycle(.launch)
        state.memory = RingMemory(stack: [], launchID: try newLaunchID())
        state.otherLaunch = nil
        navigate(rootStack)
        try publishAllOwned()
        if state.store.onboarded { try loadOffers() }
    }

    /// The app becomes active: offers reload while Home is in the stack (spec/03 §4).
    mutating func becomeActive() throws {
        memory.inForeground = true
        lifecycle(.foreground)
        if state.store.onboarded, memory.stack.contains(.home) { try loadOffers() }
    }

    mutating func kill() {
        if state.running { lifecycle(.kill) }
        state.memory = nil
        state.otherLaunch = nil
    }

    /// Home alone, or Onboarding before it is done.
    var rootStack: [RingRoute] { state.store.onboarded ? [.home] : [.onboarding] }

    /// Shows Home (closing any sheet) and runs its focus: the offer load.
    mutating func focusHome() throws {
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
    mutating func publishAllOwned() throws {
        for pubky in state.store.entries.filter({ !$0.isAdopted }).map(\.pubky) {
            guard let stored = try loadSecretQuietly(pubky) else { continue }
            try publishOwned(pubky: pubky, secretKey: stored.secretKey)
        }
    }

    /// `publishOwnedPubky`: delete then add `app.pubkyring:<pubky>`, holding at the checkpoint between
    /// the two; a failure is only logged (spec/01 §11).
    mutating func publishOwned(pubky: String, secretKey: String) throws {
        let written = try offer(pubky: pubky, secret: secretKey, between: .setOwnedBetweenDeleteAndAdd)
        if let failure = written.failure { log(.publishFailed, account: pubky, failure) }
    }
}
