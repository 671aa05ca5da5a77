import BitkitApp
import ContractNames
import Device
import Foundation
import Platforms
import SimCLI

/// The scanner and its approval sheet; `open-url` is the OS offering Bitkit a link (`URLRouter`).
enum ScannerCommands {
    static let all = [scan, approve, deny, openURL]

    static let scan = BitkitRunner.command(
        "scan", summary: "Paste LINK into the scanner (pubkyauth:// sign-in and signup links, spec/02 §14).",
        usage: "LINK",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim create-profile --name Satoshi", "bitkit-sim save",
            "LINK=$(simctl auth-request --caps /pub/pubky.app/:rw --json | jq -r .link)",
            "bitkit-sim scan \"$LINK\" --json",
        ]
    ) { args in .scan(try args.positional("LINK")) }

    static let approve = BitkitRunner.command(
        "approve", summary: "Tap Authorize on the approval sheet (or the confirm button of a dialog).",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim create-profile --name Satoshi", "bitkit-sim save",
            "bitkit-sim scan \"$(simctl auth-request --caps /pub/pubky.app/:rw --json | jq -r .link)\"",
            "bitkit-sim approve --json",
        ]
    ) { _ in .approve }

    static let deny = BitkitRunner.command(
        "deny", summary: "Close the sheet without authorizing.",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim scan \"$(simctl auth-request --signup --homeserver staging --json | jq -r .link)\"",
            "bitkit-sim deny",
        ]
    ) { _ in .deny }

    struct OpenURLOutput: Encodable {
        var url: String
        var deliveredToBitkit: Bool
        /// The bundle id of the app the OS delivers the link to, if any.
        var handler: String?
        /// `ring`, `bitkit` or nil: who receives it (`URLRouter`).
        var receivedBy: AppKind?
        var message: String
    }

    static let openURL = Command(
        "open-url",
        summary: "Ask the OS to open LINK: Bitkit handles it only if it registers the scheme (not pubkyauth, today).",
        usage: "LINK",
        details: """
            The OS delivers LINK to the installed app registering its scheme, the one installed last when two do
            (`simctl open-url`). The current Bitkit registers bitkit, bitcoin, lightning and lnurl schemes, not
            pubkyauth (spec/02 §14), so a pubkyauth:// link goes to Pubky Ring: nothing reaches Bitkit and this prints
            {"url","deliveredToBitkit":false,"handler":"app.pubkyring","receivedBy":"ring","message"} with Bitkit's
            state unchanged. When Bitkit does receive the link (a build installed with `--url-scheme pubkyauth`, or the
            pre-shared-keys build), it comes forward and handles it as its scanner does, and its screen is printed.
            """,
        examples: [
            "bitkit-sim open-url \"$(simctl auth-request --caps /pub/pubky.app/:rw --json | jq -r .link)\"",
            "bitkit-sim open-url \"bitcoin:$(simctl issuer address)\" --json",
        ]
    ) { args, invocation in
        let link = try args.positional("LINK")
        try args.finish()
        _ = try BitkitRunner.app(invocation)
        let (state, os) = try PlatformOS.open(invocation.world)
        let delivery = os.route(link, on: state)
        // Android: with a chooser the user picks Bitkit by opening the link in it.
        if delivery.receivedBy == .bitkit || delivery.chooser.contains(.bitkit) {
            // Contact links route to Add Contact, Contact Detail or Profile (spec/09 §4); any other
            // link is handled as the scanner routes it (spec/02 §14.1).
            try BitkitRunner.run(
                ContactLink.isContactLink(link) ? .contactImport(.link(link)) : .scan(link), invocation)
            return
        }
        let scheme = delivery.scheme.map { "\($0)://" } ?? "this"
        let message: String
        if let receiver = delivery.receivedBy {
            message =
                "Bitkit does not register the \(scheme) scheme: the OS delivers this link to \(receiver.displayName) (`simctl open-url`). Bitkit's state is unchanged."
        } else {
            message =
                "No installed app registers the \(scheme) scheme; nothing was opened and Bitkit's state is unchanged."
        }
        let output = OpenURLOutput(
            url: link, deliveredToBitkit: false, handler: delivery.receivedBy?.bundleID,
            receivedBy: delivery.receivedBy,
            message: message)
        try invocation.emit(output, text: output.message)
    }
}
