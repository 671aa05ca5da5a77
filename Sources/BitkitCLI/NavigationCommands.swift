import AppCommands
import BitkitApp
import SimCLI

/// `home`, `back`, `open ROUTE`, `continue`, `settings …`, `screen`, `tap`: moving around the app.
enum NavigationCommands {
    static let all = [home, back, open, continueCommand, settings, screen, tap, type]

    static let screen = Command(
        "screen", summary: "Print the screen Bitkit shows now, doing nothing (no toast: none was raised).",
        examples: ["bitkit-sim screen", "bitkit-sim screen --json"]
    ) { args, invocation in
        try args.finish()
        try AppRunner.print(try BitkitRunner.app(invocation).screen(), appName: Bitkit.displayName, invocation)
    }

    static let type = Command(
        "type", summary: "Type TEXT into a field of the current screen by its id, replacing what it held.",
        usage: "ID TEXT",
        details: """
            Fields: CreateProfileUsername and SimCreateProfileBio (Create Profile's name and bio). A field that is \
            not on the screen, or is not simulated, is refused: a `notice:` on stderr, the screen unchanged, exit 0.
            """,
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on", "bitkit-sim create-profile",
            "bitkit-sim type CreateProfileUsername Satoshi",
        ]
    ) { args, invocation in
        let id = try args.positional("ID")
        let text = try args.positional("TEXT")
        try args.finish()
        try AppRunner.print(
            try BitkitRunner.app(invocation).type(text, into: id), appName: Bitkit.displayName, invocation)
    }

    static let tap = Command(
        "tap", summary: "Tap an element of the current screen by its id (spec/08 §3), or by its exact label.",
        usage: "ID | --label TEXT",
        details: """
            The element acts as it does in the app: `tap ProfileButton` opens Profile, `tap PubkyChoiceRing_<z32>` \
            picks that pubky, `tap SimDisconnectConfirm` confirms the dialog. An element that is not on the screen, is \
            disabled, or is shown without simulated behaviour (Send, Receive) is refused: a `notice:` on stderr, the \
            screen unchanged, exit 0 — as every refused tap. `--label TEXT` taps the first row or button (the \
            sheet's first) whose label or title is exactly TEXT.
            """,
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on", "bitkit-sim tap ProfileButton", "bitkit-sim tap --label Continue",
        ]
    ) { args, invocation in
        let target = try TapCommand.target(&args)
        try args.finish()
        try AppRunner.print(try BitkitRunner.app(invocation).tap(target), appName: Bitkit.displayName, invocation)
    }

    static let home = BitkitRunner.command(
        "home", summary: "Return to Home (the navigation path is emptied).", examples: ["bitkit-sim home"]
    ) { _ in .home }

    static let back = BitkitRunner.command(
        "back", summary: "Close the sheet, else go back one screen.", examples: ["bitkit-sim back"]
    ) { _ in .back }

    static let open = BitkitRunner.command(
        "open", summary: "Open a screen as the app's buttons do (`open profile` follows spec/02 §10).",
        usage: "ROUTE",
        details: "ROUTE: " + BitkitRoute.allCases.filter { !$0.isRoot }.map(\.argument).joined(separator: ", ")
            + ". Screens hidden by the Paykit UI toggle are refused while it is off (notice on stderr, screen unchanged).",
        examples: ["bitkit-sim open profile --json", "bitkit-sim open settings", "bitkit-sim open pay-contacts"]
    ) { args in
        let name = try args.positional("ROUTE")
        guard let route = BitkitRoute(argument: name) else {
            throw CLIError.usage(
                "Unknown route '\(name)'. Routes: " + BitkitRoute.allCases.map(\.argument).joined(separator: ", ") + "."
            )
        }
        return .open(route)
    }

    static let continueCommand = BitkitRunner.command(
        "continue", summary: "The screen's continue action: Profile intro → Pubky Choice, Pay Contacts → Profile.",
        examples: ["bitkit-sim continue"]
    ) { _ in .continueFlow }

    static let settings = BitkitRunner.command(
        "settings", summary: "Open Settings, flip a Dev Settings switch, or reset the wallet.",
        usage: "[dev paykit-ui on|off | dev profile-intro seen|unseen | reset [--confirm]]",
        details: """
            `settings` opens Settings. `settings dev paykit-ui on|off` flips the Paykit UI toggle (off by default; the
            screen stays as it is, screens it hides close when it goes off). `settings dev profile-intro seen|unseen`
            sets the profile-intro flag. `settings reset` shows the confirmation; `settings reset --confirm` wipes:
            only this build's own shared records go, Ring's and other networks' records stay.
            """,
        examples: [
            "bitkit-sim settings", "bitkit-sim settings dev paykit-ui on", "bitkit-sim settings dev profile-intro seen",
            "bitkit-sim settings reset --confirm",
        ]
    ) { args in
        let confirm = args.flag("--confirm")
        guard let first = args.optionalPositional() else { return .openSettings }
        switch first {
        case "dev":
            let name = try args.positional("paykit-ui|profile-intro")
            let value = try args.positional("VALUE")
            switch (name, value) {
            case ("paykit-ui", "on"): return .setPaykitUI(true)
            case ("paykit-ui", "off"): return .setPaykitUI(false)
            case ("profile-intro", "seen"): return .setProfileIntroSeen(true)
            case ("profile-intro", "unseen"): return .setProfileIntroSeen(false)
            default:
                throw CLIError.usage(
                    "Expected `settings dev paykit-ui on|off` or `settings dev profile-intro seen|unseen`.")
            }
        case "reset":
            return .reset(confirm: confirm)
        default:
            throw CLIError.usage("Unknown settings action '\(first)': expected dev or reset.")
        }
    }
}
