import AppRuntime
import AppSupport
import ContractNames
import Foundation
import PubkyCrypto

extension Context where App == Bitkit {
    /// `kill`: the memory goes, persistent stores stay.
    mutating func kill() {
        guard current != nil || state.staleMemory else { return }
        current = nil
        state.staleMemory = false
        lifecycle(.kill)
    }

    /// Cold start (spec/02 §8): orphan check, then profile initialisation when a wallet exists.
    mutating func launch() throws {
        current = BitkitMemory(launchID: try newLaunchID(), network: network)
        state.staleMemory = false
        lifecycle(.launch)
        if state.build.policy.checksOrphansAtLaunch { try orphanCheck() }
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
        memory.isProfileSetupPending = defaults.profileSetupPending
        switch wallet {
        case .success(true): try initializeProfile()
        case .success(false): break
        case .failure(let error):
            memory.authState = .idle
            memory.initializationErrorMessage = error.description
        }
    }

    /// The become-active path (spec/02 §9): the source check once initialised, and a visible Pubky
    /// Choice reloads its list. Nothing reads a Ring secret here.
    mutating func becomeActive() throws {
        memory.inForeground = true
        lifecycle(.foreground)
        if memory.root == .home, memory.isInitialized {
            // Android retries a failed restore on resume, silently (spec/07 §7).
            if memory.sessionRestorationFailed, state.build.policy.retriesRestoreOnForeground {
                try retryRestore()
            }
            try checkAdoptedSource()
        }
        // Misses are looked up again after a foreground; found row profiles are kept (§11.1).
        current?.rowProfiles?.missed = []
        if current != nil, memory.top == .pubkyChoice, memory.sheet == nil {
            try appearPubkyChoice()
        }
    }

    /// spec/02 §8.1: no install marker but a mnemonic in the private group means a reinstall over
    /// surviving keychain items: remove this network's own records, wipe the private group.
    mutating func orphanCheck() throws {
        guard !defaults.installMarker else { return }
        let mnemonic: String?
        do {
            mnemonic = try loadPrivate(Key.mnemonic)
        } catch is PrivateStoreError {
            // The private group cannot be read (device never unlocked): decide on a later launch.
            return
        }
        if let mnemonic, !mnemonic.isEmpty, !state.build.has(.orphanCheckSkipped) {
            try removeAllOwn(checkpoint: .orphanBeforeRemoveOwn)
            _ = try attempt { try $0.wipePrivate() }
        }
        updateDefaults { $0.installMarker = true }
    }

    /// How the saved session was resolved at launch (spec/02 §8.2.3).
    enum RestoreOutcome {
        case noSession
        case restored(PubkySession)
        case failed
    }

    /// Profile initialisation (spec/02 §8.2), also run after a wallet is created or restored.
    mutating func initializeProfile() throws {
        memory.isInitialized = false
        memory.initializationErrorMessage = nil
        memory.sessionRestorationFailed = false
        let saved: String?
        do {
            saved = try loadPrivate(Key.session)
        } catch let error as PrivateStoreError {
            memory.authState = .idle
            memory.initializationErrorMessage = "\(error)"
            return
        }
        let secret = try activeSecretKeyHex()
        try suspend(.launchBeforeRestore)
        let outcome = try restoreSession(saved: saved, secret: secret)
        try publishOwnSharedRecord()
        guard current != nil else { throw AppTerminated() }
        switch outcome {
        case .noSession:
            memory.authState = .idle
            memory.publicKey = nil
            memory.cachedName = nil
            memory.cachedImageUri = nil
        case .restored(let session):
            memory.publicKey = "pubky" + session.pubky
            memory.authState = .authenticated
            memory.cachedName = defaults.cachedName
            memory.cachedImageUri = defaults.cachedImageURI
            memory.isProfileSetupPending = defaults.profileSetupPending
            try loadProfileInBackground(pubky: session.pubky, checkpoint: .launchBeforeProfileLoad)
        case .failed:
            memory.authState = .idle
            memory.publicKey = nil
            memory.cachedName = defaults.cachedName
            memory.cachedImageUri = defaults.cachedImageURI
            memory.sessionRestorationFailed = true
            toast(Toast(.error, BitkitTexts.sessionExpiredTitle, BitkitTexts.sessionExpiredDescription))
        }
        try checkAdoptedSource()
        memory.isInitialized = true
    }

    /// The saved session first, then a sign-in with the active key; a failure deletes the saved
    /// session unless the platform keeps it (spec/02 §8 and its Variant, spec/07 §7).
    private mutating func restoreSession(saved: String?, secret: String?) throws -> RestoreOutcome {
        let savedSession = saved.flatMap { $0.isEmpty ? nil : $0 }
        if let savedSession, let session = try attempt({ try $0.session(.importSession, .importSession(savedSession)) })
        {
            if try attempt({ try $0.activate(session, localSecret: try $0.localSecret(for: session.pubky)) }) != nil {
                return .restored(session)
            }
        }
        guard let secret, let pair = Ed25519KeyPair(secretHex: secret) else {
            return savedSession == nil ? .noSession : .failed
        }
        if let session = try attempt({ try $0.signIn(pair) }),
            try attempt({ try $0.activate(session, localSecret: try $0.localSecret(for: session.pubky)) }) != nil
        {
            return .restored(session)
        }
        if !state.build.policy.keepsSessionOnFailedRestore { try deletePrivateQuietly(Key.session) }
        return .failed
    }

    /// Steps 1–3 of Android's restore again (spec/07 §7): success authenticates without a toast; a
    /// repeated failure changes nothing and adds no toast.
    mutating func retryRestore() throws {
        let saved = try loadPrivateQuietly(Key.session)
        let secret = try activeSecretKeyHex()
        guard case .restored(let session) = try restoreSession(saved: saved, secret: secret) else { return }
        guard current != nil else { throw AppTerminated() }
        memory.sessionRestorationFailed = false
        memory.publicKey = "pubky" + session.pubky
        memory.authState = .authenticated
        memory.cachedName = defaults.cachedName
        memory.cachedImageUri = defaults.cachedImageURI
        try loadProfileInBackground(pubky: session.pubky, checkpoint: .launchBeforeProfileLoad)
    }

    /// Loads the profile of the restored identity in the background (errors leave it unloaded).
    mutating func loadProfileInBackground(pubky: String, checkpoint: BitkitCheckpoint) throws {
        memory.isLoadingProfile = true
        try suspend(checkpoint)
        let profile = try attempt { try $0.profile(of: pubky) } ?? nil
        memory.isLoadingProfile = false
        guard memory.publicKey == "pubky" + pubky else { return }
        if let profile {
            memory.profile = profile
        }
    }
}
