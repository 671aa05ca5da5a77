import BitkitApp
import Foundation
import SimCLI
import WorldFiles

/// `backup snapshot` / `backup restore`: the Pubky part of the metadata backup (spec/02 §20).
enum BackupCommands {
    static let group = Command(
        "backup", summary: "Take or restore the Pubky part of Bitkit's backup.", subcommands: [snapshot, restore])

    static let snapshot = Command(
        "snapshot",
        summary:
            "Print the backup's Pubky part: {\"pubkySession\":{\"kind\":\"localSeed\"}} or {\"pubkySession\":null}.",
        usage: "[--out FILE]",
        details:
            "A picked Ring pubky is never backed up (it stays with its owner); a session alone is not backed up; the secret itself never is.",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim backup snapshot", "bitkit-sim backup snapshot --out bitkit-backup.json",
        ]
    ) { args, invocation in
        let out = try args.option("--out")
        try args.finish()
        let document = try BitkitRunner.app(invocation).backupSnapshot()
        if let out {
            try UserFile.write(Data((document.jsonText + "\n").utf8), to: out, what: "--out")
        }
        try invocation.emit(document, text: document.jsonText)
    }

    static let restore = Command(
        "restore", summary: "Restore the backup in FILE (`-` = stdin, or --document JSON).",
        usage: "FILE|- | --document JSON",
        details: """
            {"kind":"localSeed"} re-derives the wallet's own key and signs in; null/absent and a legacy externalSession restore
            without a Pubky identity; an undecodable pubkySession leaves every credential as it was (notice on stderr); a
            document that is not a JSON object is refused with an error toast. The reference is never changed.
            """,
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim backup snapshot --out bitkit-backup.json",
            "bitkit-sim backup restore bitkit-backup.json",
            "echo '{\"pubkySession\":null}' | bitkit-sim backup restore -",
            "bitkit-sim backup restore --document '{\"pubkySession\":{\"kind\":\"localSeed\"}}'",
        ]
    ) { args, invocation in
        let document = try args.option("--document")
        let path = document == nil ? try args.positional("FILE|-") : nil
        try args.finish()
        // Bounded before reading (Docs/cli.md, "Input limits"): a huge file never reaches memory.
        let text: String
        if let document {
            guard document.utf8.count <= InputLimit.backup.bytes else {
                throw InputError.tooLarge(
                    source: "--document", limit: .backup, size: Int64(document.utf8.count))
            }
            text = document
        } else if let path {
            text = String(decoding: try UserFile.read(path, what: "the backup file", limit: .backup), as: UTF8.self)
        } else {
            throw CLIError.usage("Give a backup FILE, - for stdin, or --document JSON.")
        }
        try BitkitRunner.run(.restoreBackup(text), invocation)
    }
}
