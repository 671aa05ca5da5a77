import RingApp
import SimCLI

/// `authorize`, `open-url`, `select`, `confirm`, `cancel` (spec/03 §11–§13).
enum AuthorizeCommands {
    static let all = [authorize, openURL, select, confirm, cancel]

    private static func linkCommand(_ name: String, _ summary: String) -> Command {
        Command(
            name, summary: summary, usage: "LINK [--pubky PUBKY|NAME|#N] [--confirm]",
            details: """
                A sign-in link opens `Select Pubky` (several pubkys can authorize) or the confirm sheet (one, or --pubky);
                --confirm taps Authorize when the confirm sheet opens. Signup and direct-signup links run their flow at once:
                a new key is created, saved, published and signed up; a signup link then shows the confirm sheet.
                """,
            examples: [
                "ring-sim \(name) \"pubkyauth:///?caps=/pub/pubky.app/:rw&relay=https://httprelay.pubky.app/inbox&secret=kqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8\"",
                "ring-sim \(name) \"$LINK\" --pubky #2 --confirm",
            ]
        ) { args, invocation in
            let pubky = try args.option("--pubky")
            let confirm = args.flag("--confirm")
            let link = try args.positional("LINK")
            try args.finish()
            try RingRunner.run(invocation, [.openLink(link, pubky: pubky, confirm: confirm)])
        }
    }

    static let authorize = linkCommand("authorize", "Scan or paste a pubkyauth:// link and authorize it.")
    static let openURL = linkCommand("open-url", "The OS delivers a link to Ring (same flow as authorize).")

    static let select = Command(
        "select", summary: "Pick the pubky in `Select Pubky`: the confirm sheet opens.", usage: "PUBKY|NAME|#N",
        examples: ["ring-sim select #2"]
    ) { args, invocation in
        let ref = try args.positional("PUBKY|NAME|#N")
        try args.finish()
        try RingRunner.run(invocation, [.select(ref: ref)])
    }

    static let confirm = Command(
        "confirm",
        summary: "Tap the confirming button of the sheet shown (Authorize, OK, Use in Pubky Ring, Delete, Yes, Save).",
        examples: ["ring-sim confirm"]
    ) { args, invocation in
        try args.finish()
        try RingRunner.run(invocation, [.confirm])
    }

    static let cancel = Command(
        "cancel", summary: "Tap Cancel / No on the sheet shown (a denied authorization opens x-cancel).",
        examples: ["ring-sim cancel"]
    ) { args, invocation in
        try args.finish()
        try RingRunner.run(invocation, [.cancel])
    }
}
