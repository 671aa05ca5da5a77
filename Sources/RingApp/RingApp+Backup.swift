import Device
import Foundation
import PubkyCrypto

extension RingApp {
    /// The shortest passphrase the backup screen accepts.
    static let minimumPassphraseLength = 6

    /// The `Backup` button or `Backup!` pill: the `Backup Pubky` sheet, owned pubkys only.
    func openBackup(_ ref: String) throws {
        let pubky = try resolve(ref)
        try requireOwned(pubky)
        openDetail(pubky)
        memory.sheet = .backupPubky(pubky: pubky)
    }

    /// `Encrypted file` on the backup sheet.
    func chooseEncryptedFile() throws {
        guard case .backupPubky(let pubky) = memory.sheet else {
            throw RingAppError.noSheet(expected: "backup-pubky", shown: memory.sheet?.id)
        }
        memory.sheet = nil
        memory.backupError = nil
        navigate(memory.stack + [.backupFile(pubky: pubky)])
    }

    /// `Create backup` (spec/03 §14): at least 6 characters, then the 91-byte recovery file in the
    /// device's Files folder (or `destination`), the toast, and the entry marked backed up.
    func createBackup(passphrase: String, destination: URL?) throws {
        guard case .backupFile(let pubky) = memory.top else { throw RingAppError.notOnBackupScreen }
        guard passphrase.count >= Self.minimumPassphraseLength else {
            memory.backupError = RingTexts.passphraseTooShort
            return
        }
        memory.backupError = nil
        guard let entry = state.store.entry(pubky),
            let secret = try? privateKeychain.loadSecret(pubky: pubky), let pair = try? secret.keyPair(for: pubky)
        else {
            raise(RingTexts.error(RingTexts.backupSecretUnavailable))
            return
        }
        var random = SeededRandom(seed: try environment.nextRandomSeed())
        let bytes = try RecoveryFile.encode(
            secret: pair.seed, passphrase: passphrase, nonce: random.bytes(SecretBox.nonceLength))
        let name = RingBackupFileName.make(name: entry.name, date: try environment.now())
        let url = Self.backupURL(name: name, destination: destination, files: environment.world.files)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            raise(RingTexts.error("Failed to create backup: \(error.localizedDescription)"))
            return
        }
        if let index = state.store.index(of: pubky) {
            state.store.entries[index].isBackedUp = true
            state.store.entries[index].backupPreference = .encryptedFile
        }
        raise(RingTexts.backupCreated(url.lastPathComponent))
        navigate(Array(memory.stack.dropLast()))
    }

    /// `Recovery phrase`: shows the stored mnemonic, if there is one.
    func showRecoveryPhrase(_ ref: String) throws {
        let pubky = try resolve(ref)
        try requireOwned(pubky)
        guard let secret = try? privateKeychain.loadSecret(pubky: pubky), !secret.mnemonic.isEmpty,
            (try? secret.keyPair(for: pubky)) != nil
        else {
            openDetail(pubky)
            raise(RingTexts.error(RingTexts.backupSecretUnavailable))
            return
        }
        openDetail(pubky)
        navigate(memory.stack + [.recoveryPhrase(pubky: pubky)])
    }

    /// The words to show on the recovery-phrase screen.
    func recoveryPhrase(_ pubky: String) -> String? {
        (try? privateKeychain.loadSecret(pubky: pubky))?.mnemonic
    }

    func requireOwned(_ pubky: String) throws {
        if state.store.entry(pubky)?.isAdopted == true {
            throw RingAppError.unavailable(
                "Backup is not available for a Bitkit pubky: its detail screen has no Backup button.")
        }
    }

    /// The file to write: `destination` itself, or the name inside `destination` when it is a folder.
    static func backupURL(name: String, destination: URL?, files: URL) -> URL {
        guard let destination else { return files.appendingPathComponent(name) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return destination.appendingPathComponent(name)
        }
        return destination
    }
}
