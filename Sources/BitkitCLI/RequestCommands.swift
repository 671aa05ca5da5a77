import AppSupport
import BitkitApp
import Foundation
import SimCLI

/// `requests …`, `contacts …` and `wallet fund`: the incoming payment-request journey (spec/05 §8).
enum RequestCommands {
    static let all = [requests, contacts]

    static let requests = Command(
        "requests",
        summary: "Payment requests: synchronise, the bell, a row's details, Pay, confirm, Reject (spec/05 §8).",
        usage: "[bell | sync | open ID | pay ID | details | confirm | dismiss | reject ID | state]",
        details: """
            `requests` (or `requests bell`) taps the bell on Home: the sheet PaymentRequestsSheet with one row
            PaymentRequestRow-<id>-<issuer key>-<receiver path>-one-time per pending request and its buttons
            PaymentRequestPay-<id> and PaymentRequestDismiss-<id>. `sync` fetches the records the saved contacts
            addressed to Bitkit's pubky, runs the request gate (failures are logged once, `event: log`), and opens
            PaymentRequestConfirm for the first request that arrived. `open ID` taps a row (details screen
            PaymentRequestDetailScreen). `pay ID` resolves the issuer's endpoints (15 attempts; then
            PaymentRequestUnavailableToast) and opens the confirmation. `details` is SendConfirmToggleDetails,
            `confirm` re-checks and pays exactly the amount and destination shown (a mismatch shows
            wallet__payment_request_mismatch and sends nothing), `dismiss` closes the confirmation, `reject ID`
            removes the request without paying. ID is the request id or the row id. `state` prints the stored
            requests, funds and contacts without launching the app.
            """,
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim create-profile --name Satoshi && bitkit-sim save",
            "bitkit-sim wallet fund --sats 300000",
            "simctl issuer setup --secret 5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51",
            "bitkit-sim contacts add --name Shop --pubky gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o",
            "simctl issuer publish --identifier btc-regtest-p2wpkh --value \"$(simctl issuer address)\"",
            "simctl issuer request --to bitkit --id Q1 --amount 0.001 --identifier btc-regtest-p2wpkh",
            "simctl issuer request --to bitkit --id Q3 --amount 0.002 --identifier btc-regtest-p2wpkh",
            "bitkit-sim requests sync --json", "bitkit-sim requests dismiss", "bitkit-sim requests",
            "bitkit-sim requests open Q1", "bitkit-sim requests pay Q1", "bitkit-sim requests details",
            "bitkit-sim requests confirm", "bitkit-sim requests reject Q3", "bitkit-sim requests state --json",
        ]
    ) { args, invocation in
        let verb = args.optionalPositional() ?? "bell"
        if verb == "state" {
            try args.finish()
            let state = try BitkitRunner.app(invocation).paykitState()
            try invocation.emit(state, text: text(state))
            return
        }
        let action: PaykitAction
        switch verb {
        case "bell": action = .openBell
        case "sync": action = .sync
        case "open": action = .openRequest(try args.positional("ID"))
        case "pay": action = .pay(try args.positional("ID"))
        case "reject": action = .reject(try args.positional("ID"))
        case "details": action = .toggleDetails
        case "confirm": action = .confirm
        case "dismiss": action = .dismiss
        default:
            throw CLIError.usage(
                "Unknown requests action '\(verb)': expected bell, sync, open, pay, details, confirm, dismiss, reject or state."
            )
        }
        try args.finish()
        try BitkitRunner.run(.paykit(action), invocation)
    }

    static let contacts = Command(
        "contacts", summary: "Open the contacts, or save a contact linked on a receiver path.",
        usage: "[add --name NAME --pubky PUBKY [--receiver-path bitkit/server]]",
        details: """
            `contacts add` saves (or updates) a contact: the name the payment screens show for it, its key (any
            form: bare, pubky-prefixed) and the receiver path its endpoints live under (default bitkit/server).
            Requests are fetched only from saved contacts. Then the screen contactSaved.
            """,
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "bitkit-sim contacts add --name Shop --pubky gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o",
            "bitkit-sim contacts --json",
        ]
    ) { args, invocation in
        let name = try args.option("--name")
        let pubky = try args.option("--pubky")
        let receiverPath = try args.option("--receiver-path") ?? "bitkit/server"
        let verb = args.optionalPositional()
        try args.finish()
        switch verb {
        case nil:
            try BitkitRunner.run(.paykit(.openContacts), invocation)
        case "add":
            guard let name, let pubky else {
                throw CLIError.usage("`contacts add` needs --name NAME and --pubky PUBKY.")
            }
            try BitkitRunner.run(.paykit(.addContact(name: name, pubky: pubky, receiverPath: receiverPath)), invocation)
        case let other?:
            throw CLIError.usage("Unknown contacts action '\(other)': expected add.")
        }
    }

    static let fund = BitkitRunner.command(
        "fund", summary: "Dev action: add on-chain sats and Lightning outbound capacity to the wallet.",
        usage: "[--sats N] [--lightning-sats N]",
        examples: ["bitkit-sim wallet fund --sats 300000 --lightning-sats 300000"]
    ) { args in
        let onchain = try args.option("--sats", expecting: "a whole number of sats") { UInt64($0) } ?? 0
        let lightning = try args.option("--lightning-sats", expecting: "a whole number of sats") { UInt64($0) } ?? 0
        return .paykit(.fund(onchainSats: onchain, lightningSats: lightning))
    }

    private static func text(_ state: PaykitSnapshot) -> String {
        var lines = ["funds: \(state.funds.onchainSats) sats on-chain, \(state.funds.lightningSats) sats Lightning"]
        lines += state.contacts.map { "contact \($0.name): \($0.pubky) on \($0.receiverPath)" }
        lines += state.pending.map { "pending \($0.rowID): \($0.sats) sats" }
        lines += state.handled.map { request in
            "\(request.outcome.rawValue) \(request.key.id): \(request.sats) sats"
                + (request.txid.map { " txid \($0)" } ?? "") + (request.paymentHash.map { " hash \($0)" } ?? "")
        }
        lines.append("\(state.loggedFailures.count) logged parse failure(s)")
        return lines.joined(separator: "\n")
    }
}
