import AppRuntime
import AppSupport
import ContractNames
import Foundation

/// Bitkit's lifecycle (spec/02 §8–§9): the cold start, the foreground, the kill, and what the OS
/// learns at the end of an action.
extension Context where App == Bitkit {
    /// `kill`: the memory goes, persistent stores stay.
    mutating func kill() {
        guard state.memory != nil || state.staleMemory else { return }
        state.memory = nil
        state.staleMemory = false
        record(JournalLine(.lifecycle(.kill)))
    }

    /// Cold start (spec/02 §8): orphan check, then profile initialisation when a wallet exists.
    mutating func launch() throws {
        state.memory = BitkitMemory(launchID: try newLaunchID(), network: network)
        state.staleMemory = false
        record(JournalLine(.lifecycle(.launch)))
        if build.policy.checksOrphansAtLaunch { try orphanCheck() }
        let wallet: Result<Bool, PrivateStoreError>
        do {
            wallet = .success(try hasPrivateValue(Key.mnemonic))
        } catch let error as PrivateStoreError {
            wallet = .failure(error)
        }
        // An unreadable private group (device never unlocked) is not "no wallet": Home, uninitialised.
        memory.root = (try? wallet.get()) == false ? .onboarding : .home
        memory.path = []
        navigated(from: nil, to: memory.stack)
        let pending = defaults.profileSetupPending
        scope(Identity.self) { $0.state.isProfileSetupPending = pending }
        switch wallet {
        case .success(true): try send(.initialize, to: Identity.self)
        case .success(false): break
        case .failure(let error):
            scope(Identity.self) { identity in
                identity.state.authState = .idle
                identity.state.initializationErrorMessage = error.description
            }
        }
    }

    /// The become-active path (spec/02 §9): the source check once initialised, and a visible Pubky
    /// Choice reloads its list. Nothing reads a Ring secret here.
    mutating func becomeActive() throws {
        memory.inForeground = true
        record(JournalLine(.lifecycle(.foreground)))
        if memory.root == .home, identity.isInitialized { try send(.becameActive, to: Identity.self) }
        // Misses are looked up again after a foreground; found row profiles are kept (§11.1).
        try send(.forgetMisses, to: PubkyChoice.self)
        // During an adoption the rows are not reloaded: their profiles are only added, never
        // dropped, so no row falls back to its bare key (spec/09 §5.2).
        if let adoption = state.pubkyChoice.adoption, try isAlive(adoption.process) { return }
        if state.memory != nil, memory.top == .pubkyChoice, memory.sheet == nil {
            try send(.appear, to: PubkyChoice.self)
        }
    }

    /// spec/02 §8.1: no install marker but a mnemonic in the private group means a reinstall over
    /// surviving keychain items: remove this network's own records, wipe the private group.
    private mutating func orphanCheck() throws {
        guard !defaults.installMarker else { return }
        let mnemonic: String?
        do {
            mnemonic = try loadPrivate(Key.mnemonic)
        } catch is PrivateStoreError {
            // The private group cannot be read (device never unlocked): decide on a later launch.
            return
        }
        if let mnemonic, !mnemonic.isEmpty, !build.has(.orphanCheckSkipped) {
            try removeAllOwn(checkpoint: .orphanBeforeRemoveOwn)
            _ = try attempt { try $0.wipePrivate() }
        }
        updateDefaults { $0.installMarker = true }
    }

    /// Tells the OS which link handlers to enable (Android's activity aliases, spec/07 §6.7), as
    /// the identity decides them now.
    mutating func decideLinkAliases() throws {
        let aliases = try scope(Identity.self) { try $0.linkAliases() }
        emit(.linkAliases(aliases))
    }
}
