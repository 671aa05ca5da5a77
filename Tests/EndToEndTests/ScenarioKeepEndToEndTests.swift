import Foundation
import Testing

/// `simctl scenario run --keep` names the kept world of a passing scenario as well as a failing one.
@Suite struct ScenarioKeepEndToEndTests {
    @Test func aPassingScenarioRunWithKeepPrintsWhereItsWorldIs() throws {
        let folder = Scratch.folder.appendingPathComponent("keep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("01-keep.scenario")
        try "ring keychain set-owned {A.secret}\nexpect records app.pubkyring:{A}\n".write(
            to: file, atomically: true, encoding: .utf8)
        let run = try Sim.run("simctl", ["scenario", "run", file.path, "--keep"])
        #expect(run.status == 0, "\(run.stdout)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("world kept at ") })
        let world = String(line.split(separator: " ").last ?? "")
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: world).deletingLastPathComponent()) }
        let records = try Sim.run("simctl", ["keychain", "list", "--group", "shared", "--world", world, "--json"])
        #expect(records.stdout.contains("app.pubkyring:\(Fixture.a)"))
    }
}
