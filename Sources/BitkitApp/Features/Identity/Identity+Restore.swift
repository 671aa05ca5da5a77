import AppRuntime
import AppSupport
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto

/// Profile initialisation, the session's restore, and the source check (spec/02 §8, §16; spec/07 §7–§8).
extension FeatureContext where F == Identity {
    /// How the saved session was resolved at launch (spec/02 §8.2.3).
    enum RestoreOutcome {
        case noSession
        case restored(PubkySession)
        case failed
    }

    /// Profile initialisation (spec/02 §8.2), also run after a wallet is created or restored.
    mutating func initializeProfile() throws {
        state.isInitialized = false
        state.initializationErrorMessage = nil
        state.sessionRestorationFailed = false
        let saved: String?
        do {
            saved = try loadPrivate(Key.session)
        } catch let error as PrivateStoreError {
            state.authState = .idle
            state.initializationErrorMessage = "\(error)"
            return
        }
        let secret = try activeSecretKeyHex()
        try suspend(.launchBeforeRestore)
        let outcome = try restoreSession(saved: saved, secret: secret)
        try publishOwnSharedRecord()
        guard isRunning else { throw AppTerminated() }
        switch outcome {
        case .noSession:
            state.authState = .idle
            state.publicKey = nil
            state.cachedName = nil
            state.cachedImageUri = nil
        case .restored(let session):
            state.publicKey = "pubky" + session.pubky
            state.authState = .authenticated
            state.cachedName = defaults.cachedName
            state.cachedImageUri = defaults.cachedImageURI
            state.isProfileSetupPending = defaults.profileSetupPending
            try loadProfileInBackground(pubky: session.pubky, checkpoint: .launchBeforeProfileLoad)
        case .failed:
            state.authState = .idle
            state.publicKey = nil
            state.cachedName = defaults.cachedName
            state.cachedImageUri = defaults.cachedImageURI
            state.sessionRestorationFailed = true
            toast(Toast(.error, BitkitTexts.sessionExpiredTitle, BitkitTexts.sessionExpiredDescription))
        }
        try checkAdoptedSource()
        state.isInitialized = true
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
        if !build.policy.keepsSessionOnFailedRestore { try deletePrivateQuietly(Key.session) }
        return .failed
    }

    /// Steps 1–3 of Android's restore again (spec/07 §7): success authenticates without a toast; a
    /// repeated failure changes nothing and adds no toast.
    mutating func retryRestore() throws {
        let saved = try loadPrivateQuietly(Key.session)
        let secret = try activeSecretKeyHex()
        guard case .restored(let session) = try restoreSession(saved: saved, secret: secret) else { return }
        guard isRunning else { throw AppTerminated() }
        state.sessionRestorationFailed = false
        state.publicKey = "pubky" + session.pubky
        state.authState = .authenticated
        state.cachedName = defaults.cachedName
        state.cachedImageUri = defaults.cachedImageURI
        try loadProfileInBackground(pubky: session.pubky, checkpoint: .launchBeforeProfileLoad)
    }

    /// Loads the profile of the restored identity in the background (errors leave it unloaded).
    mutating func loadProfileInBackground(pubky: String, checkpoint: BitkitCheckpoint) throws {
        state.isLoadingProfile = true
        try suspend(checkpoint)
        let profile = try attempt { try $0.profile(of: pubky) } ?? nil
        state.isLoadingProfile = false
        guard state.publicKey == "pubky" + pubky else { return }
        if let profile {
            state.profile = profile
        }
    }

    // MARK: Source check (spec/02 §16)

    /// When Ring's record of the reference is definitely missing: clear the identity, toast, and
    /// reset an identity path to Pubky Choice.
    mutating func checkAdoptedSource() throws {
        guard let reference = defaults.reference else { return }
        try suspend(.sourceCheckBeforeLookup)
        // Another action may have changed the identity while this one waited.
        guard defaults.reference == reference else { return }
        guard try sourceIsLost(reference) else { return }
        identityEvent(.sourceLost, account: reference.identity.record)
        clearAuthenticatedState()
        try clearLocalState(checkpoint: .sourceCheckBeforeRemoveOwn)
        guard isRunning else { throw AppTerminated() }
        state.adoptedSourceLost = true
        toast(Toast(.error, BitkitTexts.sourceLostTitle, BitkitTexts.sourceLostDescription))
        if path.contains(where: \.isIdentityRoute) {
            sheet = nil
            setPath([.pubkyChoice])
            try appearPubkyChoice()
        }
        // The app has turned the flag into the toast and the reset.
        state.adoptedSourceLost = false
    }

    /// The platform's source-loss rule: a definite absence of the exact record (iOS), or a listing
    /// that succeeds without it (Android). Anything unknown keeps the adoption.
    private mutating func sourceIsLost(_ reference: AdoptedReference) throws -> Bool {
        switch build.policy.sourceLoss {
        case .definiteAbsence:
            if build.has(.sourceCheckClearsOnLockedRead) {
                return try presence(of: reference.identity) != .present
            }
            return try presence(of: reference.identity) == .absent
        case .listedWithout:
            guard case .listed(let identities) = try listPeers() else { return false }
            if build.has(.androidSourceCheckIgnoresListing) { return false }
            return !identities.contains(reference.identity)
        }
    }
}
