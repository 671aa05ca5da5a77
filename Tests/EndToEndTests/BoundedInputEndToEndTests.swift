import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Huge inputs are refused before they are read (Docs/cli.md, "Input limits"): fast, within a 48 MiB
/// data-memory cap (`MeasuredRun`), and with every stored credential left as it was. Big files are
/// sparse, so they cost no disk.
@Suite struct BoundedInputEndToEndTests {
    static let mnemonic =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    static let bigSize: off_t = 300 << 20

    /// A world with a Bitkit wallet and a Ring pubky, so "nothing changed" has something to lose.
    private func world() throws -> Sim {
        let sim = try Sim()
        for (tool, args) in [
            ("bitkit-sim", ["wallet", "restore", "--mnemonic", Self.mnemonic]),
            ("ring-sim", ["import", "--secret", Fixture.aSecret]),
        ] {
            let run = try Sim.run(tool, args + ["--world", sim.world.path])
            #expect(run.status == 0, "\(args): \(run.stderr)")
        }
        return sim
    }

    /// A sparse file of `size` zero bytes.
    private func sparseFile(_ name: String, size: off_t = bigSize) throws -> String {
        let path = Scratch.folder.appendingPathComponent("\(UUID().uuidString)-\(name)").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, size) == 0)
        return path
    }

    /// Every file of the world and its bytes (the world is small).
    private func fingerprint(_ sim: Sim) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: sim.world, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            files[url.path] = try Data(contentsOf: url)
        }
        return files
    }

    private func expectRefusedQuickly(_ run: MeasuredRun, status: Int32, mentioning text: String) {
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stderr.contains(text), "\(run.stderr)")
        #expect(run.seconds < 1, "took \(run.seconds) s")
        #expect((run.peakMemory ?? 0) < 50_000_000, "peak memory \((run.peakMemory ?? 0) >> 20) MiB")
    }

    @Test func aThreeHundredMegabyteBackupFileIsRefusedBeforeItIsRead() throws {
        let sim = try world()
        defer { sim.cleanup() }
        let big = try sparseFile("backup.json")
        defer { unlink(big) }
        let before = try fingerprint(sim)
        let run = try MeasuredRun.run("bitkit-sim", ["backup", "restore", big, "--world", sim.world.path])
        expectRefusedQuickly(run, status: 2, mentioning: "(300 MiB) is over the 1 MiB limit for a backup document")
        #expect(try fingerprint(sim) == before)
    }

    @Test func aBackupOnStandardInputIsRefusedOnceItPassesTheLimit() throws {
        let sim = try world()
        defer { sim.cleanup() }
        let big = try sparseFile("backup-stdin.json")
        defer { unlink(big) }
        let before = try fingerprint(sim)
        // Redirected from a file: its size is known before reading.
        let redirected = try MeasuredRun.run(
            "bitkit-sim", ["backup", "restore", "-", "--world", sim.world.path], stdin: big)
        expectRefusedQuickly(
            redirected, status: 2, mentioning: "standard input (300 MiB) is over the 1 MiB limit for a backup document")
        // An endless stream: read only up to the limit.
        let endless = try MeasuredRun.run(
            "bitkit-sim", ["backup", "restore", "-", "--world", sim.world.path], stdin: "/dev/zero")
        expectRefusedQuickly(endless, status: 2, mentioning: "standard input is over the 1 MiB limit")
        #expect(try fingerprint(sim) == before)
    }

    @Test func aBackupJustUnderTheLimitIsStillRestored() throws {
        let sim = try world()
        defer { sim.cleanup() }
        let path = Scratch.folder.appendingPathComponent("\(UUID().uuidString).json").path
        defer { unlink(path) }
        let document = "{\"pubkySession\":null}"
        let padded = document + String(repeating: " ", count: (1 << 20) - document.utf8.count)
        try padded.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try sim("bitkit-sim", "backup", "restore", path)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func aThreeHundredMegabyteRecoveryFileIsRefusedBeforeItIsRead() throws {
        let sim = try world()
        defer { sim.cleanup() }
        let big = try sparseFile("big-backup.pkarr")
        defer { unlink(big) }
        let before = try fingerprint(sim)
        for arguments in [["import", "--file", big, "--passphrase", "secret1"], ["import", "--file", big]] {
            let run = try MeasuredRun.run("ring-sim", arguments + ["--world", sim.world.path])
            expectRefusedQuickly(run, status: 2, mentioning: "(300 MiB) is over the 4 KiB limit for a recovery file")
        }
        #expect(try fingerprint(sim) == before)
    }

    @Test func anOversizedSandboxDocumentIsABrokenWorldAndIsLeftUntouched() throws {
        let sim = try world()
        defer { sim.cleanup() }
        let defaults = sim.world.appendingPathComponent(".sim/sandboxes/to.bitkit/defaults.json").path
        #expect(truncate(defaults, Self.bigSize) == 0)
        let before = try sim("simctl", "keychain", "list", "--json").stdout
        for arguments in [["state"], ["launch"], ["settings", "reset", "--confirm"]] {
            let run = try MeasuredRun.run("bitkit-sim", arguments + ["--world", sim.world.path])
            expectRefusedQuickly(run, status: 3, mentioning: "300 MiB, over the 4 MiB limit for a sandbox document")
        }
        var info = stat()
        #expect(stat(defaults, &info) == 0 && info.st_size == Self.bigSize)
        #expect(try sim("simctl", "keychain", "list", "--json").stdout == before)
    }

    @Test func aServingProcessSkipsAnOversizedRequestLineInBoundedMemory() throws {
        // 300 MB of zeros without a newline, then a newline and a real request.
        let path = try sparseFile("requests")
        defer { unlink(path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n{\"arguments\":[\"--version\"],\"environment\":{}}\n".utf8))
        try handle.close()
        let run = try MeasuredRun.run("simctl", ["--serve"], stdin: path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect((run.peakMemory ?? 0) < 50_000_000, "peak memory \((run.peakMemory ?? 0) >> 20) MiB")
        let replies = run.stdout.split(separator: "\n").map(String.init)
        #expect(replies.count == 2, "\(run.stdout.prefix(500))")
        #expect(replies.first?.contains("\"status\":2") == true)
        #expect(replies.first?.contains("over the 1 MiB limit for a serving-process request") == true)
        #expect(replies.last?.contains("\"status\":0") == true)
        #expect(replies.last?.contains("simctl 0.1.0") == true)
    }

    @Test func anOversizedScenarioFileIsRefusedBeforeItIsRead() throws {
        let big = try sparseFile("big.scenario")
        defer { unlink(big) }
        let run = try MeasuredRun.run("simctl", ["scenario", "run", big])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("over the 1 MiB limit for a scenario file"))
        #expect(run.seconds < 1)
    }
}
