import Foundation
import Testing

/// `simctl issuer`: what it mints and sends is exactly what Bitkit's contract checks accept, judged by
/// `bitkit-sim paykit check-*` (the same parser and gate the journey uses).
@Suite struct PaykitIssuerEndToEndTests {
    static let cSecret = "5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51"
    static let c = "gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o"

    private func json(_ sim: Sim, _ tool: String, _ args: [String]) throws -> [String: Any] {
        let run = try Sim.run(tool, args + ["--world", sim.world.path, "--json"])
        #expect(run.status == 0, "\(tool) \(args.joined(separator: " ")): \(run.stderr)")
        return try run.json()
    }

    private func checkEndpoint(
        _ sim: Sim, _ identifier: String, _ value: String, network: String, request: Bool
    )
        throws -> String?
    {
        let payload = "{\"value\":\"\(value)\"}"
        let args =
            ["paykit", "check-endpoint", "--identifier", identifier, "--payload", payload, "--network", network]
            + (request ? ["--for-request"] : [])
        return try json(sim, "bitkit-sim", args)["outcome"] as? String
    }

    /// Each minted address decodes for its network and type; signet addresses share testnet's encodings,
    /// so a signet wallet does not accept them (spec/05 §5, taken literally).
    @Test func mintedAddressesArePayableOnTheirNetwork() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        for network in ["bitcoin", "testnet", "signet", "regtest"] {
            for type in ["p2tr", "p2wpkh", "p2sh", "p2pkh"] {
                let minted = try json(sim, "simctl", ["issuer", "address", "--network", network, "--type", type])
                let address = try #require(minted["address"] as? String)
                let outcome = try checkEndpoint(sim, "btc-\(network)-\(type)", address, network: network, request: true)
                #expect(outcome == (network == "signet" ? "notOpened" : "opened"), "\(network) \(type) \(address)")
            }
        }
        let first = try json(sim, "simctl", ["issuer", "address"])["address"] as? String
        let second = try json(sim, "simctl", ["issuer", "address"])["address"] as? String
        #expect(first != second)
        #expect(first?.hasPrefix("bcrt1q") == true)
    }

    /// Invoices carry the amount asked for and, with --route-hints, a private route: only those are
    /// payable for a request.
    @Test func mintedInvoicesArePayableForRequestsOnlyWithRouteHints() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let hinted = try json(
            sim, "simctl", ["issuer", "invoice", "--amount-msat", "100000000", "--route-hints"])
        let invoice = try #require(hinted["invoice"] as? String)
        #expect(invoice.hasPrefix("lnbcrt1m1"))
        #expect(try checkEndpoint(sim, "btc-lightning-bolt11", invoice, network: "regtest", request: true) == "opened")
        let bare = try #require(try json(sim, "simctl", ["issuer", "invoice", "--no-amount"])["invoice"] as? String)
        #expect(bare.hasPrefix("lnbcrt1"))
        #expect(try checkEndpoint(sim, "btc-lightning-bolt11", bare, network: "regtest", request: true) == "notOpened")
        #expect(try checkEndpoint(sim, "btc-lightning-bolt11", bare, network: "regtest", request: false) == "opened")
        let usage = try sim("simctl", "issuer", "invoice")
        #expect(usage.status == 2)
    }

    /// The record `issuer request` delivers passes the request gate with the expected sats, retained
    /// identifiers and note; options change exactly the field they name.
    @Test func theDeliveredRecordIsWhatTheGateExpects() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try json(sim, "simctl", ["issuer", "setup", "--secret", Self.cSecret])["signedUp"] as? Bool == true)
        #expect(try json(sim, "simctl", ["issuer", "setup", "--secret", Self.cSecret])["signedUp"] as? Bool == false)
        let sent = try json(
            sim, "simctl",
            [
                "issuer", "request", "--to", Self.c, "--id", "Q 1/x", "--amount", "0.001", "--identifier",
                "btc-bitcoin-p2wpkh", "--identifier", "btc-regtest-p2wpkh", "--note", "  Order 42  ",
            ])
        #expect(sent["path"] as? String == "/pub/paykit/v0/private/\(Self.c)/requests/Q%201%2Fx")
        let record = try #require(sent["record"] as? String)
        let file = sim.world.appendingPathComponent("record.json")
        try record.write(to: file, atomically: true, encoding: .utf8)
        let checked = try json(sim, "bitkit-sim", ["paykit", "check-request", file.path, "--network", "regtest"])
        #expect(checked["accepted"] as? Bool == true)
        #expect((checked["sats"] as? NSNumber)?.intValue == 100_000)
        #expect(checked["retainedIdentifiers"] as? [String] == ["btc-regtest-p2wpkh"])
        #expect(checked["note"] as? String == "Order 42")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
        #expect(object["counterparty"] as? String == "pubky" + Self.c)
        #expect(object["localRole"] as? String == "payer")
        #expect(object["state"] as? String == "proposed")
        // The file is on the issuer's homeserver, written by simctl.
        let storage = try json(sim, "simctl", ["backend", "show", "storage", "--pubky", Self.c])
        let paths = (storage["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.contains("/pub/paykit/v0/private/\(Self.c)/requests/Q%201%2Fx"))
        // Without Bitkit's session, `--to bitkit` has no recipient.
        let missing = try sim("simctl", "issuer", "request", "--to", "bitkit", "--id", "Q2", "--amount", "1")
        #expect(missing.status == 1)
    }
}
