import Foundation
import Testing

/// Bad input on an Android world gets what it gets on iOS (spec/07 §0, §2–§5): a clear error, the
/// documented exit code, nothing lost — a malformed provider row, a provider that throws, a secret
/// of the wrong length, a store file that is not one.
@Suite struct AndroidBadInputEndToEndTests {
    /// An Android world with both apps: Bitkit with a wallet and the Paykit UI on, Ring onboarded.
    struct AndroidWorld {
        let path: String

        init() throws {
            path = Scratch.folder.appendingPathComponent("android-\(UUID().uuidString)").path
            let made = try Sim.run(
                "simctl", ["world", "init", "--platform", "android", "--with-apps", "--world", path])
            #expect(made.status == 0, "\(made.stderr)")
            for step in [
                ["bitkit-sim", "launch"], ["bitkit-sim", "wallet", "create"],
                ["bitkit-sim", "settings", "dev", "paykit-ui", "on"],
                ["bitkit-sim", "settings", "dev", "profile-intro", "seen"], ["ring-sim", "launch"],
                ["ring-sim", "onboarding", "finish"],
            ] {
                let run = try self(step[0], Array(step.dropFirst()))
                #expect(run.status == 0, "\(step): \(run.stderr)")
            }
        }

        @discardableResult
        func callAsFunction(_ tool: String, _ args: [String]) throws -> Sim.Run {
            try Sim.run(tool, args + ["--world", path])
        }

        func json(_ tool: String, _ args: [String]) throws -> [String: Any] {
            try self(tool, args + ["--json"]).json()
        }

        func cleanup() { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func aRingEntryHoldingASecretOfTheWrongLengthIsListedButNeverAdopted() throws {
        let world = try AndroidWorld()
        defer { world.cleanup() }
        // A malformed row: Ring's provider serves whatever its store holds, Bitkit's client refuses it.
        #expect(try world("simctl", ["provider", "put", Fixture.a, "--secret", "0101"]).status == 0)
        let listed = try world.json("bitkit-sim", ["open", "profile"])
        #expect("\(listed)".contains(Fixture.a))
        let picked = try world.json("bitkit-sim", ["pick", Fixture.a])
        let toasts = (picked["toasts"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        #expect(toasts == ["error · Could Not Use Pubky · Ring credential unavailable"])
        // Nothing changed: no reference, no session, no key.
        let state = try world.json("bitkit-sim", ["state"])
        #expect(state["reference"] is NSNull)
        let keys = state["privateKeychain"] as? [String: Bool]
        #expect(keys?["paykit_session"] == false && keys?["pubky_secret_key"] == false)
        let shared = try world.json("simctl", ["sharing", "list"])
        let record = (shared["records"] as? [[String: Any]])?.first
        #expect(record?["validSecret"] as? Bool == false)
        #expect(record?["writer"] as? String == "simctl")
    }

    @Test func aProviderThatThrowsFailsTheListingWithItsMessageAndLosesNothing() throws {
        let world = try AndroidWorld()
        defer { world.cleanup() }
        #expect(try world("ring-sim", ["import", "--secret", Fixture.aSecret]).status == 0)
        #expect(try world("bitkit-sim", ["open", "profile"]).status == 0)
        #expect(try world("bitkit-sim", ["pick", Fixture.a]).status == 0)
        #expect(try world("simctl", ["provider", "fault", "ring", "identities", "--throw", "Binder died"]).status == 0)
        #expect(try world("bitkit-sim", ["background"]).status == 0)
        let foreground = try world.json("bitkit-sim", ["foreground"])
        #expect((foreground["toasts"] as? [Any])?.isEmpty == true)
        let journal = try world.json("simctl", ["journal", "--app", "bitkit", "--event", "sharing"])
        let last = (journal["entries"] as? [[String: Any]])?.last { $0["op"] as? String == "list" }
        #expect(last?["result"] as? String == "unknown")
        #expect(last?["detail"] as? String == "Binder died")
        let providerCalls = try world.json("simctl", ["journal", "--app", "bitkit", "--event", "provider"])
        let thrown = (providerCalls["entries"] as? [[String: Any]])?.last
        #expect(thrown?["result"] as? String == "exception")
        #expect(thrown?["detail"] as? String == "RuntimeException: Binder died")
        // The adoption is kept: a failed listing is never a loss.
        let state = try world.json("bitkit-sim", ["state"])
        #expect((state["reference"] as? [String: Any])?["pubky"] as? String == Fixture.a)
    }

    @Test func bitkitsKeyOfTheWrongLengthIsServedAsNothing() throws {
        let world = try AndroidWorld()
        defer { world.cleanup() }
        let planted = try world(
            "simctl", ["keychain", "write", "--group", "bitkit", "--account", "PUBKY_SECRET_KEY", "--data", "5eb00bbd"])
        #expect(planted.status == 0, "\(planted.stderr)")
        let served = try world.json("simctl", ["provider", "query", "bitkit", "identities", "--as", "ring"])
        #expect(served["outcome"] as? String == "empty")
        let home = try world.json("ring-sim", ["home"])
        #expect((try world.json("ring-sim", ["state"])["offers"] as? [Any])?.isEmpty == true, "\(home)")
    }

    @Test func aStoreFileThatIsNotOneIsAClearErrorAndIsLeftAsItWas() throws {
        let world = try AndroidWorld()
        defer { world.cleanup() }
        #expect(try world("ring-sim", ["import", "--secret", Fixture.aSecret]).status == 0)
        let file = world.path + "/.sim/sandboxes/app.pubkyring/shared_prefs/shared_pubky.json"
        let truncated = "{\"entries\":[{\"pubky\":\"" + Fixture.a
        try truncated.write(toFile: file, atomically: true, encoding: .utf8)
        let listed = try world("simctl", ["sharing", "list"])
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("shared_pubky.json is malformed"), "\(listed.stderr)")
        // Bitkit's query meets Ring's provider throwing: its listing fails, Pubky Choice shows the card.
        let choice = try world.json("bitkit-sim", ["open", "profile"])
        #expect("\(choice)".contains("PubkyChoiceCreate"))
        let query = try world.json("simctl", ["provider", "query", "ring", "identities", "--as", "bitkit"])
        #expect(query["outcome"] as? String == "exception")
        #expect(
            (query["exception"] as? String)?.hasPrefix("IllegalStateException: shared_pubky.json is malformed") == true)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == truncated)
    }

    @Test func misusedAndroidCommandsAreUsageErrorsAndAMissingPackageIsAWorldError() throws {
        let ios = try Sim()
        defer { ios.cleanup() }
        let onIOS = try ios("simctl", "provider", "list")
        #expect(onIOS.status == 2)
        #expect(onIOS.stderr.contains("content providers exist on Android worlds only"))
        let world = try AndroidWorld()
        defer { world.cleanup() }
        #expect(try world("simctl", ["provider", "put", Fixture.a]).status == 2)
        #expect(try world("simctl", ["provider", "fault", "ring", "identities"]).status == 2)
        #expect(try world("simctl", ["provider", "query", "ring", "identities"]).status == 2)
        #expect(try world("simctl", ["provider", "corrupt", Fixture.b]).status == 2)
        let missing = try world("bitkit-sim", ["--package", "to.bitkit.tnet", "launch"])
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("No package to.bitkit.tnet is installed"))
        #expect(try world("simctl", ["install", "bitkit", "--network", "testnet"]).status == 0)
        let ambiguous = try world("bitkit-sim", ["launch"])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("name one with --package"))
    }

    @Test func bitkitsKeychainCommandsReadThroughRingsProviderAndRefuseTheIOSWrites() throws {
        let world = try AndroidWorld()
        defer { world.cleanup() }
        #expect(try world("ring-sim", ["import", "--secret", Fixture.aSecret]).status == 0)
        let listed = try world.json("bitkit-sim", ["keychain", "list-ring"])
        #expect(listed["pubkys"] as? [String] == [Fixture.a])
        let read = try world.json("bitkit-sim", ["keychain", "load-secret", Fixture.a])
        #expect(read["secret"] as? String == Fixture.aSecret)
        let publish = try world("bitkit-sim", ["keychain", "publish-own", Fixture.wSecret])
        #expect(publish.status == 2)
        #expect(publish.stderr.contains("its provider serves PUBKY_SECRET_KEY live"))
    }

    @Test func uninstallingOneOfTwoFlavoursNeedsItsNameAndTheOtherTakesItsPlace() throws {
        let world = try AndroidWorld()
        defer { world.cleanup() }
        #expect(try world("simctl", ["install", "bitkit", "--network", "testnet"]).status == 0)
        #expect(try world("bitkit-sim", ["--package", "to.bitkit.tnet", "launch"]).status == 0)
        #expect(try world("bitkit-sim", ["--package", "to.bitkit.tnet", "wallet", "create"]).status == 0)
        let unnamed = try world("simctl", ["uninstall", "bitkit"])
        #expect(unnamed.status == 2)
        #expect(unnamed.stderr.contains("name one with --package"))
        #expect(try world("simctl", ["uninstall", "bitkit", "--package", "to.bitkit.dev"]).status == 0)
        // The testnet flavour is now the only Bitkit: reachable without a name, its wallet kept.
        let state = try world.json("bitkit-sim", ["state"])
        #expect((state["installed"] as? [String: Any])?["ownPrefix"] as? String == "to.bitkit.tnet")
        #expect(state["wallet"] as? Bool == true)
        #expect(state["running"] as? Bool == true)
    }
}
