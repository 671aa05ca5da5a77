import BitkitApp
import SimCLI

/// Pubky Choice, Create Profile and Profile actions.
enum ProfileCommands {
    static let all = [pick, createProfile, save, profile]

    static let pick = BitkitRunner.command(
        "pick", summary: "Tap a Pubky Choice row: adopt that Pubky Ring pubky (spec/02 §12).",
        usage: "PUBKY|#N",
        details: "From any other screen Profile opens first (which shows Pubky Choice). #N is the N-th row, 1-based.",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim import --secret 0202020202020202020202020202020202020202020202020202020202020202",
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim pick nosuchpubky --json   # exit 2: Pubky Choice has no such row",
            "bitkit-sim pick '#2'",
        ]
    ) { args in
        let text = try args.positional("PUBKY|#N")
        if text.hasPrefix("#") {
            guard let index = Int(text.dropFirst()), index >= 1 else {
                throw CLIError.usage("Row numbers start at #1 (got \(text)).")
            }
            return .pick(.index(index))
        }
        return .pick(.pubky(text))
    }

    static let createProfile = BitkitRunner.command(
        "create-profile",
        summary: "Open Create Profile (the create card, or Profile's \"finish profile\") and fill its fields.",
        usage: "[--name N] [--bio B]",
        details:
            "On Pubky Choice it taps the create card; on Profile with setup pending it taps \"finish profile\"; on Create Profile it only sets the fields. From elsewhere Profile opens first.",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim create-profile --name Satoshi",
            "bitkit-sim create-profile --name Alice --bio Hi",
        ]
    ) { args in
        .createProfile(name: try args.option("--name"), bio: try args.option("--bio"))
    }

    static let save = BitkitRunner.command(
        "save", summary: "Tap CreateProfileSave (after a failed lookup it only runs the lookup again).",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim create-profile --name Satoshi",
            "bitkit-sim save --json",
        ]
    ) { _ in .save }

    static let profile = BitkitRunner.command(
        "profile", summary: "Profile actions: edit, delete (Edit → Delete Profile), disconnect.",
        usage: "[edit | delete [--confirm] | disconnect [--confirm]]",
        details:
            "`profile` opens Profile. `profile delete` shows `Delete Profile?` / `Yes, Delete`; `--confirm` deletes. `profile disconnect` shows the `Disconnect Profile` dialog; `--confirm` disconnects.",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim create-profile --name Satoshi", "bitkit-sim save",
            "bitkit-sim profile edit", "bitkit-sim profile delete --confirm", "bitkit-sim profile disconnect",
        ]
    ) { args in
        let confirm = args.flag("--confirm")
        guard let verb = args.optionalPositional() else { return .open(.profile) }
        switch verb {
        case "edit": return .editProfile
        case "delete": return .deleteProfile(confirm: confirm)
        case "disconnect": return .disconnect(confirm: confirm)
        default: throw CLIError.usage("Unknown profile action '\(verb)': expected edit, delete or disconnect.")
        }
    }
}
