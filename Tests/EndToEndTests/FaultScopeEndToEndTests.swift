import Foundation
import Testing

/// `simctl fault add --group`: a rule hits one keychain group (the shared group by default), and
/// its count is used only by the calls it matches.
@Suite struct FaultScopeEndToEndTests {
    static let mnemonic =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    private func privateAccounts(_ sim: Sim) throws -> [String] {
        let items = try sim("simctl", "keychain", "list", "--group", "bitkit", "--json").json()["items"]
        return (items as? [[String: Any]] ?? []).compactMap { $0["account"] as? String }
    }

    @Test func aListFaultOnTheSharedGroupLeavesBitkitsWipeOfItsPrivateGroupComplete() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try sim("bitkit-sim", "wallet", "restore", "--mnemonic", Self.mnemonic).status == 0)
        #expect(try privateAccounts(sim).contains("bip39_mnemonic_0"))
        let added = try sim(
            "simctl", "fault", "add", "--app", "bitkit", "--op", "list", "--account", "*", "--status", "-25308")
        #expect(added.stdout.contains("bitkit list in shared * → "), "\(added.stdout)")
        let wipe = try sim("bitkit-sim", "settings", "reset", "--confirm")
        #expect(wipe.status == 0, "\(wipe.stderr)")
        #expect(wipe.stdout.contains("Wallet Data Deleted"))
        #expect(try privateAccounts(sim).isEmpty)
    }

    @Test func aPrivateGroupFaultNeedsItsGroupAndACountIsNotUsedByOtherGroups() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try sim("bitkit-sim", "wallet", "restore", "--mnemonic", Self.mnemonic).status == 0)
        // A counted read fault on the shared group: Bitkit's launch reads only its private group.
        #expect(
            try sim(
                "simctl", "fault", "add", "--app", "bitkit", "--op", "read", "--account", "*", "--status", "-25308",
                "--count", "1"
            ).status == 0)
        #expect(try sim("bitkit-sim", "relaunch").status == 0)
        let faults = try sim("simctl", "fault", "list", "--json").json()["faults"] as? [[String: Any]] ?? []
        #expect(faults.map { $0["remaining"] as? Int } == [1])
        #expect(faults.map { $0["group"] as? String } == ["shared"])
        // The same rule for Bitkit's private group stops the wipe's private delete.
        #expect(try sim("simctl", "fault", "clear").status == 0)
        #expect(
            try sim(
                "simctl", "fault", "add", "--app", "bitkit", "--op", "delete", "--group", "bitkit", "--account",
                "bip39_mnemonic_0", "--status", "-25308"
            ).status == 0)
        #expect(try sim("bitkit-sim", "settings", "reset", "--confirm").status == 0)
        #expect(try privateAccounts(sim).contains("bip39_mnemonic_0"))
        let refused = try sim(
            "simctl", "fault", "add", "--app", "bitkit", "--op", "read", "--group", "../..",
            "--status", "-25308")
        #expect(refused.status == 2)
    }
}
