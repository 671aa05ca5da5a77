import Foundation
import Testing

/// What makes a run readable for QA: `tags:` and `--tag`, `--keep-going`, and `examples:` tables.
@Suite struct ScenarioRunOptionsEndToEndTests {
    let folder: URL

    init() throws {
        folder = Scratch.folder.appendingPathComponent("options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func tagRunsOnlyTheTaggedScenariosOfTheCatalogue() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try FileManager.default.contentsOfDirectory(atPath: CatalogueFiles.scenarios.path)
            .filter { $0.hasSuffix(".scenario") }.sorted().map {
                CatalogueFiles.scenarios.appendingPathComponent($0).path
            }
        let tagged = try files.filter { path in
            try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
                .contains { $0.hasPrefix("tags:") && $0.split(separator: " ").contains("lock") }
        }
        #expect(!tagged.isEmpty)
        let run = try Sim.run("simctl", ["scenario", "run", "--tag", "lock", "--quiet", "--no-timings"] + files)
        #expect(run.status == 0, "\(run.stdout.suffix(1500))")
        let results = run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }
        #expect(results.count == tagged.count)
        #expect(results.allSatisfy { $0.hasPrefix("PASS R05-locked-device-keeps-adoption") })
        #expect(run.stdout.hasSuffix("\(tagged.count) passed, 0 failed\n"))

        let none = try Sim.run("simctl", ["scenario", "run", "--tag", "no-such-tag"] + files)
        #expect(none.status == 2)
        #expect(none.stderr.contains("has the tag no-such-tag"))
    }

    @Test func keepGoingListsEveryFailedExpectationNotOnlyTheFirst() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(
            "two-wrong.scenario",
            """
            title: Two wrong lines
            tags: example
            bitkit launch
            expect bitkit screen home
            expect bitkit screen onboarding
            expect bitkit title "Welcome to Pubky Ring"
            expect bitkit no toast
            """)
        let stops = try Sim.run("simctl", ["scenario", "run", path])
        #expect(stops.status == 1)
        #expect(stops.stdout.contains("✗ \(path):4: expect bitkit screen home"))
        #expect(!stops.stdout.contains("✗ \(path):6:"))
        #expect(!stops.stdout.contains("✓ bitkit screen onboarding"))

        let goesOn = try Sim.run("simctl", ["scenario", "run", path, "--keep-going", "--json"])
        #expect(goesOn.status == 1)
        let result = try #require(
            ((try goesOn.json()["scenarios"] as? [[String: Any]])?.first?["result"]) as? [String: Any])
        let failures = try #require(result["failures"] as? [[String: Any]])
        #expect(failures.compactMap { $0["location"] as? String } == ["\(path):4", "\(path):6"])
        #expect(result["tags"] as? [String] == ["example"])
        let transcript = try #require(result["transcript"] as? String)
        #expect(transcript.contains("  2 failures:"))
        #expect(transcript.contains("✗ \(path):4: expect bitkit screen home"))
        #expect(transcript.contains("✗ \(path):6: expect bitkit title \"Welcome to Pubky Ring\""))
        #expect(transcript.contains("✓ bitkit no toast"))
    }

    @Test func anExamplesTableRunsTheScenarioOncePerRowWithItsValuesBound() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(
            "rows.scenario",
            """
            title: One screen per row
            examples:
            | SCREEN   | ROUTE    |
            | settings | settings |
            | receive  | receive  |
            | profile  | nowhere  |
            bitkit launch
            bitkit wallet restore --mnemonic "{W_MNEMONIC}"
            bitkit open {SCREEN}
            expect bitkit screen {ROUTE}
            """)
        let run = try Sim.run("simctl", ["scenario", "run", path, "--no-timings"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("PASS rows[1] — One screen per row (SCREEN=settings, ROUTE=settings)"))
        #expect(run.stdout.contains("PASS rows[2] — One screen per row (SCREEN=receive, ROUTE=receive)"))
        #expect(run.stdout.contains("FAIL rows[3] — One screen per row (SCREEN=profile, ROUTE=nowhere)"))
        #expect(run.stdout.contains("replay: simctl scenario run \(path) --example 3 --seed 0 --keep"))
        #expect(run.stdout.contains("  # example 3: SCREEN=profile, ROUTE=nowhere"))
        #expect(run.stdout.hasSuffix("2 passed, 1 failed\n"))

        let one = try Sim.run("simctl", ["scenario", "run", path, "--example", "2", "--quiet", "--no-timings"])
        #expect(one.status == 0)
        #expect(one.stdout == "PASS rows[2] — One screen per row (SCREEN=receive, ROUTE=receive)\n1 passed, 0 failed\n")
        #expect(try Sim.run("simctl", ["scenario", "run", path, "--example", "4"]).stdout.contains("no example 4"))
    }

    @Test func theReportShowsAScenariosTags() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(
            "tagged.scenario", "title: Tagged\ntags: lock smoke\nbitkit launch\nexpect bitkit no toast\n")
        let report = folder.appendingPathComponent("report")
        let run = try Sim.run("simctl", ["scenario", "run", path, "--quiet", "--html", report.path])
        #expect(run.status == 0)
        let index = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<span class=\"tag\">lock</span><span class=\"tag\">smoke</span>"))
    }
}
