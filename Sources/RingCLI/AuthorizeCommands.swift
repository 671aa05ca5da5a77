import Device
import Platforms
import RingApp
import SimCLI
import WorldFiles

/// `authorize`, `open-url`, `select`, `confirm`, `cancel` (spec/03 §11–§13).
enum AuthorizeCommands {
    static let all = [authorize, openURL, select, confirm, cancel]

    private static func linkCommand(
        _ name: String, _ summary: String, source: RingInputSource, examples: [String]
    ) -> Command {
        Command(
            name, summary: summary, usage: "TEXT [--pubky PUBKY|NAME|'#N'] [--confirm]",
            details: """
                TEXT is read as Ring does (spec/03 §11), in this order: a migration frame, a direct-signup, signup or
                session request (pubkyring://session?x-success=URL), a sign-in link (pubkyauth://, pubkyring://signin),
                an invite (XXXX-XXXX-XXXX alone, …/invite/CODE in any URL, pubkyring://invite/CODE), then a recovery
                phrase (words separated by spaces, -, _ or +) or a 64-hex secret. x-success/x-error/x-cancel values are
                decoded once from the text as given, so a nested callback URL arrives byte for byte.
                A sign-in link opens `Select Pubky` (several pubkys can authorize) or the confirm sheet (one, or
                --pubky, the pubky whose Authorize button was used); --confirm taps Authorize when the confirm sheet
                opens. A session request signs the picked pubky in and opens x-success with pubky, session_secret and
                capabilities. Signup links and invites create, save, publish and sign up a new key.
                Offline, links and invites show `Currently Offline` and nothing else happens\(
                    source == .deepLink ? "; a deep link also opens its x-error with errorCode OFFLINE" : "").\(
                    source == .deepLink
                        ? " When the OS hands TEXT's scheme to another app (it registers the scheme and was installed "
                            + "last), nothing reaches Ring and the command exits 3 naming that app; `simctl open-url` "
                            + "delivers a link to whichever app the OS picks."
                        : "")
                """,
            examples: examples
        ) { args, invocation in
            let pubky = try args.option("--pubky")
            let confirm = args.flag("--confirm")
            let link = try args.positional("TEXT")
            try args.finish()
            if source == .deepLink {
                // The OS hands a link whose scheme another app receives to that app, never to Ring
                // (`URLRouter`). Links no installed app claims (an https invite, a bare code) stay Ring's.
                let (state, os) = try PlatformOS.open(invocation.world)
                let delivery = os.route(link, on: state)
                guard delivery.receivedBy == .ring || delivery.receivedBy == nil else {
                    throw WorldError.linkNotDelivered(url: link, app: .ring, receivedBy: delivery.receivedBy)
                }
            }
            try RingRunner.run(invocation, [.openLink(link, pubky: pubky, confirm: confirm, source: source)])
        }
    }

    static let authorize = linkCommand(
        "authorize", "Scan or paste a link, invite code or recovery phrase (the scanner / paste path).",
        source: .scanned,
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 --name Alice",
            "ring-sim signup Alice",
            "ring-sim import --secret 0202020202020202020202020202020202020202020202020202020202020202",
            "ring-sim signup '#2'",
            "ring-sim authorize \"pubkyauth:///?caps=/pub/pubky.app/:rw&relay=https://httprelay.pubky.app/inbox&secret=kqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8\"",
            "LINK=$(simctl auth-request --caps /pub/pubky.app/:rw --json | jq -r .link)",
            "ring-sim authorize \"$LINK\" --pubky '#2' --confirm",
            "ring-sim authorize 'pubkyring://session?x-success=bitkit%3A%2F%2Fwallet%2Fcallback%3Fnonce%3Dabc123' --pubky '#1'",
            "ring-sim authorize pubkyring://invite/AZ3B-1D37-3SA0",
            "ring-sim authorize 'abandon-abandon_abandon+abandon abandon abandon abandon abandon abandon abandon abandon about'",
        ])
    static let openURL = linkCommand(
        "open-url",
        "The OS delivers a link to Ring as a deep link (the authorize flow; offline it opens x-error); exit 3 if the OS would deliver it elsewhere.",
        source: .deepLink,
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim signup '#1'",
            "LINK=$(simctl auth-request --caps /pub/pubky.app/:rw --json | jq -r .link)",
            "ring-sim open-url \"$LINK\"",
            "ring-sim open-url \"$(simctl auth-request session --x-success 'bitkit://wallet/callback?nonce=abc123' --json | jq -r .link)\"",
        ])

    static let select = Command(
        "select", summary: "Pick the pubky in `Select Pubky`: the confirm sheet opens.", usage: "PUBKY|NAME|'#N'",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim signup '#1'",
            "ring-sim import --secret 0202020202020202020202020202020202020202020202020202020202020202",
            "ring-sim signup '#2'",
            "ring-sim authorize \"$(simctl auth-request --caps /pub/pubky.app/:rw --json | jq -r .link)\"",
            "ring-sim select '#2'",
        ]
    ) { args, invocation in
        let ref = try args.positional("PUBKY|NAME|'#N'")
        try args.finish()
        try RingRunner.run(invocation, [.select(ref: ref)])
    }

    static let confirm = Command(
        "confirm",
        summary: "Tap the confirming button of the sheet shown (Authorize, OK, Use in Pubky Ring, Delete, Yes, Save).",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim delete '#1'", "ring-sim confirm",
        ]
    ) { args, invocation in
        try args.finish()
        try RingRunner.run(invocation, [.confirm])
    }

    static let cancel = Command(
        "cancel", summary: "Tap Cancel / No on the sheet shown (a denied authorization opens x-cancel).",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "ring-sim delete '#1'", "ring-sim cancel",
        ]
    ) { args, invocation in
        try args.finish()
        try RingRunner.run(invocation, [.cancel])
    }
}
