import Foundation
import Testing

/// Symbols in an expectation's path (`[?account=app.pubkyring:{B}]`) are expanded like its value.
@Suite struct ScenarioRunnerPathSymbolsEndToEndTests {
    func run(_ text: String) throws -> Sim.Run {
        let folder = Scratch.folder.appendingPathComponent("path-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("01-path.scenario")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try Sim.run("simctl", ["scenario", "run", file.path])
    }

    @Test func aFilterNamingASymbolSelectsThatAccount() throws {
        let run = try run(
            """
            ring keychain set-owned {A.secret}
            expect json simctl keychain list --group shared --show-secrets :: .items[?account=app.pubkyring:{A}].data = [{A.secret}]
            expect json simctl keychain list --group shared :: .items[?account=app.pubkyring:{B}] count 0
            """)
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test func aFilterNamingAnotherSymbolStillFails() throws {
        let run = try run(
            """
            ring keychain set-owned {A.secret}
            expect json simctl keychain list --group shared :: .items[?account=app.pubkyring:{B}] count 1
            """)
        #expect(run.status == 1)
        #expect(run.stdout.contains("actual:   .items[?account=app.pubkyring:{B}] = []"))
    }
}
