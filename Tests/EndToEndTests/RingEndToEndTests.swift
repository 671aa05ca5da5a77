import Foundation
import Testing

/// `ring-sim` driven as QA would: one process per user action, the screen as JSON.
@Suite struct RingEndToEndTests {
    private func rows(_ screen: [String: Any]) -> [[String: Any]] { screen["rows"] as? [[String: Any]] ?? [] }
    private func toasts(_ screen: [String: Any]) -> [String] {
        (screen["toasts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test func aBitkitPubkyIsOfferedAdoptedUsedToAuthorizeThenPrunedWhenBitkitRemovesIt() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try sim("ring-sim", "launch", "--json").json()["route"] as? String == "onboarding")
        try sim("ring-sim", "onboarding", "finish")
        try sim("ring-sim", "import", "--secret", Fixture.aSecret)
        try sim("ring-sim", "signup", "#1")
        #expect(try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret).status == 0)

        let home = try sim("ring-sim", "home", "--json").json()
        let offer = try #require(rows(home).last)
        #expect(offer["id"] as? String == "ExternalPubkyBox-0")
        #expect(offer["title"] as? String == "pubky #2 (Bitkit)")
        #expect(offer["caption"] as? String == "aihfh...na3iy")
        #expect(offer["style"] as? String == "dashed")
        #expect(offer["button"] as? String == "Use in Pubky Ring")

        let sheet = try sim("ring-sim", "use", "#1", "--json").json()["sheet"] as? [String: Any]
        #expect(sheet?["id"] as? String == "use-external-pubky")
        let adopted = try sim("ring-sim", "use", "#1", "--confirm", "--json").json()
        #expect(rows(adopted).map { $0["id"] as? String } == ["PubkyBox--0", "PubkyBox-pubky2Bitkit-1"])
        #expect(rows(adopted).last?["pills"] as? [String] == ["Bitkit pubky"])

        let ticket = try sim("simctl", "auth-request", "create", "--caps", "/pub/pubky.app/:rw", "--json").json()
        let link = try #require(ticket["link"] as? String)
        let select = try sim("ring-sim", "open-url", link, "--json").json()["sheet"] as? [String: Any]
        #expect(select?["id"] as? String == "select-pubky")
        let confirm = try sim("ring-sim", "select", Fixture.w, "--json").json()["sheet"] as? [String: Any]
        #expect(confirm?["id"] as? String == "confirm-auth")
        let done = try sim("ring-sim", "confirm", "--json").json()["sheet"] as? [String: Any]
        #expect(done?["title"] as? String == "Authorization Successful")
        let status = try sim("simctl", "auth-request", "status", link, "--json").json()
        #expect(status["state"] as? String == "approved")
        #expect(status["pubky"] as? String == Fixture.w)

        #expect(try sim("bitkit-sim", "keychain", "remove-own", Fixture.w).status == 0)
        let pruned = try sim("ring-sim", "foreground", "--json").json()
        #expect(
            toasts(pruned) == [
                "info · Bitkit pubky removed · A pubky you were using from Bitkit is no longer available."
            ])
        #expect(rows(pruned).map { $0["id"] as? String } == ["PubkyBox--0"])
        let state = try sim("ring-sim", "state", "--json").json()
        #expect((state["pubkys"] as? [[String: Any]])?.map { $0["pubky"] as? String } == [Fixture.a])
        #expect(state["toasts"] as? [[String: Any]] != nil)
    }

    @Test func wipeRemovesRingsRecordsAndLeavesBitkitsIntact() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "import", "--secret", Fixture.aSecret)
        try sim("ring-sim", "import", "--secret", Fixture.bSecret)
        try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret)
        try sim("ring-sim", "use", Fixture.w, "--confirm")
        let alert = try sim("ring-sim", "settings", "wipe", "--json").json()["sheet"] as? [String: Any]
        #expect(alert?["title"] as? String == "Are you sure?")
        let wiped = try sim("ring-sim", "settings", "wipe", "--confirm", "--json").json()
        #expect(wiped["route"] as? String == "onboarding")
        let inspected = try sim("simctl", "keychain", "list", "--group", "shared", "--json").json()
        let accounts = (inspected["items"] as? [[String: Any]] ?? []).compactMap { $0["account"] as? String }
        #expect(accounts == ["to.bitkit.dev:\(Fixture.w)"])
        let state = try sim("ring-sim", "state", "--json").json()
        #expect((state["pubkys"] as? [Any])?.isEmpty == true)
        #expect((state["privateItems"] as? [Any])?.isEmpty == true)
        #expect(state["onboarded"] as? Bool == false)
    }

    @Test func aRecoveryFileExportedAndReimportedRoundTrips() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "import", "--secret", Fixture.aSecret, "--name", "Alice")
        let short = try sim("ring-sim", "backup", "export", "Alice", "--passphrase", "12345", "--json").json()
        #expect((short["texts"] as? [String])?.last == "Password must be at least 6 characters long")
        let out = sim.world.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let exported = try sim(
            "ring-sim", "backup", "export", "Alice", "--passphrase", "correct horse", "--out", out.path, "--json"
        ).json()
        let toast = try #require(toasts(exported).first)
        let name = try #require(toast.components(separatedBy: " · ").last)
        #expect(name.hasPrefix("alice-backup-") && name.hasSuffix(".pkarr"))
        let file = out.appendingPathComponent(name)
        let bytes = try Data(contentsOf: file)
        #expect(bytes.count == 91)
        #expect(bytes.prefix(19) == Data("pubky.org/recovery\n".utf8))

        #expect(try sim("ring-sim", "delete", "Alice", "--confirm").status == 0)
        let wrong = try sim("ring-sim", "import", "--file", file.path, "--passphrase", "wrong horse", "--json").json()
        #expect(toasts(wrong).first?.hasPrefix("error · Error · Failed to decrypt file: ") == true)
        let imported = try sim("ring-sim", "import", "--file", file.path, "--passphrase", "correct horse", "--json")
            .json()
        #expect(toasts(imported).isEmpty)
        #expect(rows(imported).map { $0["caption"] as? String } == ["tkrq8...xp7qy"])
        let shared = try sim("ring-sim", "keychain", "list-external", "--json")
        #expect(shared.status == 0)
        let inspected = try sim("simctl", "keychain", "list", "--group", "shared", "--json").json()
        #expect(
            (inspected["items"] as? [[String: Any]])?.compactMap { $0["account"] as? String } == [
                "app.pubkyring:\(Fixture.a)"
            ])
    }

    @Test func impossibleStepsAreUsageErrorsAndAMissingInstallExitsThree() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let unknown = try sim("ring-sim", "open", "nobody")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Pubky Ring lists no pubky 'nobody'"))
        #expect(try sim("ring-sim", "confirm").status == 2)
        let checkpoints = try sim("ring-sim", "checkpoints", "--json").json()
        let names = (checkpoints["checkpoints"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("ring.setOwned.between-delete-and-add") && names.contains("ring.prune.after-listing"))
        try sim("simctl", "uninstall", "ring")
        #expect(try sim("ring-sim", "launch").status == 3)
    }

    @Test func signupWithoutAnInviteIssuesATokenAndAdoptedPubkysAreRefused() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "import", "--secret", Fixture.aSecret)
        let signed = try sim("ring-sim", "signup", "#1")
        #expect(signed.stdout.contains("note: No invite given: issued signup token"))
        #expect(signed.stdout.contains("[Authorize]"))
        try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret)
        try sim("ring-sim", "use", "#1", "--confirm")
        let refused = try sim("ring-sim", "signup", Fixture.w, "--json").json()
        #expect(toasts(refused) == ["error · Error · Homeserver actions are not available for a Bitkit pubky."])
        let renamed = try sim("ring-sim", "rename", Fixture.w, "Wallet key")
        #expect(renamed.stdout.hasPrefix("Edit sheet: Edit aihfh...na3iy"))
    }
}
