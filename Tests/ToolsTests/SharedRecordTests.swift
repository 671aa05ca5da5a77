import Foundation
import Testing

@Suite struct SharedRecordTests {
    @Test func ringPublishesAndBitkitListsAndReadsJustInTime() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        #expect(try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret).status == 0)
        #expect(try sim("ring-sim", "keychain", "set-owned", Fixture.bSecret).status == 0)
        let list = try sim("bitkit-sim", "keychain", "list-ring", "--json").json()
        #expect(list["pubkys"] as? [String] == [Fixture.a, Fixture.b])
        let secret = try sim("bitkit-sim", "keychain", "load-secret", Fixture.a, "--json").json()
        #expect(secret["secret"] as? String == Fixture.aSecret)

        let inspected = try sim("simctl", "keychain", "list", "--group", "shared", "--json").json()
        let items = try #require(inspected["items"] as? [[String: Any]])
        #expect(items.map { $0["account"] as? String } == ["app.pubkyring:\(Fixture.a)", "app.pubkyring:\(Fixture.b)"])
        #expect(items.allSatisfy { $0["accessibility"] as? String == "WhenUnlockedThisDeviceOnly" })
        #expect(items.allSatisfy { $0["synchronizable"] as? Bool == false })
        #expect(items.allSatisfy { $0["validSecret"] as? Bool == true })
        #expect(items.allSatisfy { $0["writer"] as? String == "app.pubkyring" })
        #expect(items.allSatisfy { $0["data"] == nil })
    }

    @Test func aLockedDeviceMakesReadsUnknownNeverMissing() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret)
        try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret)
        #expect(try sim("simctl", "device", "lock").status == 0)

        let secret = try sim("bitkit-sim", "keychain", "load-secret", Fixture.a, "--json").json()
        #expect(secret["secret"] == nil || secret["secret"] is NSNull)
        let missing = try sim("bitkit-sim", "keychain", "is-definitely-missing", Fixture.a, "--json").json()
        #expect(missing["definitelyMissing"] as? Bool == false)
        let list = try sim("bitkit-sim", "keychain", "list-ring", "--json").json()
        #expect((list["pubkys"] as? [String])?.isEmpty == true)
        let ring = try sim("ring-sim", "keychain", "list-external", "--json").json()
        #expect(ring["ok"] as? Bool == false)
        #expect(ring["error"] as? String == "Keychain error -25308")

        let journal = try sim("simctl", "journal", "--app", "bitkit", "--event", "keychain", "--json").json()
        let statuses = (journal["entries"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? Int }
        #expect(statuses.suffix(3) == [-25308, -25308, -25308])

        try sim("simctl", "device", "unlock")
        let again = try sim("bitkit-sim", "keychain", "load-secret", Fixture.a, "--json").json()
        #expect(again["secret"] as? String == Fixture.aSecret)
    }

    @Test func removeAllOwnKeepsOtherNetworksAndRingRecords() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret)
        try sim("simctl", "install", "bitkit", "--network", "bitcoin")
        try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret)
        try sim("simctl", "install", "bitkit", "--network", "testnet")
        try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret)
        try sim("simctl", "install", "bitkit", "--network", "regtest")
        try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret)
        let removed = try sim("bitkit-sim", "keychain", "remove-all-own", "--json").json()
        #expect(removed["deleted"] as? [String] == ["to.bitkit.dev:\(Fixture.w)"])
        let accounts = try sharedAccounts(sim)
        #expect(accounts == ["app.pubkyring:\(Fixture.a)", "to.bitkit:\(Fixture.w)", "to.bitkit.tnet:\(Fixture.w)"])
        let ring = try sim("ring-sim", "keychain", "list-external", "--json").json()
        let records = ring["records"] as? [[String: String]]
        #expect(
            records == [
                ["pubky": Fixture.w, "sourceApp": "to.bitkit"], ["pubky": Fixture.w, "sourceApp": "to.bitkit.tnet"],
            ])
    }

    @Test func ringWipeOfItsRecordsNeverTouchesBitkitRecords() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret)
        try sim("ring-sim", "keychain", "set-owned", Fixture.bSecret)
        try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret)
        let result = try sim("ring-sim", "keychain", "remove-all-owned", "--json").json()
        #expect(result["ok"] as? Bool == true)
        #expect(try sharedAccounts(sim) == ["to.bitkit.dev:\(Fixture.w)"])
    }

    @Test func publishOwnOnADuplicateUpdatesOnlyTheDataAndKeepsAccessibility() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        // An injected item with another class keeps it through Bitkit's update path (spec/01 §13.9).
        try sim(
            "simctl", "keychain", "write", "--account", "to.bitkit.dev:\(Fixture.w)", "--data", "stale",
            "--accessibility", "AfterFirstUnlockThisDeviceOnly")
        let published = try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret, "--json").json()
        #expect(published["status"] as? Int == 0)
        let items = try #require(
            try sim("simctl", "keychain", "list", "--group", "shared", "--show-secrets", "--json").json()["items"]
                as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["data"] as? String == Fixture.wSecret)
        #expect(items.first?["accessibility"] as? String == "AfterFirstUnlockThisDeviceOnly")
    }

    @Test func aBuildWithoutTheSharedGroupGetsMissingEntitlement() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret)
        try sim("simctl", "install", "bitkit", "--network", "regtest", "--without-shared-group")
        let list = try sim("bitkit-sim", "keychain", "list-ring", "--json").json()
        #expect((list["pubkys"] as? [String])?.isEmpty == true)
        let journal = try sim("simctl", "journal", "--app", "bitkit", "--event", "keychain", "--json").json()
        let last = (journal["entries"] as? [[String: Any]])?.last
        #expect(last?["status"] as? Int == -34018)
        // The seam says what that means: nothing could be told, not "Ring has no pubkys".
        let sharing = try sim("simctl", "journal", "--app", "bitkit", "--event", "sharing", "--json").json()
        let listing = (sharing["entries"] as? [[String: Any]])?.last
        #expect(listing?["op"] as? String == "list")
        #expect(listing?["result"] as? String == "unknown")
        #expect(listing?["detail"] as? String == "status -34018")
    }

    @Test func uninstallRemovesTheSandboxButKeepsEveryKeychainItem() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret)
        try sim("bitkit-sim", "keychain", "publish-own", Fixture.wSecret)
        let sandbox = sim.world.appendingPathComponent(".sim/sandboxes/to.bitkit")
        #expect(FileManager.default.fileExists(atPath: sandbox.path))
        #expect(try sim("simctl", "uninstall", "bitkit").status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path))
        #expect(try sharedAccounts(sim) == ["app.pubkyring:\(Fixture.a)", "to.bitkit.dev:\(Fixture.w)"])
        let notInstalled = try sim("bitkit-sim", "keychain", "list-ring")
        #expect(notInstalled.status == 3)
        #expect(notInstalled.stderr.contains("Bitkit is not installed"))
    }

    @Test func aForcedDeleteFailureIsReportedByRingAndChangesNothing() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        try sim("ring-sim", "keychain", "set-owned", Fixture.aSecret)
        try sim(
            "simctl", "fault", "add", "--app", "ring", "--op", "delete", "--account", "app.pubkyring:*", "--status",
            "-25291", "--count", "1")
        let failed = try sim("ring-sim", "keychain", "remove-owned", Fixture.a, "--json").json()
        #expect(failed["error"] as? String == "Keychain error -25291")
        #expect(try sharedAccounts(sim) == ["app.pubkyring:\(Fixture.a)"])
        let retried = try sim("ring-sim", "keychain", "remove-owned", Fixture.a, "--json").json()
        #expect(retried["ok"] as? Bool == true)
        #expect(try sharedAccounts(sim).isEmpty)
    }

    private func sharedAccounts(_ sim: InProcess) throws -> [String] {
        let items =
            try sim("simctl", "keychain", "list", "--group", "shared", "--json").json()["items"] as? [[String: Any]]
        return (items ?? []).compactMap { $0["account"] as? String }
    }
}
