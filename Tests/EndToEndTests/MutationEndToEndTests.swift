import Foundation
import Testing

/// `simctl mutate` end to end: the real schema build (reused when its sources have not changed), a
/// mutant scenario 1 kills, and one no iOS scenario can reach, reported as a survivor with its page.
@Suite(.serialized) struct MutationEndToEndTests {
    static let repository = CatalogueFiles.scenarios.deletingLastPathComponent().deletingLastPathComponent()

    static func points() throws -> [[String: Any]] {
        let list = try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("simctl"), ["mutate", "list", "--json"],
            directory: repository)
        #expect(list.status == 0, "\(list.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    }

    @Test(.timeLimit(.minutes(60)))
    func aMutantTheCatalogueCatchesIsKilledAndOneNoScenarioReachesSurvives() throws {
        let points = try Self.points()
        // Bitkit's listing without the colon of `app.pubkyring:`: scenario 1 lists Ring's pubkys.
        let killed = try #require(
            points.first {
                ($0["declaration"] as? String)?.hasSuffix("BitkitKeychainExchange.listPeers()") == true
                    && $0["op"] as? String == "text"
            })
        // Android's provider code: no iOS scenario runs it.
        let survivor = try #require(
            points.first { ($0["declaration"] as? String)?.hasPrefix("BitkitSharedPubkyProvider") == true })
        let killedID = try #require(killed["id"] as? String)
        let survivorID = try #require(survivor["id"] as? String)
        let out = Scratch.folder.appendingPathComponent("mutate-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("simctl"),
            [
                "mutate", "run", "Fixtures/scenarios/01-ring-pubkys-listed.scenario", "--platform", "ios",
                "--mutant", killedID, "--mutant", survivorID, "--out", out.path, "--json", "--quiet",
            ], directory: Self.repository)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let mutants = try #require(report["mutants"] as? [[String: Any]])
        let first = try #require(mutants.first { $0["id"] as? String == killedID })
        #expect(first["status"] as? String == "killed")
        #expect(first["killedBy"] as? String == "01-ring-pubkys-listed")
        #expect(first["platform"] as? String == "ios")
        let second = try #require(mutants.first { $0["id"] as? String == survivorID })
        #expect(second["status"] as? String == "survived")
        #expect(second["reachedBy"] as? Int == 0)
        let total = try #require(report["total"] as? [String: Any])
        #expect(total["killed"] as? Int == 1 && total["survived"] as? Int == 1)
        // The survivor's page shows its diff; the killed mutant has none.
        let page = try String(
            contentsOf: out.appendingPathComponent("survivors/\(survivorID).html"), encoding: .utf8)
        #expect(page.contains("SURVIVED"))
        #expect(page.contains("<span class=del>-"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("survivors/\(killedID).html").path))
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("survivors/\(survivorID).html"))
    }

    @Test func theCatalogueOfMutantsIsStableAndCoversEveryModuleInScope() throws {
        let points = try Self.points()
        #expect(points.count >= 100)
        let ids = points.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == ids.count, "ids are unique")
        let modules = Set(points.compactMap { $0["module"] as? String })
        #expect(
            modules.isSuperset(of: [
                "IdentitySharing", "Keychain", "IOSPlatform", "AndroidPlatform", "BitkitApp", "RingApp", "Audit",
            ]))
        #expect(try Self.points().compactMap { $0["id"] as? String } == ids, "a second scan gives the same ids")
    }
}
