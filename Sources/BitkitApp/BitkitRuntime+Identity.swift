import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing
import PubkyCrypto
import PubkyProtocol

extension BitkitRuntime {
    typealias Key = BitkitPrivateKeychain.Key

    // MARK: Predicates (spec/02 §6)

    /// The secret for every signature and sign-in: the local key, else the referenced Ring key read
    /// just in time, else nil. Local read errors count as absent.
    func activeSecretKeyHex() -> String? {
        if let local = try? store.load(Key.secretKey), !local.isEmpty { return local }
        if let reference = defaults.reference {
            return sharing.readSecret(reference.identity).secret
        }
        return nil
    }

    /// A reference, or a non-empty session or local key; a private-keychain read error propagates.
    func hasStoredIdentity() throws(PrivateKeychainError) -> Bool {
        if defaults.reference != nil { return true }
        if try store.hasValue(Key.session) { return true }
        return try store.hasValue(Key.secretKey)
    }

    /// Navigation's view (spec/02 §10): authenticated, a cached name, or stored (or unreadable)
    /// credentials.
    func hasExistingIdentity() -> Bool {
        if memory.authState == .authenticated { return true }
        if let name = memory.cachedName, !name.isEmpty { return true }
        return (try? hasStoredIdentity()) ?? true
    }

    /// `pubky<z32>` of the reference, else of the wallet's own key.
    func activePublicKey() throws(BitkitFailure) -> String {
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
    func ownKeyPair() throws(BitkitFailure) -> Ed25519KeyPair {
        guard let mnemonic = try? store.load(Key.mnemonic), !mnemonic.isEmpty else {
            throw BitkitFailure(BitkitTexts.authenticationFailed(BitkitTexts.mnemonicNotFound))
        }
        do {
            return try PubkySecret.fromMnemonic(mnemonic)
        } catch {
            throw BitkitFailure("\(error)")
        }
    }

    /// Whether `publicKey` is set and the active secret derives exactly `key` (`pubky<z32>`).
    func hasLocalSecretKey(for key: String) -> Bool {
        guard memory.publicKey != nil, let secret = activeSecretKeyHex(),
            let pair = Ed25519KeyPair(secretHex: secret)
        else { return false }
        return "pubky" + pair.pubky == key
    }

    /// The local key when it belongs to `pubky` and no reference exists: what a session "carries".
    func localSecret(for pubky: String) -> String? {
        guard defaults.reference == nil, let local = try? store.load(Key.secretKey), !local.isEmpty,
            Ed25519KeyPair(secretHex: local)?.pubky == pubky
        else { return nil }
        return local
    }

    // MARK: Activation (spec/02 §7)

    /// Persists a new session: `paykit_session`, then the local key (own identity) or its removal
    /// together with every own record (reference, or a session without a local key). On failure
    /// both keys get their previous values back and the live session is dropped.
    func activate(_ session: PubkySession, localSecret: String?) throws(PrivateKeychainError) {
        let previousSession = Result { () throws(PrivateKeychainError) in try store.load(Key.session) }
        let previousSecret = Result { () throws(PrivateKeychainError) in try store.load(Key.secretKey) }
        do {
            try store.upsert(Key.session, session.exported)
            if defaults.reference == nil, let localSecret {
                try store.upsert(Key.secretKey, localSecret)
            } else {
                try store.delete(Key.secretKey)
                removeAllOwn(checkpoint: .activateBeforeRemoveOwn)
            }
            current?.sessionHomeserver = session.homeserver
        } catch {
            restore(Key.session, previousSession)
            restore(Key.secretKey, previousSecret)
            current?.sessionHomeserver = nil
            throw error
        }
    }

    private func restore(_ key: String, _ previous: Result<String?, PrivateKeychainError>) {
        guard case .success(let value) = previous else { return }
        if let value { try? store.upsert(key, value) } else { try? store.delete(key) }
    }

    // MARK: Own shared record (spec/02 §15)

    /// Publishes `<own prefix>:W` when a local key exists; errors are only logged.
    func publishOwnSharedRecord() {
        pause(.publishOwnBeforeWrite)
        guard let secret = try? store.load(Key.secretKey), !secret.isEmpty,
            let pair = Ed25519KeyPair(secretHex: secret)
        else { return }
        _ = sharing.offer(pubky: pair.pubky, secret: secret, between: {})
    }

    /// `removeAllOwn()` with a checkpoint before each delete.
    func removeAllOwn(checkpoint: BitkitCheckpoint) {
        _ = sharing.withdrawAll { [self] _ in pause(checkpoint) }
    }

    // MARK: Source check (spec/02 §16)

    /// When Ring's record of the reference is definitely missing: clear the identity, toast, and
    /// reset an identity path to Pubky Choice.
    func checkAdoptedSource() throws {
        guard let reference = defaults.reference else { return }
        try suspend(.sourceCheckBeforeLookup)
        // Another action may have changed the identity while this one waited.
        guard defaults.reference == reference else { return }
        guard sharing.presence(of: reference.identity) == .absent else { return }
        identityEvent(
            .sourceLost, account: SharedContract.account(sourceApp: reference.sourceApp, pubky: reference.pubky))
        clearAuthenticatedState()
        try clearLocalState(checkpoint: .sourceCheckBeforeRemoveOwn)
        guard current != nil else { throw Terminated() }
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

    /// `publicKey` nil, profile nil, idle, cached name and avatar cleared.
    func clearAuthenticatedState() {
        memory.publicKey = nil
        memory.profile = nil
        memory.authState = .idle
        memory.cachedName = nil
        memory.cachedImageUri = nil
    }

    // MARK: clearLocalState (spec/02 §18)

    /// Forgets session access — deleting `paykit_session` then `pubky_secret_key` directly when
    /// that throws — then clears the app state (own records, reference, caches, flags).
    func clearLocalState(checkpoint: BitkitCheckpoint) throws {
        current?.sessionGeneration += 1
        do {
            try forgetSessionAccess()
        } catch {
            // Without this the next launch would import the saved session and resurrect the identity.
            try? store.delete(Key.session)
            try? store.delete(Key.secretKey)
        }
        try clearLocalAppState(checkpoint: checkpoint)
    }

    /// Tears down the SDK session and deletes `paykit_session` and `pubky_secret_key`. The SDK
    /// fault `forget-session` makes it throw before deleting anything (spec/06 R3).
    func forgetSessionAccess() throws {
        if environment.consumeSDKFault("forget-session") { throw ServiceFailure.sdkFault("forget-session") }
        current?.sessionHomeserver = nil
        try store.delete(Key.session)
        try store.delete(Key.secretKey)
    }

    /// Own records removed, reference cleared, caches, setup flag and Paykit sharing flags cleared.
    func clearLocalAppState(checkpoint: BitkitCheckpoint) throws {
        removeAllOwn(checkpoint: checkpoint)
        try updateDefaults { defaults in
            defaults.reference = nil
            defaults.cachedName = nil
            defaults.cachedImageURI = nil
            defaults.profileSetupPending = false
            defaults.clearPaykitSharing()
            defaults.set(BitkitDefaults.Key.backupChanged, true)
        }
        current?.cachedName = nil
        current?.cachedImageUri = nil
        current?.isProfileSetupPending = false
        current?.sessionHomeserver = nil
    }

    // MARK: Session

    /// The live session: `paykit_session` with the homeserver it lives on (imported once when this
    /// process does not know it yet).
    func liveSession() throws -> PubkySession {
        guard let saved = try store.load(Key.session), !saved.isEmpty, let pubky = PubkySession.pubky(ofExported: saved)
        else { throw BitkitFailure(BitkitTexts.noActiveSession) }
        if let homeserver = current?.sessionHomeserver {
            return PubkySession(pubky: pubky, homeserver: homeserver, secret: String(saved.dropFirst(pubky.count + 1)))
        }
        let session = try network("import-session") { backend throws(ServiceFailure) in try backend.importSession(saved)
        }
        current?.sessionHomeserver = session.homeserver
        return session
    }

    /// Runs a homeserver call with the session, signing in again once when the error asks for a
    /// refresh (spec/02 §21). No secret → no refresh.
    func withSession<T>(_ body: (PubkySession) throws -> T) throws -> T {
        let session = try liveSession()
        do {
            return try body(session)
        } catch let failure as ServiceFailure where failure.needsSessionRefresh {
            guard let secret = activeSecretKeyHex(), let pair = Ed25519KeyPair(secretHex: secret) else { throw failure }
            let fresh = try network("sign-in") { backend throws(ServiceFailure) in try backend.signIn(keyPair: pair) }
            try activate(fresh, localSecret: localSecret(for: fresh.pubky))
            return try body(fresh)
        }
    }
}
