import BitkitApp
import Foundation
import SimCLI

/// The scanner and its approval sheet; `open-url` shows that Bitkit owns no `pubkyauth` scheme.
enum ScannerCommands {
    static let all = [scan, approve, deny, openURL]

    static let scan = BitkitRunner.command(
        "scan", summary: "Paste LINK into the scanner (pubkyauth:// sign-in and signup links, spec/02 §14).",
        usage: "LINK",
        examples: ["bitkit-sim scan 'pubkyauth://signin?caps=/pub/pubky.app/:rw&relay=…&secret=…' --json"]
    ) { args in .scan(try args.positional("LINK")) }

    static let approve = BitkitRunner.command(
        "approve", summary: "Tap Authorize on the approval sheet (or the confirm button of a dialog).",
        examples: ["bitkit-sim approve --json"]
    ) { _ in .approve }

    static let deny = BitkitRunner.command(
        "deny", summary: "Close the sheet without authorizing.", examples: ["bitkit-sim deny"]
    ) { _ in .deny }

    struct OpenURLOutput: Encodable {
        var url: String
        var deliveredToBitkit: Bool
        var handler: String?
        var message: String
    }

    static let openURL = Command(
        "open-url", summary: "Ask the OS to open LINK: Bitkit registers no pubkyauth scheme, so it never receives it.",
        usage: "LINK", examples: ["bitkit-sim open-url 'pubkyauth://signin?…'"]
    ) { args, invocation in
        let link = try args.positional("LINK")
        try args.finish()
        _ = try BitkitRunner.app(invocation)
        let scheme = link.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        let output: OpenURLOutput
        if scheme == "pubkyauth" || scheme == "pubkyring" {
            output = OpenURLOutput(
                url: link, deliveredToBitkit: false, handler: "app.pubkyring",
                message:
                    "Bitkit does not register the \(scheme):// scheme: the OS delivers this link to Pubky Ring (`ring-sim open-url`). Bitkit's state is unchanged."
            )
        } else {
            output = OpenURLOutput(
                url: link, deliveredToBitkit: false, handler: nil,
                message: "The simulated Bitkit handles no URL scheme; nothing was opened and its state is unchanged.")
        }
        try invocation.emit(output, text: output.message)
    }
}
