import AppRuntime
import AppSupport
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto

/// Activation, the own shared record, clearing, and the live session (spec/02 §7, §15, §17–§18, §21).
extension FeatureContext where F == Identity {
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
            state.sessionHomeserver = session.homeserver
        } catch let error as PrivateStoreError {
            try restore(Key.session, previousSession)
            try restore(Key.secretKey, previousSecret)
            state.sessionHomeserver = nil
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

    // MARK: clearLocalState (spec/02 §18)

    /// Forgets session access — deleting `paykit_session` then `pubky_secret_key` directly when
    /// that throws — then clears the app state (own records, reference, caches, flags).
    mutating func clearLocalState(checkpoint: BitkitCheckpoint) throws {
        state.sessionGeneration += 1
        do {
            try forgetSessionAccess()
        } catch is ForgetFailure {
            // Without this the next launch would import the saved session and resurrect the identity.
            if build.has(.failedForgetKeepsCredentials) { return try clearLocalAppState(checkpoint: checkpoint) }
            try deletePrivateQuietly(Key.session)
            try deletePrivateQuietly(Key.secretKey)
        }
        try clearLocalAppState(checkpoint: checkpoint)
    }

    /// Tears down the SDK session and deletes `paykit_session` and `pubky_secret_key`. The SDK
    /// fault `forget-session` makes it throw before deleting anything (spec/06 R3).
    mutating func forgetSessionAccess() throws {
        if try faultArmed(.forgetSession) {
            throw ForgetFailure(ServiceFailure.sdkFault(BitkitSDKFault.forgetSession.rawValue))
        }
        state.sessionHomeserver = nil
        // Android's clearSessionAccess() deletes SHARED_PUBKY_SOURCE first (spec/07 §8 step 4): it
        // is written before the next store call, so the session and key go after it.
        if build.policy.referenceInPrivateStore { updateDefaults { $0.reference = nil } }
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
        let clearsReference = !build.policy.referenceInPrivateStore
        updateDefaults { defaults in
            if clearsReference { defaults.reference = nil }
            defaults.cachedName = nil
            defaults.cachedImageURI = nil
            defaults.profileSetupPending = false
            defaults.clearPaykitSharing()
            defaults.set(BitkitDefaults.Key.backupChanged, true)
        }
        state.cachedName = nil
        state.cachedImageUri = nil
        // Sign-out drops every remembered row profile and lookup (§11.1).
        forgetRowProfiles()
        state.isProfileSetupPending = false
        state.sessionHomeserver = nil
    }

    // MARK: Session (spec/02 §21)

    /// The live session: `paykit_session` with the homeserver it lives on (imported once when this
    /// process does not know it yet).
    mutating func liveSession() throws -> PubkySession {
        guard let saved = try loadPrivate(Key.session), !saved.isEmpty,
            let pubky = PubkySession.pubky(ofExported: saved)
        else { throw BitkitFailure(BitkitTexts.noActiveSession) }
        if let homeserver = state.sessionHomeserver {
            return PubkySession(pubky: pubky, homeserver: homeserver, secret: String(saved.dropFirst(pubky.count + 1)))
        }
        let session = try self.session(.importSession, .importSession(saved))
        state.sessionHomeserver = session.homeserver
        return session
    }
}

/// `forgetSessionAccess` failed (an SDK fault, or the store): the caller deletes the keys itself.
struct ForgetFailure: Error {
    var underlying: any Error & Sendable

    init(_ underlying: any Error & Sendable) { self.underlying = underlying }
}
