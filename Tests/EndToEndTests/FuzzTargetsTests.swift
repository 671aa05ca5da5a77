import Foundation
import Testing

/// `scripts/fuzz` finds its targets in Tests/FuzzTargets/ and their seeds in Fixtures/fuzz/<target>/.
@Suite struct FuzzTargetsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyParserHasAFuzzTargetWithASeedCorpus() throws {
        let list = try Sim.run(
            executable: Self.root.appendingPathComponent("scripts/fuzz"), ["--list"])
        #expect(list.status == 0, "\(list.stderr)")
        let names = list.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.count >= 10)
        for name in [
            "pubkyauth-link", "pubkyring-link", "backup-document", "paykit-request", "endpoint-payload", "bolt11",
            "bitcoin-address", "lnurl", "recovery-file", "keychain-item", "sandbox-document", "scenario-file",
            "serve-request",
        ] {
            #expect(names.contains(name), "no fuzz target \(name)")
        }
        for name in names {
            let seeds = Self.root.appendingPathComponent("Fixtures/fuzz/\(name)")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: seeds.path)) ?? []
            #expect(files.count >= 3, "Fixtures/fuzz/\(name) holds \(files.count) seeds")
        }
    }

    @Test func anUnknownTargetIsAUsageError() throws {
        let run = try Sim.run(executable: Self.root.appendingPathComponent("scripts/fuzz"), ["no-such-target"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("no target 'no-such-target'"))
    }
}
