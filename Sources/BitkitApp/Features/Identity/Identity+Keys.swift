import AppRuntime
import ContractNames
import Device
import Foundation
import PubkyCrypto
import PubkyProtocol

/// The identity's keys and the predicates of spec/02 §6.
extension FeatureContext where F == Identity {
    /// A reference, or a non-empty session or local key; a private-store read error propagates.
    mutating func hasStoredIdentity() throws -> Bool {
        if defaults.reference != nil, !build.has(.signupWhileAdopted) { return true }
        if try hasPrivateValue(Key.session) { return true }
        return try hasPrivateValue(Key.secretKey)
    }

    /// The signup guards' predicate: iOS's stored identity (a reference counts); Android's
    /// `hasIdentity()` — a public key, a session or a local key, never the reference (spec/07 §6.6).
    mutating func hasSignupBlockingIdentity() throws -> Bool {
        guard !build.policy.referenceBlocksSignup else { return try hasStoredIdentity() }
        if state.publicKey != nil { return true }
        if try hasPrivateValue(Key.session) { return true }
        return try hasPrivateValue(Key.secretKey)
    }

    /// Navigation's view (spec/02 §10): authenticated, a cached name, or stored (or unreadable)
    /// credentials.
    mutating func hasExistingIdentity() throws -> Bool {
        if state.authState == .authenticated { return true }
        if let name = state.cachedName, !name.isEmpty { return true }
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

    /// Whether `publicKey` is set and the active secret derives exactly `key` (`pubky<z32>`).
    mutating func hasLocalSecretKey(for key: String) throws -> Bool {
        guard state.publicKey != nil, let secret = try activeSecretKeyHex(),
            let pair = Ed25519KeyPair(secretHex: secret)
        else { return false }
        return "pubky" + pair.pubky == key
    }

    /// Android's link handlers (spec/07 §6.7), decided from the identity as it is now:
    /// `MainActivityPubkyAuth` while the Paykit UI is on and the local key derives the current
    /// identity (never an adopted one); `MainActivityPubkySignup` while the Paykit UI is on and
    /// `hasIdentity()` is false. The keys are read as the running app holds them (no keychain call).
    mutating func linkAliases() throws -> [String] {
        let secret = try peekPrivate(Key.secretKey) ?? ""
        let session = try peekPrivate(Key.session) ?? ""
        let hasIdentity = state.publicKey != nil || !session.isEmpty || !secret.isEmpty
        let ownKeyIsCurrent =
            state.publicKey != nil && Ed25519KeyPair(secretHex: secret).map { "pubky" + $0.pubky } == state.publicKey
        var aliases: [String] = []
        if defaults.paykitUIEnabled, hasIdentity, ownKeyIsCurrent { aliases.append(URLRouter.Alias.pubkyAuth) }
        if defaults.paykitUIEnabled, !hasIdentity { aliases.append(URLRouter.Alias.pubkySignup) }
        return aliases
    }
}
