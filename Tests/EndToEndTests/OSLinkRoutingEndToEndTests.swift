import Foundation
import Testing

/// The OS delivers a link to the app that registers its scheme (`simctl open-url`), so scenario 23's
/// "Bitkit no longer registers pubkyauth" is a check that fails when Bitkit does.
@Suite struct OSLinkRoutingEndToEndTests {
    static let link =
        "pubkyauth://signin?caps=/pub/pubky.app/:rw&relay=https://httprelay.pubky.app/inbox&secret=AhDMGz2Er3dXNJCyWz1tPejj-U1LR4srjx-VmBgSuFI"

    @Test func scenario23FailsAtTheRoutingCheckWhenBitkitRegistersPubkyauth() throws {
        let folder = try CatalogueFiles.folderWithIncludes(label: "routing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (name, text) = try CatalogueFiles.original("23")
        let claiming = try CatalogueFiles.inserting(
            ["simctl install bitkit --url-scheme pubkyauth"], before: "include 22-bitkit-created-profile.steps",
            in: text)
        let untouched = folder.appendingPathComponent(name)
        let faulted = folder.appendingPathComponent("23-bitkit-claims-pubkyauth.scenario")
        try text.write(to: untouched, atomically: true, encoding: .utf8)
        try claiming.write(to: faulted, atomically: true, encoding: .utf8)
        let line = try #require(claiming.components(separatedBy: "\n").firstIndex(of: "expect last .receivedBy = ring"))

        let run = try Sim.run("simctl", ["scenario", "run", "--jobs", "2", untouched.path, faulted.path])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains("PASS 23-bitkit-scanner-approves-ring-owns-scheme — "), "\(run.stdout.suffix(2000))")
        #expect(run.stdout.contains("✗ \(faulted.path):\(line + 1): expect last .receivedBy = ring\n"))
        #expect(run.stdout.contains("actual:   .receivedBy = \"bitkit\""))
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func simctlOpenURLDeliversToTheAppRegisteringTheSchemeTheLaterInstallWinning() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "launch")
        let toRing = try sim("simctl", "open-url", Self.link, "--json").json()
        #expect(toRing["receivedBy"] as? String == "ring")
        #expect(toRing["handler"] as? String == "app.pubkyring")
        #expect(toRing["registeredBy"] as? [String] == ["ring"])
        let screen = try #require(toRing["screen"] as? [String: Any])
        #expect(screen["app"] as? String == "ring")
        #expect(try sim("simctl", "open-url", Self.link).stdout.hasPrefix("The OS delivered the link to Pubky Ring"))

        let install = try sim("simctl", "install", "bitkit", "--url-scheme", "pubkyauth", "--json").json()
        #expect(((install["install"] as? [String: Any])?["urlSchemes"] as? [String])?.last == "pubkyauth")
        let toBitkit = try sim("simctl", "open-url", Self.link, "--json").json()
        #expect(toBitkit["receivedBy"] as? String == "bitkit")
        #expect(toBitkit["registeredBy"] as? [String] == ["ring", "bitkit"])
        #expect((toBitkit["screen"] as? [String: Any])?["app"] as? String == "bitkit")

        try sim("simctl", "install", "ring")
        #expect(try sim("simctl", "open-url", Self.link, "--json").json()["receivedBy"] as? String == "ring")

        let nobody = try sim("simctl", "open-url", "foo://bar", "--json")
        #expect(nobody.status == 0)
        #expect(try nobody.json()["receivedBy"] == nil)
        let journal = try sim("simctl", "journal", "--event", "device", "--json").json()
        let routed = (journal["entries"] as? [[String: Any]] ?? []).filter { $0["op"] as? String == "open-url" }
        #expect(
            routed.compactMap { $0["detail"] as? String } == [
                "pubkyauth → ring", "pubkyauth → ring", "pubkyauth → bitkit", "pubkyauth → ring", "foo → nobody",
            ])
    }

    @Test func ringRefusesALinkTheOSHandsToBitkitAndBitkitThenHandlesIt() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "launch")
        let before = try sim("ring-sim", "state", "--json").stdout
        let notForBitkit = try sim("bitkit-sim", "open-url", Self.link, "--json").json()
        #expect(notForBitkit["deliveredToBitkit"] as? Bool == false)
        #expect(notForBitkit["handler"] as? String == "app.pubkyring")
        #expect(notForBitkit["receivedBy"] as? String == "ring")

        try sim("simctl", "install", "bitkit", "--url-scheme", "pubkyauth")
        let refused = try sim("ring-sim", "open-url", Self.link)
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("to Bitkit, not to Pubky Ring"))
        #expect(try sim("ring-sim", "state", "--json").stdout == before)
        // Bitkit now receives it and handles it as its scanner does (no wallet yet: the scanner's error).
        let handled = try sim("bitkit-sim", "open-url", Self.link, "--json").json()
        #expect(handled["route"] as? String == "onboarding")
        #expect((handled["toasts"] as? [[String: Any]])?.first?["type"] as? String == "error")
    }

    @Test func installRecordsTheBuildAndItsSchemes() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let shown = try sim("simctl", "world", "show", "--json").json()
        let apps = try #require((shown["device"] as? [String: Any])?["apps"] as? [[String: Any]])
        #expect(apps.map { $0["build"] as? String } == ["current", "current"])
        #expect(apps[1]["urlSchemes"] as? [String] == ["pubkyauth", "pubkyring"])
        #expect((apps[0]["urlSchemes"] as? [String])?.contains("pubkyauth") == false)
        let old = try sim("simctl", "install", "bitkit", "--build", "pre-shared-keys", "--json").json()
        let install = try #require(old["install"] as? [String: Any])
        #expect(install["build"] as? String == "pre-shared-keys")
        #expect((install["urlSchemes"] as? [String])?.contains("pubkyauth") == true)
        #expect(try sim("simctl", "install", "ring", "--build", "pre-shared-keys").status == 2)
        #expect(try sim("simctl", "install", "bitkit", "--url-scheme", "pubkyauth://").status == 2)
    }
}
