import Foundation
import RingApp
import SimCLI

/// `backup export` and `backup phrase` (spec/03 §14): owned pubkys only.
enum BackupCommands {
    static let group = Command(
        "backup", summary: "Back an owned pubky up: encrypted recovery file or recovery phrase.",
        subcommands: [export, phrase])

    static let export = Command(
        "export",
        summary: "Detail → Backup → Encrypted file → passphrase → Create backup: writes the 91-byte recovery file.",
        usage: "PUBKY|NAME|'#N' --passphrase P [--out FILE|DIR]",
        details: """
            The file lands in the world's `.sim/files/` (the device's Files folder) unless --out names a file or a
            folder; its name is `<name>-backup-YYYY-MM-DD_HH-MM-SS.pkarr` from the device clock in UTC. Passphrases
            shorter than 6 characters are refused on the screen and nothing is written.
            """,
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 --name Alice",
            "ring-sim backup export Alice --passphrase \"correct horse\"",
            "mkdir -p backups && ring-sim backup export '#1' --passphrase secret1 --out backups",
        ]
    ) { args, invocation in
        let passphrase = try args.option("--passphrase")
        let out = try args.option("--out")
        let ref = try args.positional("PUBKY|NAME|'#N'")
        try args.finish()
        guard let passphrase else { throw CLIError.usage("Missing --passphrase P.") }
        try RingRunner.run(
            invocation,
            [
                .openBackup(ref: ref), .chooseEncryptedFile,
                .createBackup(passphrase: passphrase, destination: out.map { URL(fileURLWithPath: $0) }),
            ])
    }

    static let phrase = Command(
        "phrase",
        summary: "Detail → Backup → Recovery phrase: shows the stored mnemonic (keys created or imported from words).",
        usage: "PUBKY|NAME|'#N'",
        examples: [
            "ring-sim import --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "ring-sim backup phrase '#1'",
        ]
    ) { args, invocation in
        let ref = try args.positional("PUBKY|NAME|'#N'")
        try args.finish()
        try RingRunner.run(invocation, [.showRecoveryPhrase(ref: ref)])
    }
}
