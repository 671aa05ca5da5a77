import Foundation
import Testing

/// An app run is a function of (world, seed, schedule): the whole catalogue, run twice with one
/// seed — once through serving processes several scenarios at a time, once a process per action
/// and one scenario at a time — prints the same transcripts and leaves byte-identical worlds:
/// every file, the journal, the apps' memory and the backend's database included. The served run is
/// shared (`served`).
@Suite struct ReplayEndToEndTests {
    struct Kept {
        var transcripts: [String: String] = [:]
        var worlds: [String: String] = [:]
    }

    /// A step that has not finished after this long has hung (as the doc test's hang guard).
    static let hangGuardSeconds = 1800

    /// The whole catalogue with seed 7, its worlds kept, `extra` added.
    static func runCatalogue(_ extra: [String]) throws -> Sim.Run {
        let files = try FileManager.default.contentsOfDirectory(atPath: CatalogueFiles.scenarios.path)
            .filter { $0.hasSuffix(".scenario") }.sorted()
            .map { CatalogueFiles.scenarios.appendingPathComponent($0).path }
        // No test depends on wall-clock speed: the step timeout is only a hang guard, far above any
        // step of a run on a machine loaded many times over (the default 60 s is for people).
        return try Sim.run(
            "simctl",
            ["scenario", "run"] + files + [
                "--seed", "7", "--keep", "--no-timings", "--json", "--step-timeout", String(Self.hangGuardSeconds),
            ] + extra)
    }

    /// The catalogue through serving processes one scenario at a time: made once, at its first use,
    /// and read by this suite and by `ElementIdentifiersEndToEndTests` (its transcripts' ids).
    static let served: Result<Sim.Run, SimRunFailure> = {
        do { return .success(try runCatalogue(["--jobs", "1"])) } catch { return .failure(SimRunFailure("\(error)")) }
    }()

    struct SimRunFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    func kept(_ run: Sim.Run) throws -> Kept {
        #expect(run.status == 0, "\(run.stderr)")
        let document = try run.json()
        #expect(document["failed"] as? Int == 0)
        var kept = Kept()
        for entry in try #require(document["scenarios"] as? [[String: Any]]) {
            let result = try #require(entry["result"] as? [String: Any])
            let name = try #require(result["name"] as? String)
            #expect(result["seconds"] == nil, "--no-timings leaves durations out")
            kept.transcripts[name] = try #require(result["transcript"] as? String)
            kept.worlds[name] = try #require(result["keptWorld"] as? String)
        }
        return kept
    }

    @Test func theCatalogueReplaysByteForByteAcrossProcessModesAndJobCounts() throws {
        let served = try kept(try Self.served.get())
        let perAction = try kept(try Self.runCatalogue(["--process-per-action", "--jobs", "2"]))
        defer {
            for world in Array(served.worlds.values) + Array(perAction.worlds.values) {
                try? FileManager.default.removeItem(at: URL(fileURLWithPath: world).deletingLastPathComponent())
            }
        }
        #expect(served.transcripts.count >= 39)
        #expect(Set(served.transcripts.keys) == Set(perAction.transcripts.keys))
        for (name, transcript) in served.transcripts.sorted(by: { $0.key < $1.key }) {
            #expect(transcript == perAction.transcripts[name], "transcript of \(name)")
            // Every file is compared, the journal's included: equal journals make equal canonical ones.
            let left = try Self.files(of: try #require(served.worlds[name]))
            let right = try Self.files(of: try #require(perAction.worlds[name]))
            #expect(left.count > 10, "\(name) keeps a whole world")
            #expect(Set(left.keys) == Set(right.keys), "the files of \(name)")
            for (path, bytes) in left.sorted(by: { $0.key < $1.key }) where right[path] != bytes {
                Issue.record("\(name): \(path) differs between the two runs")
            }
        }
    }

    /// Every regular file under `root`, by path relative to it.
    static func files(of root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = URL(fileURLWithPath: root).standardizedFileURL
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.path.count))
            files[relative] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func theCanonicalJournalLeavesOutProcessIdentityAndEpochTimeButKeepsTheSimulatedClock() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("bitkit-sim", "launch")
        let plain = try sim("simctl", "journal", "--json").json()
        let entries = try #require(plain["entries"] as? [[String: Any]])
        #expect(entries.allSatisfy { $0["pid"] != nil && $0["time"] != nil })
        let canonical = try sim("simctl", "journal", "--canonical")
        let lines = canonical.stdout.split(separator: "\n")
        #expect(lines.count == entries.count)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["pid"] == nil && object["run"] == nil && object["time"] == nil)
            #expect(object["clock"] as? Int != nil)
            #expect(object["seq"] as? Int != nil)
        }
        #expect(!canonical.stdout.contains(sim.world.path))
        // Nothing in the journal names the world's folder: two worlds made alike journal alike.
        #expect(!(try sim("simctl", "journal", "--json")).stdout.contains(sim.world.path))
    }
}
