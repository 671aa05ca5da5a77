import AppRuntime
import IdentitySharing

/// Ring's lifecycle (spec/03 §3–§4): the cold start, the foreground, the kill.
extension Context where App == Ring {
    /// The cold-start path: memory at the root screen, every owned pubky published once, then Home's
    /// focus (offer load) when onboarding is done.
    mutating func startup() throws {
        record(JournalLine(.lifecycle(.launch)))
        state.memory = RingMemory(stack: [], launchID: try newLaunchID())
        state.otherLaunch = nil
        navigate(rootStack)
        try publishAllOwned()
        if state.store.onboarded { try loadOffers() }
    }

    /// The app becomes active: offers reload while Home is in the stack (spec/03 §4).
    mutating func becomeActive() throws {
        memory.inForeground = true
        record(JournalLine(.lifecycle(.foreground)))
        if state.store.onboarded, memory.stack.contains(.home) { try loadOffers() }
    }

    mutating func kill() {
        if state.running { record(JournalLine(.lifecycle(.kill))) }
        state.memory = nil
        state.otherLaunch = nil
    }

    /// Launch publish (spec/03 §3): for every owned entry, read its secret and `setOwned`; best effort.
    /// `setOwned` writes what Ring stores without validating it (spec/01 §11): a malformed or wrong
    /// stored secret is published as is, and Bitkit's own checks refuse it when it reads the record.
    /// Only an entry whose private item cannot be read at all (missing, locked, undecodable) is skipped.
    private mutating func publishAllOwned() throws {
        for pubky in state.store.entries.filter({ !$0.isAdopted }).map(\.pubky) {
            guard let stored = try loadSecretQuietly(pubky) else { continue }
            try publishOwned(pubky: pubky, secretKey: stored.secretKey)
        }
    }
}
