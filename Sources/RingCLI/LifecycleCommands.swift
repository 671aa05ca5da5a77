import AppCommands
import RingApp
import SimCLI

/// `launch`, `relaunch`, `kill`, `foreground`, `background` (DESIGN §4), and navigation.
enum LifecycleCommands {
    static let all = [launch, relaunch, kill, foreground, background, home, onboarding, settings, back, screen, tap]

    static let screen = Command(
        "screen", summary: "Print the screen Ring shows now, doing nothing (no toast: none was raised).",
        examples: ["ring-sim onboarding finish", "ring-sim screen", "ring-sim screen --json"]
    ) { args, invocation in
        try args.finish()
        let app = try RingRunner.app(invocation)
        try app.screen()
        try AppRunner.print(app.outcome, appName: Ring.displayName, invocation)
    }

    static let tap = Command(
        "tap", summary: "Tap an element of the current screen by its testID (spec/08 §3.3), or by its exact label.",
        usage: "ID | --label TEXT",
        details: """
            The element acts as it does in the app: `tap PubkyBox-Alice-0-Content` opens that card, \
            `tap ExternalPubkyBox-0-UseButton` shows the offer, `tap DeletePubkyConfirmButton` confirms. A card's body \
            and button are `<card id>-Content` and `-ActionButton` / `-UseButton`. An element that is not on the \
            screen, is disabled, or is shown without simulated behaviour is refused: a `notice:` on stderr, the \
            screen unchanged, exit 0. `--label TEXT` taps the first row or button (the sheet's first) whose label \
            or title is exactly TEXT.
            """,
        examples: [
            "ring-sim onboarding finish", "ring-sim settings", "ring-sim tap SimWipePubkyRingButton",
            "ring-sim tap --label No",
        ]
    ) { args, invocation in
        let target = try TapCommand.target(&args)
        try args.finish()
        let app = try RingRunner.app(invocation)
        do {
            try app.tap(target)
        } catch let error as RingAppError {
            throw CLIError.usage(error.description)
        }
        try AppRunner.print(app.outcome, appName: Ring.displayName, invocation)
    }

    /// `setup`: the example lines a fresh world needs first (Home exists only after onboarding).
    private static func simple(
        _ name: String, _ summary: String, _ action: RingAction, details: String? = nil, setup: [String] = []
    ) -> Command {
        Command(name, summary: summary, details: details, examples: setup + ["ring-sim \(name)"]) {
            args, invocation in
            try args.finish()
            try RingRunner.run(invocation, [action])
        }
    }

    static let launch = simple(
        "launch", "Start Ring (cold start: publish every owned pubky, then Home loads its offers).", .launch,
        details: "On a running Ring this is the same as `foreground`.")
    static let relaunch = simple("relaunch", "Kill, then launch.", .relaunch)
    static let kill = Command(
        "kill", summary: "Terminate Ring: its memory (navigation, sheet, offers) goes; stored data stays.",
        details:
            "As a person's kill ends the app's running process, a Ring process stopped at a breakpoint is killed too (SIGKILL): it runs no further, its pause record goes, the journal says `breakpoint killed` with the checkpoint, and a notice names it. `relaunch` kills the same way.",
        examples: [
            "simctl break ring ring.setOwned.between-delete-and-add",
            "ring-sim import --secret 0202020202020202020202020202020202020202020202020202020202020202 &",
            "simctl wait-paused ring",
            "ring-sim kill      # the stopped import is killed too",
            "wait",
        ]
    ) { args, invocation in
        try args.finish()
        try RingRunner.run(invocation, [.kill])
    }
    static let foreground = simple(
        "foreground", "Bring Ring to the foreground: with Home in the stack it re-reads Bitkit's records and prunes.",
        .foreground, details: "A Ring that is not running is launched (iOS cold start on tap).")
    static let background = simple("background", "Send Ring to the background.", .background)
    static let home = simple(
        "home", "Open Home: Ring's pubkys, then the Bitkit offer cards (loads offers and prunes).", .home,
        setup: ["ring-sim onboarding finish", "ring-sim settings"])
    static let back = simple(
        "back", "Close the sheet, or go back one screen.", .back,
        setup: ["ring-sim onboarding finish", "ring-sim settings"])

    static let onboarding = Command(
        "onboarding", summary: "`onboarding finish`: leave Onboarding for Home (also done by the first create/import).",
        usage: "finish", examples: ["ring-sim onboarding finish"]
    ) { args, invocation in
        let step = try args.positional("finish")
        try args.finish()
        guard step == "finish" else { throw CLIError.usage("Expected `onboarding finish`.") }
        try RingRunner.run(invocation, [.finishOnboarding])
    }

    static let settings = Command(
        "settings", summary: "Open Settings; `settings wipe` shows the wipe alert, `--confirm` answers Yes.",
        usage: "[wipe [--confirm]]",
        details: """
            Wipe removes Ring's own shared records first and aborts entirely if any cannot be removed; then every
            private item (never the shared service) and the store; Ring returns to Onboarding. Bitkit's records are
            never touched.
            """,
        examples: ["ring-sim settings", "ring-sim settings wipe", "ring-sim settings wipe --confirm"]
    ) { args, invocation in
        let confirm = args.flag("--confirm")
        let step = args.optionalPositional()
        try args.finish()
        switch step {
        case nil:
            if confirm { throw CLIError.usage("--confirm belongs to `settings wipe`.") }
            try RingRunner.run(invocation, [.openSettings])
        case "wipe":
            try RingRunner.run(invocation, confirm ? [.openWipe, .confirm] : [.openWipe])
        case let other?:
            throw CLIError.usage("Unknown settings step '\(other)': expected wipe.")
        }
    }
}
