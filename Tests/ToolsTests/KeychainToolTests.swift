import Foundation
import Testing

/// `simctl keychain write|delete`: each group's default service is the one its app writes, and a
/// delete that removes nothing says so.
@Suite struct KeychainToolTests {
    @Test func deletingABitkitItemWithoutAServiceFindsTheServiceBitkitWrites() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        // Written as Bitkit writes it: service to.bitkit.
        let written = try sim(
            "simctl", "keychain", "write", "--group", "bitkit", "--service", "to.bitkit", "--account", "paykit_session",
            "--data", "x")
        #expect(written.status == 0)
        let deleted = try sim(
            "simctl", "keychain", "delete", "--group", "bitkit", "--account", "paykit_session", "--json")
        #expect(deleted.status == 0)
        let output = try deleted.json()
        #expect(output["removed"] as? Bool == true)
        #expect(output["service"] as? String == "to.bitkit")
        let left = try sim("simctl", "keychain", "list", "--group", "bitkit", "--json").json()
        #expect((left["items"] as? [Any])?.isEmpty == true)
    }

    @Test func aDeleteThatRemovesNothingExitsOneWithErrSecItemNotFound() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let missing = try sim("simctl", "keychain", "delete", "--group", "bitkit", "--account", "paykit_session")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("errSecItemNotFound, -25300"))
        #expect(missing.stderr.contains("service to.bitkit"))
    }

    @Test func ringsPrivateItemsDefaultToTheirAccountAsService() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        try sim("ring-sim", "launch")
        try sim("ring-sim", "onboarding", "finish")
        try sim("ring-sim", "import", "--secret", Fixture.aSecret)
        let before = try sim("simctl", "keychain", "list", "--group", "ring", "--json").json()
        let accounts = (before["items"] as? [[String: Any]] ?? []).compactMap { $0["account"] as? String }
        #expect(accounts.contains(Fixture.a))
        let deleted = try sim("simctl", "keychain", "delete", "--group", "ring", "--account", Fixture.a)
        #expect(deleted.status == 0)
    }

    @Test func theHelpSaysWhichServiceEachGroupDefaultsTo() throws {
        let sim = try InProcess(apps: false)
        defer { sim.cleanup() }
        for command in ["write", "delete"] {
            let help = try sim("simctl", "keychain", command, "--help")
            #expect(help.stdout.contains("pubky.shared.v1 in the shared group"))
            #expect(help.stdout.contains("to.bitkit in Bitkit's private groups"))
        }
    }
}
