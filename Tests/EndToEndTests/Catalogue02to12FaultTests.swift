import Foundation
import Testing

/// Catalogue scenarios 2–12 (spec/06 §1) catch what they claim to: each test copies a catalogue file
/// (with its includes) into a temporary folder, injects a behaviour fault or flips a fact after the
/// baseline, and checks that the run fails at the expectation that covers it, while the untouched file
/// passes.
@Suite struct Catalogue02to12FaultTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    // MARK: Runner

    /// Paths name accounts and pubkys with symbols (`[?account=app.pubkyring:{B}]`); an unexpanded
    /// filter matches nothing, so `count 0` would pass whatever the journal holds.
    @Test func symbolsInAnExpectationPathAreExpanded() throws {
        let present = try write(
            "present.scenario",
            """
            ring keychain set-owned {A.secret}
            expect json simctl keychain list --group shared :: .items[?account=app.pubkyring:{A}] count 1
            """)
        let absent = try write(
            "absent.scenario",
            """
            ring keychain set-owned {A.secret}
            expect json simctl keychain list --group shared :: .items[?account=app.pubkyring:{A}] count 0
            """)
        let passing = try Sim.run("simctl", ["scenario", "run", present])
        #expect(passing.status == 0, "\(passing.stdout)")
        let failing = try Sim.run("simctl", ["scenario", "run", absent])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("✗ \(absent):2:"))
    }
    /// "Data reads of app.pubkyring:A" needs two conditions on one journal entry: consecutive
    /// filters narrow the selection instead of being applied to each (object) element.
    @Test func consecutiveFiltersNarrowOneSelection() throws {
        let file = try write(
            "chained.scenario",
            """
            ring keychain set-owned {A.secret}
            ring keychain set-owned {B.secret}
            bitkit keychain load-secret {A}
            bitkit keychain is-definitely-missing {A}
            expect json simctl journal --app bitkit --event keychain :: ".entries[?account=app.pubkyring:{A}]" count 2
            expect json simctl journal --app bitkit --event keychain :: ".entries[?account=app.pubkyring:{A}][?data=true]" count 1
            expect json simctl journal --app bitkit --event keychain :: ".entries[?account=app.pubkyring:{B}][?data=true]" count 0
            """)
        let run = try Sim.run("simctl", ["scenario", "run", file])
        #expect(run.status == 0, "\(run.stdout)")
    }
}
