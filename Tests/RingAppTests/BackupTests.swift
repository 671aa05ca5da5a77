import AppSupport
import Foundation
import PubkyCrypto
import RingApp
import Testing

@Suite struct BackupTests {
    @Test func theBackupSheetAndScreenShowTheExactTexts() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        let sheet = try #require(try sim.ring(.openBackup(ref: "#1")).sheet)
        #expect(sheet.id == "backup-pubky" && sheet.title == "Backup Pubky")
        #expect(sheet.texts == ["Safely backup\nyour pubky."])
        #expect(sheet.buttons.map(\.id) == ["BackupEncryptedFileButton", "BackupRecoveryPhraseButton"])
        let screen = try sim.ring(.chooseEncryptedFile)
        #expect(screen.route == "backup")
        #expect(
            screen.texts == [
                "Enter a password or passphrase to encrypt and secure your backup. Keep it safe, you'll need it to restore your pubky."
            ])
        #expect(screen.rows.map(\.id) == ["BackupFilePassphraseInput"])
        #expect(screen.buttons.map(\.id) == ["BackupFileSubmitButton", "AppHeaderBackButton"])
    }

    @Test func aShortPassphraseIsRefusedAndNothingIsWritten() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: "Alice"))
        let screen = try sim.ring(
            .openBackup(ref: "Alice"), .chooseEncryptedFile, .createBackup(passphrase: "12345", destination: nil))
        #expect(screen.route == "backup")
        #expect(screen.texts.last == "Password must be at least 6 characters long")
        #expect(screen.toasts.isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: sim.world.files.path))?.isEmpty ?? true)
        #expect(try sim.snapshot().pubkys.first?.isBackedUp == false)
    }

    @Test func theRecoveryFileIsTheSpecFormatAndRoundTripsThroughImport() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: "Alice"))
        let screen = try sim.ring(
            .openBackup(ref: "Alice"), .chooseEncryptedFile,
            .createBackup(passphrase: "correct horse", destination: nil))
        let files = try FileManager.default.contentsOfDirectory(atPath: sim.world.files.path)
        let name = try #require(files.first)
        #expect(files.count == 1)
        #expect(
            name.range(of: #"^alice-backup-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.pkarr$"#, options: .regularExpression)
                != nil)
        #expect(screen.toasts.map(\.text) == ["success · Backup Created · \(name)"])
        #expect(screen.route == "detail")
        let bytes = try [UInt8](Data(contentsOf: sim.world.files.appendingPathComponent(name)))
        #expect(bytes.count == 91)
        #expect(bytes.prefix(19) == ArraySlice(Array("pubky.org/recovery\n".utf8)))
        #expect(try RecoveryFile.decode(bytes, passphrase: "correct horse") == Hex.decode(Key.aSecret))
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.isBackedUp && entry.backupPreference == .encryptedFile)
        #expect(try sim.ring(.home).rows.first?.pills == [])

        try sim.ring(.delete(ref: "Alice"), .confirm)
        #expect(try sim.sharedAccounts().isEmpty)
        let url = sim.world.files.appendingPathComponent(name)
        let prompt = try sim.ring(.chooseRecoveryFile(url))
        #expect(prompt.sheet?.title == "Enter your password or passphrase to decrypt your pubky backup.")
        let imported = try sim.ring(.decryptRecoveryFile(url, passphrase: "correct horse"))
        #expect(imported.toasts.isEmpty)
        let back = try #require(try sim.snapshot().pubkys.first)
        #expect(
            back.pubky == Key.a && back.sourceApp == nil && back.isBackedUp && back.backupPreference == .encryptedFile)
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(Key.a)"])
    }

    @Test func aWrongPassphraseOrATruncatedFileChangesNothing() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        let url = sim.world.files.appendingPathComponent("w.pkarr")
        try FileManager.default.createDirectory(at: sim.world.files, withIntermediateDirectories: true)
        let file = try RecoveryFile.encode(
            secret: try #require(Hex.decode(Key.wSecret)), passphrase: "right one",
            nonce: Array(repeating: 7, count: 24))
        try Data(file).write(to: url)
        let wrong = try sim.ring(.decryptRecoveryFile(url, passphrase: "wrong one"))
        #expect(
            wrong.toasts.map(\.text) == [
                "error · Error · Failed to decrypt file: Wrong passphrase or corrupted file. Please check your passphrase and try again."
            ])
        try Data(file.prefix(60)).write(to: url)
        let truncated = try sim.ring(.decryptRecoveryFile(url, passphrase: "right one"))
        #expect(
            truncated.toasts.map(\.text) == [
                "error · Error · Failed to decrypt file: The recovery file is truncated (60 of 91 bytes). Please check your passphrase and try again."
            ])
        #expect(try sim.snapshot().pubkys.isEmpty)
        #expect(try sim.privateItems().isEmpty && sim.sharedAccounts().isEmpty)
    }

    @Test func theLegacyHeaderIsAccepted() throws {
        let sim = try RingTestWorld()
        try FileManager.default.createDirectory(at: sim.world.files, withIntermediateDirectories: true)
        var file = try RecoveryFile.encode(secret: try #require(Hex.decode(Key.cSecret)), passphrase: "abcdef")
        file.replaceSubrange(0..<18, with: Array("pkarr.org/recovery".utf8))
        let url = sim.world.files.appendingPathComponent("legacy.pkarr")
        try Data(file).write(to: url)
        try sim.ring(.decryptRecoveryFile(url, passphrase: "abcdef"))
        #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.c])
    }

    @Test func fileNamesFollowTheSpecInUTC() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RingBackupFileName.make(name: "My Key", date: date) == "my-key-backup-2023-11-14_22-13-20.pkarr")
        #expect(RingBackupFileName.make(name: "", date: date) == "pubky-backup-2023-11-14_22-13-20.pkarr")
    }

    @Test func aPubkyRenamedLikeAPathExportsIntoTheFilesFolderUnderASafeName() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.ring(.edit(ref: "#1"), .saveEdit(name: "../../evil/x"))
        let rootBefore = try FileManager.default.contentsOfDirectory(atPath: sim.world.root.path).sorted()
        let screen = try sim.ring(
            .openBackup(ref: "#1"), .chooseEncryptedFile, .createBackup(passphrase: "secret1", destination: nil))
        let files = try FileManager.default.contentsOfDirectory(atPath: sim.world.files.path)
        let name = try #require(files.first)
        #expect(files.count == 1)
        #expect(
            name.range(
                of: #"^____evil_x-backup-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.pkarr$"#, options: .regularExpression)
                != nil, "\(name)")
        #expect(screen.toasts.map(\.text) == ["success · Backup Created · \(name)"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: sim.world.root.path).sorted() == rootBefore)
        let parent = sim.world.root.deletingLastPathComponent().appendingPathComponent("evil")
        #expect(!FileManager.default.fileExists(atPath: parent.path))
    }

    @Test func exportNamesLoseSeparatorsParentStepsAndControlCharactersAndAreCapped() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let stamp = "-backup-2023-11-14_22-13-20.pkarr"
        #expect(RingBackupFileName.make(name: "a/b\\c", date: date) == "a_b_c" + stamp)
        #expect(RingBackupFileName.make(name: "..", date: date) == "_" + stamp)
        #expect(RingBackupFileName.make(name: ".hidden", date: date) == "_hidden" + stamp)
        #expect(RingBackupFileName.make(name: "v1.2 key", date: date) == "v1.2-key" + stamp)
        #expect(RingBackupFileName.make(name: "tab\there\u{0}nul\nline", date: date) == "tab_here_nul_line" + stamp)
        let long = RingBackupFileName.make(name: String(repeating: "é", count: 200), date: date)
        #expect(long.utf8.count <= RingBackupFileName.maximumNameBytes + stamp.utf8.count)
        #expect(long.hasSuffix(stamp) && long.hasPrefix("éé"))
    }

    @Test func theRecoveryPhraseScreenNeedsAStoredMnemonic() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importMnemonic(phrase: Key.wMnemonic, name: nil), .importSecret(hex: Key.aSecret, name: nil))
        let phrase = try sim.ring(.showRecoveryPhrase(ref: Key.w))
        #expect(phrase.route == "backup" && phrase.title == "Recovery phrase")
        #expect(phrase.texts.first?.hasPrefix("1. abandon\n2. abandon") == true)
        #expect(phrase.texts.first?.hasSuffix("12. about") == true)
        let none = try sim.ring(.showRecoveryPhrase(ref: Key.a))
        #expect(none.toasts.map(\.text) == ["error · Error · Could not retrieve secret key for backup"])
        #expect(none.route == "detail")
        let memory = try String(
            contentsOf: sim.world.sandbox(.ring).appendingPathComponent("memory.json"), encoding: .utf8)
        #expect(!memory.contains("abandon"), "the phrase is never persisted")
    }
}
