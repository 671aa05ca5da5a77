import Foundation
import RingApp
import SimCLI

/// Creating, importing, signing up and managing pubkys; Bitkit offers.
enum PubkyCommands {
    static let all = [create, importKey, signup, open, rename, edit, delete, share, copy, use]

    static let create = Command(
        "create", summary: "Create a pubky from a fresh 12-word mnemonic; --signup also signs it up.",
        usage: "[--name N] [--signup [--homeserver staging|production|Z32] [--invite CODE]]",
        details: "Without --invite the world issues a fresh signup token for the homeserver first (printed as a note).",
        examples: [
            "ring-sim create", "ring-sim create --name Alice --signup",
            "ring-sim create --signup --homeserver production --invite \"$(simctl backend issue-token --homeserver production)\"",
        ]
    ) { args, invocation in
        let name = try args.option("--name")
        let signup = args.flag("--signup")
        let homeserverText = try args.option("--homeserver")
        let invite = try args.option("--invite")
        try args.finish()
        if !signup && (invite != nil || homeserverText != nil) {
            throw CLIError.usage("--homeserver and --invite need --signup.")
        }
        let homeserver = try RingRunner.homeserver(homeserverText)
        try RingRunner.run(
            invocation, [.create(name: name, signUp: signup ? RingSignUp(homeserver: homeserver, invite: invite) : nil)]
        )
    }

    static let importKey = Command(
        "import", summary: "Import a pubky: a raw secret, a recovery phrase, or an encrypted recovery file.",
        usage: "--secret HEX [--name N] | --mnemonic \"WORDS\" [--name N] | --file F [--passphrase P]",
        details: """
            F is a path, or a file name in the device's Files folder (the world's `.sim/files/`, where exports
            land). --file without --passphrase shows the decrypt prompt; with it the file is decrypted and imported (encrypted
            file, backed up). A wrong passphrase or a damaged file gives the error toast and changes nothing.
            """,
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim import --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "ring-sim import --secret 0202020202020202020202020202020202020202020202020202020202020202 --name Alice",
            "ring-sim backup export Alice --passphrase \"correct horse\" --out alice.pkarr",
            "ring-sim delete Alice --confirm",
            "ring-sim import --file alice.pkarr --passphrase \"correct horse\"",
        ]
    ) { args, invocation in
        let secret = try args.option("--secret")
        let mnemonic = try args.option("--mnemonic")
        let file = try args.option("--file")
        let passphrase = try args.option("--passphrase")
        let name = try args.option("--name")
        try args.finish()
        switch (secret, mnemonic, file) {
        case (let secret?, nil, nil):
            try RingRunner.run(invocation, [.importSecret(hex: secret, name: name)])
        case (nil, let mnemonic?, nil):
            try RingRunner.run(invocation, [.importMnemonic(phrase: mnemonic, name: name)])
        case (nil, nil, let file?):
            if name != nil { throw CLIError.usage("--name does not apply to --file.") }
            let url = recoveryFile(file, world: invocation.world.files)
            if let passphrase {
                try RingRunner.run(
                    invocation, [.chooseRecoveryFile(url), .decryptRecoveryFile(url, passphrase: passphrase)]
                ) { _ in
                    [RingTexts.decryptPrompt]
                }
            } else {
                try RingRunner.run(invocation, [.chooseRecoveryFile(url)])
            }
        default:
            throw CLIError.usage("Give exactly one of --secret, --mnemonic or --file.")
        }
    }

    /// The file the user picks: a path, or a bare file name in the device's Files folder (where
    /// exports land). Only a plain name is looked up there, so the lookup never leaves that folder.
    static func recoveryFile(_ path: String, world files: URL) -> URL {
        let direct = URL(fileURLWithPath: path)
        if FileManager.default.fileExists(atPath: direct.path) || path.contains("/") || path == "." || path == ".." {
            return direct
        }
        return files.appendingPathComponent(path, isDirectory: false)
    }

    static let signup = Command(
        "signup", summary: "Sign a pubky up at a homeserver with a token (Bitkit pubkys are refused).",
        usage: "PUBKY|NAME|'#N' [--homeserver staging|production|Z32] [--invite CODE]",
        details:
            "Without --invite the world issues a fresh signup token for the homeserver first (printed as a note), like QA pasting an invite.",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 --name Alice",
            "ring-sim import --secret 0202020202020202020202020202020202020202020202020202020202020202",
            "ring-sim signup Alice",
            "CODE=$(simctl backend issue-token --homeserver production)",
            "ring-sim signup '#2' --homeserver production --invite \"$CODE\"",
        ]
    ) { args, invocation in
        let homeserver = try RingRunner.homeserver(try args.option("--homeserver"))
        let invite = try args.option("--invite")
        let ref = try args.positional("PUBKY|NAME|'#N'")
        try args.finish()
        try RingRunner.run(invocation, [.signUp(ref: ref, RingSignUp(homeserver: homeserver, invite: invite))])
    }

    private static func onPubky(
        _ name: String, _ summary: String, _ action: @escaping @Sendable (String) -> RingAction
    ) -> Command {
        Command(
            name, summary: summary, usage: "PUBKY|NAME|'#N'",
            examples: [
                "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
                "ring-sim \(name) '#1'",
            ]
        ) { args, invocation in
            let ref = try args.positional("PUBKY|NAME|'#N'")
            try args.finish()
            try RingRunner.run(invocation, [action(ref)])
        }
    }

    static let open = onPubky("open", "Open a pubky's detail screen (Share, Backup for owned pubkys, Delete).") {
        .open(ref: $0)
    }
    static let edit = onPubky("edit", "Show a pubky's edit sheet (`Setup …` / `Edit …`).") { .edit(ref: $0) }
    static let share = onPubky("share", "Share a pubky's text from its detail screen.") { .share(ref: $0) }
    static let copy = onPubky("copy", "Tap the full pubky on the detail screen: copies it.") { .copy(ref: $0) }

    static let rename = Command(
        "rename", summary: "Open the edit sheet, type a new name (at most 50 characters) and Save.",
        usage: "PUBKY|NAME|'#N' NEWNAME",
        details:
            "Prints the title the edit sheet had (e.g. `Edit aihfh...na3iy`). A Bitkit pubky's name lives in Ring's store only.",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 --name Alice",
            "ring-sim import --secret 0202020202020202020202020202020202020202020202020202020202020202",
            "ring-sim rename '#2' \"Wallet key\"",
        ]
    ) { args, invocation in
        let ref = try args.positional("PUBKY|NAME|'#N'")
        let name = try args.positional("NEWNAME")
        try args.finish()
        // The sheet's title depends on the entry, which the rename does not change.
        let before = try RingRunner.app(invocation).loadState().store.entry(reference: ref)
        try RingRunner.run(invocation, [.edit(ref: ref), .saveEdit(name: name)]) { _ in
            before.map { ["Edit sheet: \(RingScreens.editTitle($0))"] } ?? []
        }
    }

    static let delete = Command(
        "delete", summary: "Delete a pubky: shows the confirmation sheet; --confirm taps Delete.",
        usage: "PUBKY|NAME|'#N' [--confirm]",
        details: """
            Owned: `app.pubkyring:<pubky>` is removed first and nothing else happens if that fails; then the entry, the
            private key and its sessions. Bitkit pubky: only the entry and Ring's sessions; Bitkit's record stays and is
            offered again.
            """,
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim delete '#1'", "ring-sim delete '#1' --confirm",
        ]
    ) { args, invocation in
        let confirm = args.flag("--confirm")
        let ref = try args.positional("PUBKY|NAME|'#N'")
        try args.finish()
        try RingRunner.run(invocation, confirm ? [.delete(ref: ref), .confirm] : [.delete(ref: ref)])
    }

    static let use = Command(
        "use",
        summary: "Tap a Bitkit offer card: shows the `Use Bitkit pubky` sheet; --confirm taps Use in Pubky Ring.",
        usage: "OFFER [--confirm]",
        details:
            "OFFER is '#N' (1-based among the offer cards), a pubky, or PUBKY@SOURCEAPP. From another screen Home opens first and loads its offers.",
        examples: [
            "bitkit-sim keychain publish-own 5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1",
            "ring-sim onboarding finish", "ring-sim use '#1'", "ring-sim back",
            "ring-sim use aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy@to.bitkit.dev --confirm",
        ]
    ) { args, invocation in
        let confirm = args.flag("--confirm")
        let ref = try args.positional("OFFER")
        try args.finish()
        try RingRunner.run(invocation, confirm ? [.showOffer(ref: ref), .confirm] : [.showOffer(ref: ref)])
    }
}
