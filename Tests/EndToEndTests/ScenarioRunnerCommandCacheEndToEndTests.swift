import Foundation
import Testing

/// Expectations reuse a command's output only until the next step: a step's effect is always seen.
@Suite struct ScenarioRunnerCommandCacheEndToEndTests {
    @Test func aStepBetweenTwoExpectationsOnOneCommandIsSeen() throws {
        let folder = Scratch.folder.appendingPathComponent("cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("01-cache.scenario")
        try """
        expect records
        expect json simctl keychain list --group shared :: .items count 0
        ring keychain set-owned {A.secret}
        expect records app.pubkyring:{A}
        expect json simctl keychain list --group shared :: .items count 1
        simctl keychain delete --account app.pubkyring:{A}
        expect records
        """.write(to: file, atomically: true, encoding: .utf8)
        let run = try Sim.run("simctl", ["scenario", "run", file.path])
        #expect(run.status == 0, "\(run.stdout)")
    }
}
