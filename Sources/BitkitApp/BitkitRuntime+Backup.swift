import AppSupport
import Device
import PubkyCrypto

extension BitkitRuntime {
    /// Restores the Pubky part of a backup (spec/02 §20). A document that is not a JSON object is
    /// refused; an undecodable `pubkySession` leaves every credential, record and the reference as
    /// they are; the reference is never changed.
    func restoreBackup(_ text: String) throws {
        let restore: BackupDocument.Restore
        do {
            restore = try BackupDocument.restore(from: text)
        } catch {
            toast(Toast(.error, BitkitTexts.restoreFailedTitle, error.description))
            return
        }
        switch restore {
        case .undecodable(let reason):
            notice(
                "The backup's Pubky session could not be decoded (\(reason)); Pubky credentials were left unchanged.")
        case .session(.localSeed):
            try? forgetSessionAccess()
            try restoreLocalSeed()
        case .none, .session(.externalSession):
            // A legacy relay session only ever held a homeserver session; its key is still in Ring.
            try? forgetSessionAccess()
            try? store.delete(Key.session)
            try? store.delete(Key.secretKey)
            removeAllOwn(checkpoint: .restoreBeforeRemoveOwn)
            guard current != nil else { throw Terminated() }
            clearAuthenticatedState()
        }
    }

    /// `localSeed`: derive W, store it, drop the saved session, sign in. A failed sign-in is
    /// reported but the key stays; the own record is published at the next initialisation.
    private func restoreLocalSeed() throws {
        let pair: Ed25519KeyPair
        do {
            pair = try ownKeyPair()
        } catch {
            toast(Toast(.error, BitkitTexts.restoreFailedTitle, error.description))
            return
        }
        try store.upsert(Key.secretKey, pair.secretHex)
        try store.delete(Key.session)
        try suspend(.restoreBeforeSignIn)
        do {
            let session = try network("sign-in") { backend throws(ServiceFailure) in try backend.signIn(keyPair: pair) }
            try activate(session, localSecret: pair.secretHex)
            memory.publicKey = "pubky" + pair.pubky
            memory.authState = .authenticated
        } catch let failure as ServiceFailure {
            toast(Toast(.error, BitkitTexts.restoreFailedTitle, BitkitTexts.authenticationFailed(failure.reason)))
        } catch let failure as PrivateKeychainError {
            toast(Toast(.error, BitkitTexts.restoreFailedTitle, failure.description))
        }
    }
}
