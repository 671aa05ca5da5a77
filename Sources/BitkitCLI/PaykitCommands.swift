import ContractNames
import Foundation
import PaykitContract
import SimCLI
import Simulation
import WorldFiles

/// `bitkit-sim paykit …`: the Paykit issuer contract of spec/05 run on files and payloads, without a
/// world — for issuers checking what Bitkit will make of their requests, endpoints and fixtures.
enum PaykitCommands {
    static let group = Command(
        "paykit", summary: "Check requests, endpoints and fixtures against the Paykit issuer contract (spec/05).",
        subcommands: [checkFixture, checkRequest, checkEndpoint])

    struct FixtureOutput: Encodable {
        struct Case: Encodable {
            var kind: String
            var name: String
            var passed: Bool
            var failure: String?
        }
        var cases: [Case]
        var passed: Int
        var failed: Int
    }

    struct RequestOutput: Encodable {
        var accepted: Bool
        var reason: String?
        var sats: UInt64?
        var retainedIdentifiers: [String]
        var note: String?
        var expiresAt: String?
        var logLine: String?
    }

    struct EndpointOutput: Encodable {
        var outcome: String
        var reason: String?
        var detail: String?
        var identifier: String
        var value: String?
        var min: String?
        var max: String?
        var paymentText: String?
        var message: String?
    }

    static let checkFixture = Command(
        "check-fixture",
        summary: "Run every case of a fixture file in the spec/05 §7 schema; exit 1 if any case fails.",
        usage: "FILE",
        details: """
            Prints one line per case (`PASS request <name>`, `FAIL endpoint <name>: expected …, got …`), then the
            two coverage assertions, then `N passed, N failed`. Any platform's fixture in the same schema works.
            """,
        examples: ["bitkit-sim paykit check-fixture Fixtures/paykit-issuer-interoperability.json"]
    ) { args, invocation in
        let path = try args.positional("FILE")
        try args.finish()
        let fixture: InteroperabilityFixture
        do {
            fixture = try InteroperabilityFixture(bytes: try readInput(path, limit: .paykitFixture))
        } catch let error as FixtureError {
            throw CLIError.failure("\(path): \(error)")
        }
        let results = FixtureHarness.run(fixture)
        let failed = results.filter { !$0.passed }.count
        let passed = results.count - failed
        let output = CheckedReport(
            FixtureOutput(
                cases: results.map {
                    .init(kind: $0.kind.rawValue, name: $0.name, passed: $0.passed, failure: $0.failure)
                },
                passed: passed, failed: failed),
            failed: failed > 0 ? "\(failed) fixture case(s) failed." : nil)
        try invocation.emit(
            output, text: (results.map(\.line) + ["\(passed) passed, \(failed) failed"]).joined(separator: "\n"))
        try output.finish()
    }

    static let checkRequest = Command(
        "check-request",
        summary: "Run a request record (JSON, as Bitkit consumes it) through the request gate.",
        usage: "FILE|- [--network N] [--now TIME]",
        details: """
            Prints `accepted` with the sats, retained identifiers, note and expiry, or `rejected` with the reason
            code and the log line Bitkit would write. --network defaults to regtest, --now to the world's device clock (the host's clock outside a world).
            """,
        examples: [
            "echo '{\"localRole\":\"payer\",\"state\":\"proposed\",\"terms\":{\"amount\":{\"asset\":\"btc\",\"value\":\"0.001\"},\"acceptedPaymentEndpointIdentifiers\":[\"btc-regtest-p2wpkh\"]}}' > request.json",
            "bitkit-sim paykit check-request request.json --network regtest",
            "echo '{\"localRole\":\"payer\"}' | bitkit-sim paykit check-request -",
        ]
    ) { args, invocation in
        let network = try networkOption(&args)
        let now = try nowOption(&args, invocation)
        let path = try args.positional("FILE|-")
        try args.finish()
        let record: PaymentRequestRecord
        do {
            record = try PaymentRequestRecord.parse(try readInput(path))
        } catch let error as PaymentRequestRecordError {
            throw CLIError.failure("\(path): \(error)")
        }
        switch RequestGate.evaluate(record, network: network, now: now) {
        case .success(let request):
            let identifiers = request.retainedIdentifiers.map(\.rawValue)
            let expiry = request.expiry.map { ISO8601DateFormatter().string(from: $0.date) }
            try invocation.emit(
                RequestOutput(
                    accepted: true, reason: nil, sats: request.sats, retainedIdentifiers: identifiers,
                    note: request.note,
                    expiresAt: expiry, logLine: nil),
                text: """
                    accepted: \(request.sats) sats
                    identifiers: \(identifiers.joined(separator: ", "))
                    note: \(request.note.map { "\"\($0)\"" } ?? "none")
                    expires: \(expiry ?? "never")
                    """)
        case .failure(let reason):
            var log = ParseLog()
            let line = log.note(reason, for: record)
            try invocation.emit(
                RequestOutput(
                    accepted: false, reason: reason.rawValue, sats: nil, retainedIdentifiers: [], note: nil,
                    expiresAt: nil,
                    logLine: line),
                text: "rejected: \(reason.rawValue)\nlog: \(line ?? "none (normal filtering)")")
        }
    }

    static let checkEndpoint = Command(
        "check-endpoint",
        summary: "Parse one endpoint (shape stage) and decide whether it is payable.",
        usage: "--identifier ID --payload TEXT|- [--network N] [--for-request] [--now TIME]",
        details: """
            Prints the outcome (`opened`, `no endpoint`, `not opened`), its reason code and the user-visible
            message. --payload - reads the payload bytes from standard input. --for-request applies the request
            rules (invoice route hints). --network defaults to regtest, --now to the world's device clock (the host's clock outside a world).
            """,
        examples: [
            "X=$(simctl issuer address --network regtest)",
            "printf '{\"value\":\"%s\"}' \"$X\" | bitkit-sim paykit check-endpoint --identifier btc-regtest-p2wpkh --payload -",
            "printf '{\"value\":\"%s\"}' \"$X\" | bitkit-sim paykit check-endpoint --identifier btc-bitcoin-p2wpkh --payload - --json",
        ]
    ) { args, invocation in
        let network = try networkOption(&args)
        let now = try nowOption(&args, invocation)
        let forRequest = args.flag("--for-request")
        guard let identifier = try args.option("--identifier") else {
            throw CLIError.usage("Missing option --identifier ID.")
        }
        guard let payloadText = try args.option("--payload") else {
            throw CLIError.usage("Missing option --payload TEXT (or - for standard input).")
        }
        try args.finish()
        let payload = payloadText == "-" ? try readInput("-") : Array(payloadText.utf8)
        let context = PayabilityContext(network: network, now: now, isRequest: forRequest)
        let output: EndpointOutput
        switch EndpointParser.parse(identifier: identifier, payloadBytes: payload, network: network) {
        case .failure(let rejection):
            output = EndpointOutput(
                outcome: "noEndpoint", reason: ResolutionReason.noSupportedEndpoint.rawValue,
                detail: "shape stage: \(rejection)", identifier: identifier,
                message: ResolutionOutcome.noEndpoint.contactPaymentMessage)
        case .success(let endpoint):
            switch Payability.evaluate(endpoint, context: context) {
            case .failure(let reason):
                output = EndpointOutput(
                    outcome: "notOpened", reason: ResolutionReason.endpointNotPayable.rawValue,
                    detail: "payability stage: \(reason)", identifier: identifier, value: endpoint.value,
                    min: endpoint.min,
                    max: endpoint.max, message: ResolutionOutcome.notOpened.contactPaymentMessage)
            case .success:
                output = EndpointOutput(
                    outcome: "opened", identifier: identifier, value: endpoint.value, min: endpoint.min,
                    max: endpoint.max,
                    paymentText: endpoint.value)
            }
        }
        try invocation.emit(output, text: text(for: output))
    }

    private static func text(for output: EndpointOutput) -> String {
        switch output.outcome {
        case "opened":
            return "opened: \(output.paymentText ?? "")\nmin: \(output.min ?? "none")\nmax: \(output.max ?? "none")"
        default:
            let title = output.outcome == "noEndpoint" ? "no endpoint" : "not opened"
            return """
                \(title): \(output.reason ?? "") (\(output.detail ?? ""))
                \(ResolutionOutcome.contactPaymentErrorTitle): \(output.message ?? "")
                """
        }
    }

    private static func networkOption(_ args: inout Arguments) throws -> BitcoinNetwork {
        try args.option("--network", expecting: "bitcoin, testnet, signet or regtest", BitcoinNetwork.init(rawValue:))
            ?? .regtest
    }

    /// `--now`, else the world's device clock (what the app would check against), else — outside
    /// any world — the host's clock.
    private static func nowOption(_ args: inout Arguments, _ invocation: Invocation) throws -> Date {
        if let given = try args.option(
            "--now", expecting: "a time like 2025-01-01T00:00:00Z",
            {
                ExpiryTimestamp(parsing: $0)?.date
            })
        {
            return given
        }
        guard invocation.world.exists else { return Date() }
        return try DeviceClock(world: invocation.world).now()
    }

    /// The bytes of FILE, or of standard input for `-`, refused before reading when over `limit`.
    private static func readInput(_ path: String, limit: InputLimit = .paykitDocument) throws -> [UInt8] {
        try UserFile.read(path, what: "the file", limit: limit)
    }
}
