import Foundation
import Testing

/// A negative check passes only on something that exists: a path or filter that matches nothing fails
/// with "matched nothing" unless the check says `absent`.
@Suite struct NoVacuousPassEndToEndTests {
    func run(_ lines: [String], options: [String] = []) throws -> (path: String, run: Sim.Run) {
        let folder = Scratch.folder.appendingPathComponent("vacuous-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("negative.scenario")
        try (["bitkit launch"] + lines).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: folder) }
        return (file.path, try Sim.run("simctl", ["scenario", "run", file.path] + options))
    }

    @Test func aNegativeCheckNamingAPathThatDoesNotExistFailsWithMatchedNothing() throws {
        for check in [
            "expect bitkit state .noSuchField != 3",
            "expect bitkit state .noSuchField = null",
            "expect json simctl journal --app bitkit :: .entries[?op=no-such-op].status !contains 0",
            "expect json simctl journal --app bitkit :: .noSuchList[?op=launch] count 0",
            "expect last .buttons[*].noSuchKey !contains x",
        ] {
            let (path, result) = try run([check])
            #expect(result.status == 1, "\(check)")
            #expect(result.stdout.contains("✗ \(path):2: \(check)"), "\(result.stdout.suffix(800))")
            #expect(result.stdout.contains("matched nothing"), "\(check)")
        }
    }

    @Test func checksThatSayWhatIsMissingPass() throws {
        let (_, result) = try run([
            "expect bitkit state .noSuchField absent",
            "expect json simctl journal --app bitkit :: .entries[?op=no-such-op] absent",
            "expect json simctl journal --app bitkit :: .entries[?op=no-such-op] count 0",
            "expect json simctl journal --app bitkit :: .entries[?op=launch] exists",
            "expect bitkit no sheet",
        ])
        #expect(result.status == 0, "\(result.stdout.suffix(1500))")
    }
}
