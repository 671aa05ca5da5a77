import Backend
import Device
import Foundation
import SimCLI

/// `simctl auth-request`: the requester side of a `pubkyauth://` flow (a website or another app).
enum AuthRequestCommands {
    /// `auth-request [options]` mints a link; `auth-request status ID|LINK` reads its channel.
    static let group = Command(
        "auth-request", summary: "Mint a real pubkyauth:// link, or see whether (and by whom) one was approved.",
        usage:
            "[create] [--caps CAPS] [--relay URL] [--signup [--homeserver staging|production|NAME|KEY]] | status ID|LINK",
        details: """
            Without `status`, creates a sign-in (or, with --signup, a sign-up) request as a website would: prints the link,
            its id and its relay channel. `status` takes the id, the link or the channel URL and shows whether a token
            arrived, by which pubky and with which capabilities (the requester decrypts and verifies it).
            """,
        examples: [
            "simctl auth-request",
            "simctl auth-request --caps /pub/pubky.app/:rw --json",
            "simctl auth-request --signup --homeserver staging",
            "simctl auth-request status Bd7wcIdR29_ncsAJbRkIpWDg_pEvZzULycHdh5Fz4QY",
        ]
    ) { args, invocation in
        switch args.firstToken {
        case "status":
            _ = args.optionalPositional()
            try status(&args, invocation)
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
        invocation.journalTool("auth-request", detail: ticket.channel)
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
            let requests = try BackendAccess.run { () throws(BackendError) in try store.relay().requests }
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
