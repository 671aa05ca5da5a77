import Foundation

/// Reports the end-to-end and browser tests share: `simctl` runs from the repository root with
/// relative paths, as a QA engineer runs it, so pages show the same paths on every machine.
enum ReportRuns {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The catalogue's scenario files, relative to the repository root, in name order.
    static let catalogueFiles: [String] = {
        let folder = repositoryRoot.appendingPathComponent("Fixtures/scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted().map { "Fixtures/scenarios/\($0)" }
    }()

    /// The runs the catalogue makes, by result name: a file's name, or `NAME[ROW]` for each row of an
    /// `examples:` table.
    static let catalogueRuns: [String] = catalogueFiles.flatMap { file -> [String] in
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let lines = ((try? String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)) ?? "")
            .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let table = lines.firstIndex(of: "examples:") else { return [name] }
        let rows = lines[(table + 1)...].prefix { $0.hasPrefix("|") }.count - 1
        return (1...max(rows, 1)).map { "\(name)[\($0)]" }
    }

    /// `simctl scenario run` over the whole catalogue with `--html`, once per test process.
    static let catalogue: Result<(folder: URL, run: Sim.Run), Error> = Result {
        let folder = temporaryFolder("catalogue-report")
        let run = try simctl(["scenario", "run"] + catalogueFiles + ["--quiet", "--html", folder.path])
        return (folder, run)
    }

    static func temporaryFolder(_ label: String) -> URL {
        Scratch.folder.appendingPathComponent("\(label)-\(UUID().uuidString)")
    }

    /// Runs `simctl arguments…` in the repository root.
    static func simctl(_ arguments: [String]) throws -> Sim.Run {
        try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("simctl"), arguments, directory: repositoryRoot)
    }

    /// Every file of a report folder with its text.
    static func files(in folder: URL) throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// A page with its durations replaced: the only part of a report that differs between two runs.
    static func withoutDurations(_ html: String) -> String {
        html.replacingOccurrences(of: #"\d+\.\d\d s"#, with: "#.## s", options: .regularExpression)
    }

    /// The secrets a catalogue run knows: the fixture identities, every `key … secret HEX` line of
    /// the catalogue, and the fixture wallet's mnemonic.
    static func catalogueSecrets() throws -> [String] {
        var secrets = [
            "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1", String(repeating: "01", count: 32),
            String(repeating: "02", count: 32), "5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51",
            "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
        ]
        let folder = repositoryRoot.appendingPathComponent("Fixtures/scenarios")
        // Scenario and step files only: the folder also holds the android/ folder.
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".scenario") || name.hasSuffix(".steps") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count >= 4, words[0] == "key", words[2] == "secret", !words[3].hasPrefix("{") {
                    secrets.append(String(words[3]))
                }
                // Secrets an examples table binds (scenario 11's nine keys).
                if line.hasPrefix("|") {
                    secrets += line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                        $0.count == 64 && $0.allSatisfy(\.isHexDigit)
                    }
                }
            }
        }
        return secrets
    }
}
