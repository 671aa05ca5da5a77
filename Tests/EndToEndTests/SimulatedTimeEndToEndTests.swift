import Foundation
import Testing

/// Timings asserted from the journal's simulated times: backend entries carry the latency and timeout
/// they saw, and R6's "gives up after 2 s" turns red when the clients wait longer.
@Suite struct SimulatedTimeEndToEndTests {
    @Test func r6AssertsTheTwoSecondGiveUpAndFailsWhenTheResolveTimeoutIsFourSeconds() throws {
        let folder = try CatalogueFiles.folderWithIncludes(label: "r6-timeout")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (name, text) = try CatalogueFiles.original("R06")
        let slower = try CatalogueFiles.inserting(
            ["simctl net resolve-timeout 4"], before: "bitkit open profile", in: text)
        let check = "expect elapsed [?op=bitkit.pick.before-record-check][-1] [?event=toast][-1] = 2000"
        let line = try #require(slower.components(separatedBy: "\n").firstIndex(of: check))
        let untouched = folder.appendingPathComponent(name)
        let faulted = folder.appendingPathComponent("R06-resolve-timeout-4s.scenario")
        try text.write(to: untouched, atomically: true, encoding: .utf8)
        try slower.write(to: faulted, atomically: true, encoding: .utf8)

        let run = try Sim.run("simctl", ["scenario", "run", "--jobs", "2", untouched.path, faulted.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("PASS R06-dht-unreachable-no-pick — "), "\(run.stdout.suffix(2000))")
        #expect(run.stdout.contains("✓ \(check.dropFirst("expect ".count))"))
        #expect(run.stdout.contains("✗ \(faulted.path):\(line + 1): \(check)\n"), "\(run.stdout.suffix(2000))")
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func backendEntriesCarryTheLatencyAndTimeoutTheClientSaw() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "onboarding", "finish")
        try sim("ring-sim", "import", "--secret", Fixture.bSecret)
        try sim("simctl", "net", "dht", "unreachable")
        let knobs = try sim("simctl", "net", "resolve-timeout", "3", "--json").json()
        #expect(knobs["resolveTimeout"] as? Double == 3)
        try sim("ring-sim", "signup", "#1")
        let journal = try sim("simctl", "journal", "--event", "backend", "--json").json()
        let entries = try #require(journal["entries"] as? [[String: Any]])
        let dht = try #require(entries.first { ($0["op"] as? String)?.hasPrefix("pkarr-dht") == true })
        #expect(dht["detail"] as? String == "timed-out")
        #expect(dht["latency"] as? Int == 3000)
        #expect(dht["timeout"] as? Int == 3000)
        let signup = try #require(entries.first { $0["op"] as? String == "homeserver POST /signup" })
        #expect(signup["latency"] as? Int == 50)
        #expect(signup["timeout"] as? Int == 30000)
        #expect(try sim("simctl", "net", "resolve-timeout", "default", "--json").json()["resolveTimeout"] == nil)
        #expect(try sim("simctl", "net", "resolve-timeout", "0").status == 2)
    }

    @Test func elapsedComparesTheClocksOfTwoJournalEntries() throws {
        let folder = Scratch.folder.appendingPathComponent("elapsed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("elapsed.scenario")
        try """
        bitkit launch
        device clock advance 2.5
        ring launch
        expect elapsed [?app=bitkit][?op=launch][0] [?app=ring][?op=launch][0] = 2500
        expect elapsed [?app=bitkit][?op=launch][0] [?app=ring][?op=launch][0] >= 2500
        expect elapsed [?app=bitkit][?op=launch][0] [?app=ring][?op=launch][0] < 2000
        """.write(to: file, atomically: true, encoding: .utf8)
        let run = try Sim.run("simctl", ["scenario", "run", file.path, "--keep-going"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("✓ elapsed [?app=bitkit][?op=launch][0] [?app=ring][?op=launch][0] = 2500"))
        #expect(run.stdout.contains("✓ elapsed [?app=bitkit][?op=launch][0] [?app=ring][?op=launch][0] >= 2500"))
        #expect(
            run.stdout.contains(
                "actual:   elapsed [?app=bitkit][?op=launch][0] → [?app=ring][?op=launch][0] (ms) = 2500"))
    }
}
