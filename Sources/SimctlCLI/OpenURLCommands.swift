import ContractNames
import Device
import Foundation
import Platforms
import SimCLI

/// `simctl open-url LINK`: the OS opening a link. It picks the installed app that registers the
/// link's scheme (`URLRouter`: the one installed last when two do), runs that app's link handling
/// (`bitkit-sim open-url` / `ring-sim open-url`, a real app run) and prints which app received it.
enum OpenURLCommands {
    struct Output: Encodable {
        var url: String
        var scheme: String?
        /// `bitkit`, `ring`, or nil when no installed app registers the scheme.
        var receivedBy: AppKind?
        /// The receiving app's bundle id.
        var handler: String?
        var registeredBy: [AppKind]
        /// Android: the apps the system chooser offers (nothing opened until one is picked).
        var chooser: [AppKind]? = nil
        var message: String
        /// The screen the receiving app shows afterwards (its `open-url --json` output).
        var screen: EmbeddedJSON?
    }

    static let openURL = Command(
        "open-url", summary: "Open a link as the OS does: the app registering its scheme receives and handles it.",
        usage: "LINK",
        details: """
            The OS delivers LINK to the installed app that registers its scheme (Ring: pubkyauth, pubkyring; the
            current Bitkit: bitkit, bitcoin, lightning, lnurl…; `simctl install … --url-scheme S` adds one). When two
            apps register the scheme, the one installed or update-installed last receives it. That app's link
            handling runs as a real app run (`ring-sim open-url LINK`, `bitkit-sim open-url LINK`) and its screen is
            printed after the line naming the receiver; with --json: {"url","scheme","receivedBy","handler",
            "registeredBy","message","screen"}. No app registering the scheme: receivedBy null, nothing runs (exit 0).
            In a scenario the receiving app comes to the foreground first (the focus rule), and its screen becomes
            that app's last screen.
            """,
        examples: [
            "LINK=$(simctl auth-request --caps /pub/pubky.app/:rw --json | jq -r .link)",
            "simctl open-url \"$LINK\"",
            "simctl install bitkit --url-scheme pubkyauth",
            "simctl open-url \"$LINK\" --json",
        ]
    ) { args, invocation in
        let link = try args.positional("LINK")
        try args.finish()
        let (state, os) = try PlatformOS.open(invocation.world)
        let delivery = os.route(link, on: state)
        invocation.journalTool(
            .openURL,
            detail: "\(delivery.scheme ?? "?") → "
                + (delivery.receivedBy?.rawValue
                    ?? (delivery.chooser.isEmpty
                        ? "nobody" : "chooser \(delivery.chooser.map(\.rawValue).joined(separator: ","))"))
        )
        guard let receiver = delivery.receivedBy else {
            let message =
                delivery.chooser.isEmpty
                ? "No installed app registers the \(delivery.scheme.map { "\($0)://" } ?? "(not a URL)") scheme: the OS opened nothing."
                : "chooser: \(delivery.chooser.map(\.rawValue).joined(separator: ", "))\nSeveral apps can open this link: the system asks which; open it with `bitkit-sim open-url` or `ring-sim open-url`."
            try invocation.emit(
                Output(
                    url: link, scheme: delivery.scheme, receivedBy: nil, handler: nil,
                    registeredBy: delivery.registeredBy, chooser: delivery.chooser.isEmpty ? nil : delivery.chooser,
                    message: message, screen: nil),
                text: message)
            return
        }
        let tool = receiver == .bitkit ? "bitkit-sim" : "ring-sim"
        var environment = ProcessEnvironment.inherited()
        if !invocation.run.durable { environment["SIM_NO_FSYNC"] = "1" }
        let result: SiblingTool.Result
        do {
            result = try SiblingTool.run(
                tool, ["open-url", link, "--world", invocation.world.root.path] + (invocation.json ? ["--json"] : []),
                environment: environment)
        } catch {
            throw CLIError.failure("Could not start \(tool) to deliver the link: \(error.localizedDescription).")
        }
        if !result.stderr.isEmpty { SimCLI.Output.error(result.stderr) }
        guard result.status == 0 else {
            // The app's own report of its failure (its `{"error":…}` with --json) is this command's.
            SimCLI.Output.write(result.stdout)
            throw ExitStatus(code: result.status)
        }
        let message =
            "The OS delivered the link to \(receiver.displayName) (it registers \(delivery.scheme ?? "")://"
            + (delivery.registeredBy.count > 1 ? ", installed last of \(delivery.registeredBy.count) apps" : "") + ")."
        if invocation.json {
            try invocation.emit(
                Output(
                    url: link, scheme: delivery.scheme, receivedBy: receiver, handler: receiver.bundleID,
                    registeredBy: delivery.registeredBy, message: message,
                    screen: EmbeddedJSON(text: result.stdout)),
                text: "")
        } else {
            SimCLI.Output.write(message + "\n" + result.stdout)
        }
    }
}
