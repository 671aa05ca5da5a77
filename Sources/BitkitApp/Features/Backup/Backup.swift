import AppRuntime
import AppSupport
import PubkyCrypto

/// The Pubky part of a backup restore (spec/02 §20, spec/07 §6.5). It keeps no state of its own.
public enum Backup: Feature {
    public typealias App = Bitkit

    public struct State: Sendable, Equatable {
        public init() {}
    }

    public enum Action: Sendable, Equatable {
        /// Restores the Pubky part of a backup document (JSON text).
        case restore(String)
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<Backup>) throws {
        switch action {
        case .restore(let text): try context.restoreBackup(text)
        }
    }
}

extension FeatureContext where F == Backup {
    /// Restores the Pubky part of a backup (spec/02 §20). A document that is not a JSON object is
    /// refused; an undecodable `pubkySession` leaves every credential, record and the reference as
    /// they are; the reference is never changed.
    mutating func restoreBackup(_ text: String) throws {
        let restore: BackupDocument.Restore
        do {
            restore = try BackupDocument.restore(from: text)
        } catch {
            toast(Toast(.error, BitkitTexts.restoreFailedTitle, error.description))
            return
        }
        switch restore {
        case .undecodable where build.has(.invalidBackupErasesCredentials):
            _ = try attempt { try $0.forgetSessionAccess() }
            try deletePrivateQuietly(Key.session)
            try deletePrivateQuietly(Key.secretKey)
            clearAuthenticatedState()
        case .undecodable(let reason):
            notice(
                "The backup's Pubky session could not be decoded (\(reason)); Pubky credentials were left unchanged.")
        case .session(.localSeed):
            _ = try attempt { try $0.forgetSessionAccess() }
            clearReferenceOnRestore()
            try restoreLocalSeed()
        case .none, .session(.externalSession):
            // A legacy relay session only ever held a homeserver session; its key is still in Ring.
            _ = try attempt { try $0.forgetSessionAccess() }
            try deletePrivateQuietly(Key.session)
            try deletePrivateQuietly(Key.secretKey)
            clearReferenceOnRestore()
            try removeAllOwn(checkpoint: .restoreBeforeRemoveOwn)
            guard isRunning else { throw AppTerminated() }
            clearAuthenticatedState()
        }
    }

    /// `localSeed`: derive W, store it, drop the saved session, sign in. A failed sign-in is
    /// reported but the key stays; the own record is published at the next initialisation.
    private mutating func restoreLocalSeed() throws {
        let pair: Ed25519KeyPair
        do {
            pair = try ownKeyPair()
        } catch let error as BitkitFailure {
            toast(Toast(.error, BitkitTexts.restoreFailedTitle, error.description))
            return
        }
        try upsertPrivate(Key.secretKey, pair.secretHex)
        try deletePrivate(Key.session)
        try suspend(.restoreBeforeSignIn)
        do {
            let session = try signIn(pair)
            try activate(session, localSecret: pair.secretHex)
            authenticate(as: pair.pubky)
        } catch let failure as ServiceFailure {
            toast(Toast(.error, BitkitTexts.restoreFailedTitle, BitkitTexts.authenticationFailed(failure.reason)))
        } catch let failure as PrivateStoreError {
            toast(Toast(.error, BitkitTexts.restoreFailedTitle, failure.description))
        }
    }

    /// Android's restore deletes `SHARED_PUBKY_SOURCE` with the credentials (spec/07 §6.5); iOS
    /// leaves the reference (spec/02 §20).
    private mutating func clearReferenceOnRestore() {
        guard build.policy.backupRestoreClearsReference, defaults.reference != nil else { return }
        updateDefaults { $0.reference = nil }
    }
}
