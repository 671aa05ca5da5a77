import Foundation
import Testing

/// The Paykit journey with the real executables: `simctl issuer` publishes and requests, `bitkit-sim
/// requests` synchronises, confirms and pays, and the ledger holds exactly what the confirmation showed.
@Suite struct PaykitJourneyEndToEndTests {
    static let cSecret = "5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51"
    static let c = "gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o"
    static let mnemonic = Array(repeating: "abandon", count: 11).joined(separator: " ") + " about"
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// spec/06 §3 common Pre: OWNED W, funds, issuer C saved as contact Shop on bitkit/server.
    private func journeyWorld() throws -> Sim {
        let sim = try Sim()
        for args in [
            ["bitkit-sim", "launch"], ["bitkit-sim", "wallet", "restore", "--mnemonic", Self.mnemonic],
            ["bitkit-sim", "settings", "dev", "paykit-ui", "on"],
            ["bitkit-sim", "settings", "dev", "profile-intro", "seen"],
            ["bitkit-sim", "create-profile", "--name", "Satoshi"], ["bitkit-sim", "save"],
            ["bitkit-sim", "wallet", "fund", "--sats", "300000", "--lightning-sats", "300000"],
            ["simctl", "issuer", "setup", "--secret", Self.cSecret],
            ["bitkit-sim", "contacts", "add", "--name", "Shop", "--pubky", Self.c],
            ["bitkit-sim", "home"],
        ] {
            let run = try Sim.run(args[0], Array(args.dropFirst()) + ["--world", sim.world.path])
            #expect(run.status == 0, "\(args.joined(separator: " ")): \(run.stderr)")
        }
        return sim
    }

    private func json(_ sim: Sim, _ tool: String, _ args: String...) throws -> [String: Any] {
        let run = try Sim.run(tool, args + ["--world", sim.world.path, "--json"])
        #expect(run.status == 0, "\(tool) \(args.joined(separator: " ")): \(run.stderr)")
        return try run.json()
    }

    private func value(_ screen: [String: Any], _ id: String) -> String? {
        (screen["rows"] as? [[String: Any]])?.first { $0["id"] as? String == id }?["title"] as? String
    }

    /// "100 000 sats" → 100000.
    private func sats(_ text: String?) -> UInt64? {
        text.flatMap { UInt64($0.replacingOccurrences(of: " sats", with: "").replacingOccurrences(of: " ", with: "")) }
    }

    @Test func theLedgerHoldsExactlyTheAmountAndAddressTheConfirmationShowed() throws {
        let sim = try journeyWorld()
        defer { sim.cleanup() }
        let address = try #require(
            try json(sim, "simctl", "issuer", "address", "--network", "regtest")["address"] as? String)
        _ = try json(sim, "simctl", "issuer", "publish", "--identifier", "btc-regtest-p2wpkh", "--value", address)
        _ = try json(
            sim, "simctl", "issuer", "request", "--to", "bitkit", "--id", "Q1", "--amount", "0.001", "--identifier",
            "btc-regtest-p2wpkh", "--note", "  Order 42  ")
        let presented = try json(sim, "bitkit-sim", "requests", "sync")
        #expect(presented["route"] as? String == "PaymentRequestConfirm")
        let shown = try json(sim, "bitkit-sim", "requests", "details")
        let shownSats = try #require(sats(value(shown, "ReviewAmount")))
        let shownDestination = try #require(value(shown, "ReviewUri"))
        #expect(shownSats == 100_000)
        #expect(shownDestination == address)
        #expect(value(shown, "ReviewContactRecipient") == "Shop")
        let paid = try json(sim, "bitkit-sim", "requests", "confirm")
        #expect(paid["route"] as? String == "home")
        let ledger = try json(sim, "simctl", "backend", "show", "ledger")
        let onchain = try #require(ledger["onchain"] as? [[String: Any]])
        #expect(onchain.count == 1)
        #expect(onchain.first?["address"] as? String == shownDestination)
        #expect((onchain.first?["amountSat"] as? NSNumber)?.uint64Value == shownSats)
        #expect((ledger["lightning"] as? [Any])?.isEmpty == true)
        _ = try json(sim, "simctl", "backend", "mine")
        let mined = try json(sim, "simctl", "backend", "show", "ledger")
        #expect(((mined["onchain"] as? [[String: Any]])?.first?["confirmations"] as? NSNumber)?.intValue == 1)
        let state = try json(sim, "bitkit-sim", "requests", "state")
        #expect((state["pending"] as? [Any])?.isEmpty == true)
        let audit = try Sim.run("simctl", ["audit", "--world", sim.world.path])
        #expect(audit.status == 0, "\(audit.stdout)")
    }

    @Test func anInvoiceForAnotherAmountShowsTheMismatchErrorAndSendsNothing() throws {
        let sim = try journeyWorld()
        defer { sim.cleanup() }
        let invoice = try #require(
            try json(sim, "simctl", "issuer", "invoice", "--amount-msat", "99999000", "--route-hints")["invoice"]
                as? String)
        _ = try json(sim, "simctl", "issuer", "publish", "--identifier", "btc-lightning-bolt11", "--value", invoice)
        _ = try json(
            sim, "simctl", "issuer", "request", "--to", "bitkit", "--id", "Q2", "--amount", "0.001", "--identifier",
            "btc-lightning-bolt11")
        let shown = try json(sim, "bitkit-sim", "requests", "sync")
        #expect(sats(value(shown, "ReviewAmount")) == 100_000)
        let refused = try json(sim, "bitkit-sim", "requests", "confirm")
        let toasts = try #require(refused["toasts"] as? [[String: Any]])
        #expect(toasts.compactMap { $0["id"] as? String } == ["SimPaymentRequestMismatchToast"])
        let ledger = try json(sim, "simctl", "backend", "show", "ledger")
        #expect((ledger["lightning"] as? [Any])?.isEmpty == true)
        #expect((ledger["onchain"] as? [Any])?.isEmpty == true)
        let state = try json(sim, "bitkit-sim", "requests", "state")
        #expect((state["pending"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["Q2"])
    }

    /// spec/05 §6 "the payment context still belongs to this flow": a confirm held before sending while
    /// a second Bitkit process rejects the request ends `PaymentRequestUnavailableToast`, nothing sent.
    @Test func aConfirmHeldWhileTheRequestIsRejectedSendsNothing() throws {
        let sim = try journeyWorld()
        defer { sim.cleanup() }
        let address = try #require(try json(sim, "simctl", "issuer", "address")["address"] as? String)
        _ = try json(sim, "simctl", "issuer", "publish", "--identifier", "btc-regtest-p2wpkh", "--value", address)
        _ = try json(
            sim, "simctl", "issuer", "request", "--to", "bitkit", "--id", "Q1", "--amount", "0.001", "--identifier",
            "btc-regtest-p2wpkh")
        #expect(try json(sim, "bitkit-sim", "requests", "sync")["route"] as? String == "PaymentRequestConfirm")
        #expect(try sim("simctl", "break", "bitkit", "bitkit.requests.before-send").status == 0)
        let (held, output) = try Sim.start("bitkit-sim", ["requests", "confirm", "--json", "--world", sim.world.path])
        #expect(try sim("simctl", "wait-paused", "bitkit", "--timeout", "20").status == 0)
        let rejected = try json(sim, "bitkit-sim", "requests", "reject", "Q1")
        #expect((rejected["sheet"] as? [String: Any])?["id"] as? String == "PaymentRequestsSheet")
        #expect(try sim("simctl", "continue", "bitkit").status == 0)
        let finished = output.fileHandleForReading.readDataToEndOfFile()
        held.waitUntilExit()
        #expect(held.terminationStatus == 0)
        let screen = try #require(try JSONSerialization.jsonObject(with: finished) as? [String: Any])
        let toasts = (screen["toasts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(toasts == ["PaymentRequestUnavailableToast"])
        let ledger = try json(sim, "simctl", "backend", "show", "ledger")
        #expect((ledger["onchain"] as? [Any])?.isEmpty == true)
    }

    // MARK: P1 as a scenario file, untouched and broken

    /// Copies P01 with its includes into a temporary folder, applying `change` to P01's lines.
    private func copyP1(_ change: (inout [String]) -> Void) throws -> (folder: URL, file: String, lines: [String]) {
        let folder = Scratch.folder.appendingPathComponent("paykit-p1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = Self.repositoryRoot.appendingPathComponent("Fixtures/scenarios")
        for name in ["baseline.steps", "P-common.steps"] {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        var lines = try String(
            contentsOf: source.appendingPathComponent("P01-accept-and-pay-onchain.scenario"), encoding: .utf8
        ).components(separatedBy: "\n")
        change(&lines)
        let file = folder.appendingPathComponent("P01-accept-and-pay-onchain.scenario")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return (folder, file.path, lines)
    }

    /// The 1-based line of the first expectation that the confirmation opened on its own.
    private func presentationLine(_ lines: [String]) throws -> Int {
        let index = try #require(lines.firstIndex(of: "expect bitkit screen PaymentRequestConfirm"))
        return index + 1
    }

    @Test func theUntouchedP1Passes() throws {
        let copy = try copyP1 { _ in }
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let run = try Sim.run("simctl", ["scenario", "run", copy.file])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    /// The issuer publishes its endpoint under the wrong network's identifier: the regtest request has
    /// no endpoint, nothing presents itself, and P1 fails at the presentation.
    @Test func p1FailsWhenTheIssuerEndpointIsOfTheWrongNetwork() throws {
        let copy = try copyP1 { lines in
            for index in lines.indices where lines[index].hasPrefix("issuer publish --identifier btc-regtest-p2wpkh") {
                lines[index] = lines[index].replacingOccurrences(of: "btc-regtest-p2wpkh", with: "btc-bitcoin-p2wpkh")
            }
        }
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let run = try Sim.run("simctl", ["scenario", "run", copy.file])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "✗ \(copy.file):\(try presentationLine(copy.lines)): expect bitkit screen PaymentRequestConfirm"))
        #expect(run.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    /// Every endpoint fetch fails (an SDK fault): the resolution never opens and P1 fails at the
    /// presentation.
    @Test func p1FailsWhenTheEndpointFetchFails() throws {
        let copy = try copyP1 { lines in
            let include = lines.firstIndex(of: "include P-common.steps") ?? 0
            lines.insert("fault sdk --app bitkit paykit-endpoints --count 100", at: include + 1)
        }
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let run = try Sim.run("simctl", ["scenario", "run", copy.file])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "✗ \(copy.file):\(try presentationLine(copy.lines)): expect bitkit screen PaymentRequestConfirm"))
    }
}
