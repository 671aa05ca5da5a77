import Backend
import Device
import Foundation
import SimCLI

/// `simctl auth-request`: the requester side of a `pubkyauth://` flow (a website or another app).
enum AuthRequestCommands {
    /// `auth-request [options]` mints a link; `status ID|LINK` reads its channel; `session` and
    /// `invite` mint Ring's other inputs; `received URL` shows what a callback delivered.
    static let group = Command(
        "auth-request",
        summary: "Mint a real pubkyauth:// link, a Ring session request or an invite, or check what came back.",
        usage: """
            [create] [--caps CAPS] [--relay URL] [--signup [--homeserver H]] | status ID|LINK
              | session --x-success URL [--x-error URL] [--legacy]
              | invite|--invite [--homeserver H | --code CODE] [--url BASE] [--x-success URL] [--x-error URL]
              | received URL
            """,
        details: """
            Without a subcommand, creates a sign-in (or, with --signup, a sign-up) request as a website would: prints the
            link, its id and its relay channel. --caps is carried as written (an approving app signs only its well-formed
            entries). `status` takes the id, the link or the channel URL and shows whether a token arrived, by which pubky
            and with which capabilities (the requester decrypts and verifies it).
            `session` mints pubkyring://session?x-success=…&x-error=… with each callback URL encoded once (as an app's
            encodeURIComponent does), so a callback carrying its own ?, = and & must reach Ring's x-success unchanged;
            --legacy writes `callback=` instead of `x-success=`. Ring answers by opening x-success with pubky,
            session_secret and capabilities (older Bitkit builds imported that session; see Docs/cli-ring.md).
            `invite` (or --invite) issues a signup code for the homeserver (default staging, Ring's default) — or takes
            --code as given — and prints its three forms: the URL <BASE>/invite/CODE (default https://example.com), the
            pubkyring://invite/CODE link (both with the callbacks) and the bare code.
            `received URL` shows what the requesting app got: the callback's parameters decoded once and, for a returned
            session, whether the homeserver holds it (read without a request).
            """,
        examples: [
            "simctl auth-request",
            "simctl auth-request --caps /pub/pubky.app/:rw --json",
            "simctl auth-request --signup --homeserver staging",
            "ID=$(simctl auth-request --json | jq -r .id)",
            "simctl auth-request status \"$ID\"",
            "simctl auth-request session --x-success 'bitkit://wallet/callback?nonce=abc123&state=ready'",
            "simctl auth-request invite --x-success 'myapp://invited?ref=1&via=qr' --json",
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 && ring-sim signup '#1'",
            "LINK=$(simctl auth-request session --x-success 'bitkit://wallet/callback?nonce=abc123' --json | jq -r .link)",
            "ring-sim authorize \"$LINK\" --pubky '#1'",
            "simctl auth-request received \"$(ring-sim state --json | jq -r '.openedURLs[0]')\"",
        ]
    ) { args, invocation in
        if args.flag("--invite") {
            try RingRequestForms.invite(&args, invocation)
            return
        }
        switch args.firstToken {
        case "status":
            _ = args.optionalPositional()
            try status(&args, invocation)
        case "session":
            _ = args.optionalPositional()
            try RingRequestForms.session(&args, invocation)
        case "invite":
            _ = args.optionalPositional()
            try RingRequestForms.invite(&args, invocation)
        case "received":
            _ = args.optionalPositional()
            try RingRequestForms.received(&args, invocation)
        case "create":  // the explicit spelling of the default
            _ = args.optionalPositional()
            try create(&args, invocation)
        default:
            try create(&args, invocation)
        }
    }

    struct TicketOutput: Encodable {
        var id: String
        var link: String
        var channel: String
        var capabilities: String
        var intent: String
        var homeserver: String?
        var signupToken: String?
    }

    static func create(_ args: inout Arguments, _ invocation: Invocation) throws {
        let caps = try args.option("--caps") ?? "/pub/example.app/:rw"
        let relay = try args.option("--relay")
        let signup = args.flag("--signup")
        let homeserverName = try args.option("--homeserver")
        try args.finish()
        if homeserverName != nil && !signup { throw CLIError.usage("--homeserver goes with --signup.") }
        let client = try BackendAccess.client(invocation)
        let homeserver =
            try signup ? BackendAccess.homeserver(homeserverName ?? "staging", store: try client.store()) : nil
        let ticket = try BackendAccess.run { () throws(BackendError) in
            if let relay {
                return try client.createAuthRequest(capabilities: caps, relay: relay, signupHomeserver: homeserver)
                    .value
            }
            return try client.createAuthRequest(capabilities: caps, signupHomeserver: homeserver).value
        }
        invocation.journalTool(.authRequest, detail: ticket.channel)
        let id = String(ticket.channel.split(separator: "/").last ?? "")
        try invocation.emit(
            TicketOutput(
                id: id, link: ticket.link, channel: ticket.channel, capabilities: ticket.capabilities,
                intent: ticket.intent, homeserver: ticket.homeserver, signupToken: ticket.signupToken),
            text: "\(ticket.link)\nid: \(id)\nCheck it with: simctl auth-request status \(id)")
    }

    static func status(_ args: inout Arguments, _ invocation: Invocation) throws {
        var request = try args.positional("ID|LINK")
        try args.finish()
        let client = try BackendAccess.client(invocation)
        // A bare id names the channel of a request this world minted.
        if !request.contains("/") && !request.contains(":") {
            let store = try client.store()
            let now = try invocation.environment(.bitkit).now()
            let requests = try BackendAccess.run { () throws(BackendError) in try store.relay(now: now).requests }
            guard let match = requests.first(where: { $0.channel.hasSuffix("/" + request) }) else {
                throw CLIError.usage(
                    "No auth request with id \(request) in this world: see `simctl backend show relay`.")
            }
            request = match.channel
        }
        let status = try BackendAccess.run { () throws(BackendError) in try client.authRequestStatus(request).value }
        let text: String
        switch status.state {
        case .pending: text = "pending: no approval yet"
        case .approved: text = "approved by \(status.pubky ?? "?") with \(status.capabilities ?? "?")"
        case .invalid: text = "invalid: \(status.reason ?? "the message did not verify")"
        }
        try invocation.emit(status, text: text)
    }
}
