import AppSupport
import ContractNames
import Device
import Foundation
import PubkyCrypto

extension BitkitRuntime {
    /// `kill`: the memory goes, persistent stores stay.
    func kill() {
        guard current != nil || (try? sandbox.load(BitkitMemory.self, "memory")) != nil else {
            current = nil
            return
        }
        sandbox.remove("memory")
        current = nil
        lifecycle(.kill)
    }

    /// Cold start (spec/02 §8): orphan check, then profile initialisation when a wallet exists.
    func launch() throws {
        current = BitkitMemory(launchID: UInt64.random(in: 1...UInt64.max), network: network)
        lifecycle(.launch)
        try orphanCheck()
        let wallet = Result { () throws(PrivateKeychainError) in try store.hasValue(BitkitPrivateKeychain.Key.mnemonic)
        }
        // An unreadable private group (device never unlocked) is not "no wallet": Home, uninitialised.
        memory.root = (try? wallet.get()) == false ? .onboarding : .home
        memory.path = []
        kernel.navigated(from: nil, to: memory.stack)
        memory.isProfileSetupPending = defaults.profileSetupPending
        try saveMemory()
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
    func becomeActive() throws {
        memory.inForeground = true
        lifecycle(.foreground)
        if memory.root == .home, memory.isInitialized {
            try checkAdoptedSource()
        }
        if current != nil, memory.top == .pubkyChoice, memory.sheet == nil {
            try appearPubkyChoice()
        }
    }

    /// spec/02 §8.1: no install marker but a mnemonic in the private group means a reinstall over
    /// surviving keychain items: remove this network's own records, wipe the private group.
    func orphanCheck() throws {
        guard !defaults.installMarker else { return }
        let mnemonic: String?
        do {
            mnemonic = try store.load(BitkitPrivateKeychain.Key.mnemonic)
        } catch {
            // The private group cannot be read (device never unlocked): decide on a later launch.
            return
        }
        if let mnemonic, !mnemonic.isEmpty {
            removeAllOwn(checkpoint: .orphanBeforeRemoveOwn)
            _ = try? store.wipe()
        }
        try updateDefaults { $0.installMarker = true }
    }

    /// How the saved session was resolved at launch (spec/02 §8.2.3).
    enum RestoreOutcome {
        case noSession
        case restored(PubkySession)
        case failed
    }

    /// Profile initialisation (spec/02 §8.2), also run after a wallet is created or restored.
    func initializeProfile() throws {
        memory.isInitialized = false
        memory.initializationErrorMessage = nil
        memory.sessionRestorationFailed = false
        let saved: String?
        do {
            saved = try store.load(BitkitPrivateKeychain.Key.session)
        } catch {
            memory.authState = .idle
            memory.initializationErrorMessage = "\(error)"
            return
        }
        let secret = activeSecretKeyHex()
        try suspend(.launchBeforeRestore)
        let outcome = restoreSession(saved: saved, secret: secret)
        publishOwnSharedRecord()
        guard current != nil else { throw Terminated() }
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

    private func restoreSession(saved: String?, secret: String?) -> RestoreOutcome {
        let savedSession = saved.flatMap { $0.isEmpty ? nil : $0 }
        if let savedSession,
            let session = try? network(
                "import-session", { backend throws(ServiceFailure) in try backend.importSession(savedSession) })
        {
            if (try? activate(session, localSecret: localSecret(for: session.pubky))) != nil {
                return .restored(session)
            }
        }
        guard let secret, let pair = Ed25519KeyPair(secretHex: secret) else {
            return savedSession == nil ? .noSession : .failed
        }
        if let session = try? network(
            "sign-in", { backend throws(ServiceFailure) in try backend.signIn(keyPair: pair) }),
            (try? activate(session, localSecret: localSecret(for: session.pubky))) != nil
        {
            return .restored(session)
        }
        try? store.delete(BitkitPrivateKeychain.Key.session)
        return .failed
    }

    /// Loads the profile of the restored identity in the background (errors leave it unloaded).
    func loadProfileInBackground(pubky: String, checkpoint: BitkitCheckpoint) throws {
        memory.isLoadingProfile = true
        try suspend(checkpoint)
        let profile = try? network("profile-read") { backend throws(ServiceFailure) in try backend.profile(of: pubky) }
        memory.isLoadingProfile = false
        guard memory.publicKey == "pubky" + pubky else { return }
        if let profile {
            memory.profile = profile
        }
    }
}
