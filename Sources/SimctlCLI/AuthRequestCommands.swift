import Backend
import Device
import Foundation
import SimCLI

/// `simctl auth-request`: the requester side of a `pubkyauth://` flow (a website or another app).
enum AuthRequestCommands {
    static let group = Command(
        "auth-request", summary: "Mint a real pubkyauth:// link and see whether, and by whom, it was approved.",
        subcommands: [create, status])

    static let create = Command(
        "create",
        summary: "Create a sign-in (or sign-up) request: prints the link; its relay channel is polled by `status`.",
        usage: "[--caps CAPS] [--relay URL] [--signup [--homeserver staging|production|NAME|KEY]]",
        examples: [
            "simctl auth-request create",
            "simctl auth-request create --caps /pub/pubky.app/:rw --json",
            "simctl auth-request create --signup --homeserver staging",
        ]
    ) { args, invocation in
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
        AppEnvironment(world: invocation.world, app: .bitkit).journalTool("auth-request", detail: ticket.channel)
        try invocation.emit(
            ticket,
            text:
                "\(ticket.link)\nchannel: \(ticket.channel)\nCheck it with: simctl auth-request status '\(ticket.link)'"
        )
    }

    static let status = Command(
        "status", summary: "Show whether a request was approved, by which pubky and with which capabilities.",
        usage: "LINK|CHANNEL", examples: ["simctl auth-request status 'pubkyauth://signin?caps=…'"]
    ) { args, invocation in
        let request = try args.positional("LINK|CHANNEL")
        try args.finish()
        let client = try BackendAccess.client(invocation)
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
