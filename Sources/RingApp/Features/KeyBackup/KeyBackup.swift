import AppRuntime
import Foundation
import PubkyCrypto

/// Backing a pubky up (spec/03 §14): the encrypted recovery file and the recovery phrase, for owned
/// pubkys only.
public enum KeyBackup: Feature {
    public typealias App = Ring

    public struct State: Sendable, Equatable {
        /// The backup screen's inline error (`Password must be at least 6 characters long`).
        public var error: String?

        public init(error: String? = nil) { self.error = error }
    }

    public enum Action: Sendable, Equatable {
        /// The `Backup` button or `Backup!` pill: the `Backup Pubky` sheet.
        case open(ref: String)
        /// `Encrypted file` on the backup sheet.
        case chooseEncryptedFile
        /// `Create backup` on the encrypted-file screen; nil destination = the device's Files folder.
        case create(passphrase: String, destination: URL?)
        /// `Recovery phrase`: the stored mnemonic.
        case showRecoveryPhrase(ref: String)
    }

    /// The shortest passphrase the backup screen accepts.
    static let minimumPassphraseLength = 6

    public static func reduce(_ action: Action, _ context: inout FeatureContext<KeyBackup>) throws {
        switch action {
        case .open(let ref): try context.openBackup(ref)
        case .chooseEncryptedFile: try context.chooseEncryptedFile()
        case .create(let passphrase, let destination):
            try context.createBackup(passphrase: passphrase, destination: destination)
        case .showRecoveryPhrase(let ref): try context.showRecoveryPhrase(ref)
        }
    }
}

extension FeatureContext where F == KeyBackup {
    /// The `Backup` button or `Backup!` pill: the `Backup Pubky` sheet, owned pubkys only.
    mutating func openBackup(_ ref: String) throws {
        let pubky = try resolve(ref)
        try requireOwned(pubky)
        openDetail(pubky)
        sheet = .backupPubky(pubky: pubky)
    }

    /// `Encrypted file` on the backup sheet.
    mutating func chooseEncryptedFile() throws {
        guard case .backupPubky(let pubky) = sheet else {
            throw RingAppError.noSheet(expected: "backup-pubky", shown: sheet?.id)
        }
        sheet = nil
        state.error = nil
        navigate(stack + [.backupFile(pubky: pubky)])
    }

    /// `Create backup` (spec/03 §14): at least 6 characters, then the 91-byte recovery file in the
    /// device's Files folder (or `destination`), the toast, and the entry marked backed up.
    mutating func createBackup(passphrase: String, destination: URL?) throws {
        guard case .backupFile(let pubky) = top else { throw RingAppError.notOnBackupScreen }
        guard passphrase.count >= KeyBackup.minimumPassphraseLength else {
            state.error = RingTexts.passphraseTooShort
            return
        }
        state.error = nil
        let entry = store.entry(pubky)
        let secret = entry == nil ? nil : try loadSecretQuietly(pubky)
        guard let entry, let secret, let pair = try? secret.keyPair(for: pubky) else {
            raise(RingTexts.error(RingTexts.backupSecretUnavailable))
            return
        }
        var random = SeededRandom(seed: try draw())
        let nonce = random.bytes(SecretBox.nonceLength)
        let bytes = try remembered("backup \(pair.secretHex) \(passphrase) \(Hex.encode(nonce))") {
            try RecoveryFile.encode(secret: pair.seed, passphrase: passphrase, nonce: nonce)
        }
        let name = RingBackupFileName.make(name: entry.name, date: try now())
        let url = try backupURL(name: name, destination: destination)
        if case .failed(let reason) = try request(.writeFile(url, bytes)) {
            raise(RingTexts.error("Failed to create backup: \(reason)"))
            return
        }
        if let index = store.index(of: pubky) {
            store.entries[index].isBackedUp = true
            store.entries[index].backupPreference = .encryptedFile
        }
        raise(RingTexts.backupCreated(url.lastPathComponent))
        navigate(Array(stack.dropLast()))
    }

    /// `Recovery phrase`: shows the stored mnemonic, if there is one.
    mutating func showRecoveryPhrase(_ ref: String) throws {
        let pubky = try resolve(ref)
        try requireOwned(pubky)
        guard let secret = try loadSecretQuietly(pubky), !secret.mnemonic.isEmpty,
            (try? secret.keyPair(for: pubky)) != nil
        else {
            openDetail(pubky)
            raise(RingTexts.error(RingTexts.backupSecretUnavailable))
            return
        }
        openDetail(pubky)
        navigate(stack + [.recoveryPhrase(pubky: pubky)])
    }

    func requireOwned(_ pubky: String) throws {
        if store.entry(pubky)?.isAdopted == true {
            throw RingAppError.unavailable(
                "Backup is not available for a Bitkit pubky: its detail screen has no Backup button.")
        }
    }

    /// The file to write: `destination` itself, or the name inside `destination` when it is a
    /// folder; without one, the name in the device's Files folder.
    mutating func backupURL(name: String, destination: URL?) throws -> URL {
        guard let destination else {
            guard case .folder(let files) = try request(.filesFolder) else { throw Self.unexpected(nil, for: "files") }
            return files.appendingPathComponent(name, isDirectory: false)
        }
        if try request(.isFolder(destination)) == .flag(true) {
            return destination.appendingPathComponent(name, isDirectory: false)
        }
        return destination
    }
}
