import AppRuntime
import ContractNames
import Foundation
import PubkyCrypto

/// Bitkit's credentials as the private store and UserDefaults hold them, and its own shared records
/// (spec/02 §6, §15): no state of any feature, so Bitkit and every feature use them alike.
extension EffectContext where App == Bitkit {
    /// The secret for every signature and sign-in: the local key, else the referenced Ring key read
    /// just in time, else nil. Local read errors count as absent.
    mutating func activeSecretKeyHex() throws -> String? {
        if let local = try loadPrivateQuietly(Key.secretKey), !local.isEmpty { return local }
        if let reference = defaults.reference {
            return try readSecret(reference.identity).secret
        }
        return nil
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

    /// The local key when it belongs to `pubky` and no reference exists: what a session "carries".
    mutating func localSecret(for pubky: String) throws -> String? {
        guard defaults.reference == nil, let local = try loadPrivateQuietly(Key.secretKey), !local.isEmpty,
            Ed25519KeyPair(secretHex: local)?.pubky == pubky
        else { return nil }
        return local
    }

    /// A derivation of Bitkit's own key from a mnemonic (2,048 rounds of PBKDF2), done once per action.
    func keyPair(fromMnemonic mnemonic: String) throws -> Ed25519KeyPair {
        let derived: Result<Ed25519KeyPair, DerivationFailure> = remembered("mnemonic " + mnemonic) {
            do {
                return .success(try PubkySecret.fromMnemonic(mnemonic))
            } catch {
                return .failure(DerivationFailure(description: "\(error)"))
            }
        }
        return try derived.get()
    }
}

/// Why a recovery phrase gave no key, in the words of the error that said so.
struct DerivationFailure: Error, Sendable, CustomStringConvertible {
    var description: String
}

/// Publishing and removing Bitkit's own shared records (spec/02 §15): no identity state, so Bitkit
/// and every feature call them alike.
extension EffectContext where App == Bitkit {
    /// Publishes `<own prefix>:W` when a local key exists; errors are only logged. On a platform
    /// whose store is served live (Android) there is nothing to publish.
    mutating func publishOwnSharedRecord() throws {
        guard build.policy.publishesOwnIdentity else { return }
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
}
