import AppRuntime
import AppSupport
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import PubkyProtocol

extension Context where App == Bitkit {
    // MARK: Predicates (spec/02 §6)

    /// The secret for every signature and sign-in: the local key, else the referenced Ring key read
    /// just in time, else nil. Local read errors count as absent.
    mutating func activeSecretKeyHex() throws -> String? {
        if let local = try loadPrivateQuietly(Key.secretKey), !local.isEmpty { return local }
        if let reference = defaults.reference {
            return try readSecret(reference.identity).secret
        }
        return nil
    }

    /// `try? loadPrivate(key)` that still stops a replay: a store failure is nil, a suspension is not.
    mutating func loadPrivateQuietly(_ key: String) throws -> String? {
        do {
            return try loadPrivate(key)
        } catch is PrivateStoreError {
            return nil
        }
    }

    /// A reference, or a non-empty session or local key; a private-store read error propagates.
    mutating func hasStoredIdentity() throws -> Bool {
        if defaults.reference != nil, !state.build.has(.signupWhileAdopted) { return true }
        if try hasPrivateValue(Key.session) { return true }
        return try hasPrivateValue(Key.secretKey)
    }

    /// The signup guards' predicate: iOS's stored identity (a reference counts); Android's
    /// `hasIdentity()` — a public key, a session or a local key, never the reference (spec/07 §6.6).
    mutating func hasSignupBlockingIdentity() throws -> Bool {
        guard !state.build.policy.referenceBlocksSignup else { return try hasStoredIdentity() }
        if memory.publicKey != nil { return true }
        if try hasPrivateValue(Key.session) { return true }
        return try hasPrivateValue(Key.secretKey)
    }

    /// Navigation's view (spec/02 §10): authenticated, a cached name, or stored (or unreadable)
    /// credentials.
    mutating func hasExistingIdentity() throws -> Bool {
        if memory.authState == .authenticated { return true }
        if let name = memory.cachedName, !name.isEmpty { return true }
        do {
            return try hasStoredIdentity()
        } catch is PrivateStoreError {
            return true
        }
    }

    /// `pubky<z32>` of the reference, else of the wallet's own key.
    mutating func activePublicKey() throws -> String {
        if let reference = defaults.reference {
            do {
                return try PubkyKey.bitkitRendered(reference.pubky)
            } catch {
                throw BitkitFailure(BitkitTexts.invalidPublicKey)
            }
        }
        return "pubky" + (try ownKeyPair()).pubky
    }

    /// Bitkit's own key W, from `bip39_mnemonic_0` with the empty passphrase (spec/04 §4).
    mutating func ownKeyPair() throws -> Ed25519KeyPair {
        guard let mnemonic = try loadPrivateQuietly(Key.mnemonic), !mnemonic.isEmpty else {
            throw BitkitFailure(BitkitTexts.authenticationFailed(BitkitTexts.mnemonicNotFound))
        }
        do {
            return try keyPair(fromMnemonic: mnemonic)
        } catch {
            throw BitkitFailure("\(error)")
        }
    }

    /// Whether `publicKey` is set and the active secret derives exactly `key` (`pubky<z32>`).
    mutating func hasLocalSecretKey(for key: String) throws -> Bool {
        guard memory.publicKey != nil, let secret = try activeSecretKeyHex(),
            let pair = Ed25519KeyPair(secretHex: secret)
        else { return false }
        return "pubky" + pair.pubky == key
    }

    /// The local key when it belongs to `pubky` and no reference exists: what a session "carries".
    mutating func localSecret(for pubky: String) throws -> String? {
        guard defaults.reference == nil, let local = try loadPrivateQuietly(Key.secretKey), !local.isEmpty,
            Ed25519KeyPair(secretHex: local)?.pubky == pubky
        else { return nil }
        return local
    }

    // MARK: Activation (spec/02 §7)

    /// Persists a new session: `paykit_session`, then the local key (own identity) or its removal
    /// together with every own record (reference, or a session without a local key). On failure
    /// both keys get their previous values back and the live session is dropped.
    mutating func activate(_ session: PubkySession, localSecret: String?) throws {
        let previousSession = try previousValue(Key.session)
        let previousSecret = try previousValue(Key.secretKey)
        do {
            try upsertPrivate(Key.session, session.exported)
            if defaults.reference == nil, let localSecret {
                try upsertPrivate(Key.secretKey, localSecret)
            } else {
                try deletePrivate(Key.secretKey)
                try removeAllOwn(checkpoint: .activateBeforeRemoveOwn)
            }
            current?.sessionHomeserver = session.homeserver
        } catch let error as PrivateStoreError {
            try restore(Key.session, previousSession)
            try restore(Key.secretKey, previousSecret)
            current?.sessionHomeserver = nil
            throw error
        }
    }

    private mutating func previousValue(_ key: String) throws -> Result<String?, PrivateStoreError> {
        do {
            return .success(try loadPrivate(key))
        } catch let error as PrivateStoreError {
            return .failure(error)
        }
    }

    private mutating func restore(_ key: String, _ previous: Result<String?, PrivateStoreError>) throws {
        guard case .success(let value) = previous else { return }
        do {
            if let value { try upsertPrivate(key, value) } else { try deletePrivate(key) }
        } catch is PrivateStoreError {}
    }

    // MARK: Own shared record (spec/02 §15)

    /// Publishes `<own prefix>:W` when a local key exists; errors are only logged. On a platform
    /// whose store is served live (Android) there is nothing to publish.
    mutating func publishOwnSharedRecord() throws {
        guard state.build.policy.publishesOwnIdentity else { return }
        try pause(.publishOwnBeforeWrite)
        guard let secret = try loadPrivateQuietly(Key.secretKey), !secret.isEmpty,
            let pair = Ed25519KeyPair(secretHex: secret)
        else { return }
        _ = try offer(pubky: pair.pubky, secret: secret)
    }

    /// `removeAllOwn()` with a checkpoint before each delete.
    mutating func removeAllOwn(checkpoint: BitkitCheckpoint) throws {
        _ = try withdrawAll(before: checkpoint)
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
        guard current != nil else { throw AppTerminated() }
        memory.adoptedSourceLost = true
        toast(Toast(.error, BitkitTexts.sourceLostTitle, BitkitTexts.sourceLostDescription))
        if memory.path.contains(where: \.isIdentityRoute) {
            memory.sheet = nil
            setPath([.pubkyChoice])
            try appearPubkyChoice()
        }
        // The app has turned the flag into the toast and the reset.
        current?.adoptedSourceLost = false
    }

    /// The platform's source-loss rule: a definite absence of the exact record (iOS), or a listing
    /// that succeeds without it (Android). Anything unknown keeps the adoption.
    private mutating func sourceIsLost(_ reference: AdoptedReference) throws -> Bool {
        switch state.build.policy.sourceLoss {
        case .definiteAbsence:
            if state.build.has(.sourceCheckClearsOnLockedRead) {
                return try presence(of: reference.identity) != .present
            }
            return try presence(of: reference.identity) == .absent
        case .listedWithout:
            guard case .listed(let identities) = try listPeers() else { return false }
            if state.build.has(.androidSourceCheckIgnoresListing) { return false }
            return !identities.contains(reference.identity)
        }
    }

    /// `publicKey` nil, profile nil, idle, cached name and avatar cleared.
    mutating func clearAuthenticatedState() {
        memory.publicKey = nil
        memory.profile = nil
        memory.authState = .idle
        memory.cachedName = nil
        memory.cachedImageUri = nil
    }

    // MARK: clearLocalState (spec/02 §18)

    /// Forgets session access — deleting `paykit_session` then `pubky_secret_key` directly when
    /// that throws — then clears the app state (own records, reference, caches, flags).
    mutating func clearLocalState(checkpoint: BitkitCheckpoint) throws {
        current?.sessionGeneration += 1
        do {
            try forgetSessionAccess()
        } catch is ForgetFailure {
            // Without this the next launch would import the saved session and resurrect the identity.
            if state.build.has(.failedForgetKeepsCredentials) { return try clearLocalAppState(checkpoint: checkpoint) }
            try deletePrivateQuietly(Key.session)
            try deletePrivateQuietly(Key.secretKey)
        }
        try clearLocalAppState(checkpoint: checkpoint)
    }

    /// `try? deletePrivate(key)` that still stops a replay.
    mutating func deletePrivateQuietly(_ key: String) throws {
        do { try deletePrivate(key) } catch is PrivateStoreError {}
    }

    /// Tears down the SDK session and deletes `paykit_session` and `pubky_secret_key`. The SDK
    /// fault `forget-session` makes it throw before deleting anything (spec/06 R3).
    mutating func forgetSessionAccess() throws {
        if try faultArmed(.forgetSession) {
            throw ForgetFailure(ServiceFailure.sdkFault(BitkitSDKFault.forgetSession.rawValue))
        }
        current?.sessionHomeserver = nil
        // Android's clearSessionAccess() deletes SHARED_PUBKY_SOURCE first (spec/07 §8 step 4): it
        // is written before the next store call, so the session and key go after it.
        if state.build.policy.referenceInPrivateStore { updateDefaults { $0.reference = nil } }
        do {
            try deletePrivate(Key.session)
            try deletePrivate(Key.secretKey)
        } catch let error as PrivateStoreError {
            throw ForgetFailure(error)
        }
    }

    /// Own records removed, reference cleared, caches, setup flag and Paykit sharing flags cleared.
    mutating func clearLocalAppState(checkpoint: BitkitCheckpoint) throws {
        try removeAllOwn(checkpoint: checkpoint)
        // Android's clearLocalState() leaves SHARED_PUBKY_SOURCE to clearSessionAccess() (spec/07 §8).
        let clearsReference = !state.build.policy.referenceInPrivateStore
        updateDefaults { defaults in
            if clearsReference { defaults.reference = nil }
            defaults.cachedName = nil
            defaults.cachedImageURI = nil
            defaults.profileSetupPending = false
            defaults.clearPaykitSharing()
            defaults.set(BitkitDefaults.Key.backupChanged, true)
        }
        current?.cachedName = nil
        current?.cachedImageUri = nil
        // Sign-out drops every remembered row profile and lookup (§11.1).
        current?.rowProfiles = nil
        current?.choice?.lookingUp = []
        current?.isProfileSetupPending = false
        current?.sessionHomeserver = nil
    }

    // MARK: Session

    /// The live session: `paykit_session` with the homeserver it lives on (imported once when this
    /// process does not know it yet).
    mutating func liveSession() throws -> PubkySession {
        guard let saved = try loadPrivate(Key.session), !saved.isEmpty,
            let pubky = PubkySession.pubky(ofExported: saved)
        else { throw BitkitFailure(BitkitTexts.noActiveSession) }
        if let homeserver = current?.sessionHomeserver {
            return PubkySession(pubky: pubky, homeserver: homeserver, secret: String(saved.dropFirst(pubky.count + 1)))
        }
        let session = try self.session(.importSession, .importSession(saved))
        current?.sessionHomeserver = session.homeserver
        return session
    }

    /// Runs a homeserver call with the session, signing in again once when the error asks for a
    /// refresh (spec/02 §21). No secret → no refresh.
    mutating func withSession<T>(_ body: (inout Self, PubkySession) throws -> T) throws -> T {
        let session = try liveSession()
        do {
            return try body(&self, session)
        } catch let failure as ServiceFailure where failure.needsSessionRefresh {
            guard let secret = try activeSecretKeyHex(), let pair = Ed25519KeyPair(secretHex: secret) else {
                throw failure
            }
            let fresh = try signIn(pair)
            try activate(fresh, localSecret: try localSecret(for: fresh.pubky))
            return try body(&self, fresh)
        }
    }
}

/// `forgetSessionAccess` failed (an SDK fault, or the store): the caller deletes the keys itself.
struct ForgetFailure: Error {
    var underlying: any Error & Sendable

    init(_ underlying: any Error & Sendable) { self.underlying = underlying }
}
