import Foundation
import Testing

/// `simctl journey export` writes the catalogue as journeys in the apps' format (spec/08 §4): one
/// file per scenario and examples row, an index in the platform's schema, nothing the simulator owns,
/// the same bytes twice — and every exported journey runs with `journey run --scenario` and holds.
/// The whole catalogue's export on both platforms, checked, is made once (`catalogue`) and read by
/// the tests that look at it; the second export the byte comparison needs is that test's own.
@Suite struct JourneyExportEndToEndTests {
    struct Entry {
        var file: String
        var scenario: String
        var example: Int?
    }

    /// One export of the whole catalogue, `--platform both --check`: its folder, its JSON, its status.
    struct CatalogueExport: Sendable {
        let folder: URL
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let repository = CatalogueFiles.scenarios.deletingLastPathComponent().deletingLastPathComponent()

    /// Made at its first use, by whichever test comes first; the others wait for it. Its folder stays
    /// until the test process ends (`Scratch.folder` goes then).
    static let catalogue: CatalogueExport = {
        let folder = Scratch.folder.appendingPathComponent("export-\(UUID().uuidString)")
        do {
            let run = try Sim.run(
                executable: Sim.productsDirectory.appendingPathComponent("simctl"),
                ["journey", "export", "--out", folder.path, "--platform", "both", "--check", "--json"],
                directory: repository)
            return CatalogueExport(folder: folder, status: run.status, stdout: run.stdout, stderr: run.stderr)
        } catch {
            return CatalogueExport(folder: folder, status: -1, stdout: "", stderr: "\(error)")
        }
    }()

    func export(platform: String, into folder: URL) throws -> [Entry] {
        let run = try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("simctl"),
            ["journey", "export", "--out", folder.path, "--platform", platform, "--json"], directory: Self.repository)
        #expect(run.status == 0, "\(run.stderr)")
        return try Self.entries(run.stdout)
    }

    static func entries(_ json: String) throws -> [Entry] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["journeys"] as? [[String: Any]]).map {
            Entry(
                file: $0["file"] as? String ?? "", scenario: $0["scenario"] as? String ?? "",
                example: $0["example"] as? Int)
        }
    }

    @Test(arguments: ["ios", "android"])
    func theCatalogueExportsAsJourneysThatEachRunAndHold(platform: String) throws {
        let export = Self.catalogue
        #expect(export.status == 0, "\(export.stderr)\(export.stdout.suffix(4000))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let entries = try Self.entries(export.stdout).filter { $0.file.hasPrefix("\(platform)/") }
        #expect(entries.count >= 58)
        // `--check` ran every written journey as `journey run FILE --scenario S [--example N] --platform P`.
        let checked = try #require(object["checked"] as? [[String: Any]]).filter {
            ($0["file"] as? String)?.hasPrefix("\(platform)/") == true
        }
        #expect(checked.map { $0["file"] as? String ?? "" } == entries.map(\.file), "one check per journey, in order")
        let failed = checked.filter { $0["passed"] as? Bool != true }.map {
            "\($0["file"] as? String ?? ""): \($0["report"] as? String ?? "")"
        }
        #expect(failed.isEmpty, "\(failed.joined(separator: "\n"))")
        for check in checked {
            #expect((check["summary"] as? String)?.hasPrefix("passed: ") == true, "\(check)")
        }
    }

    /// Exports catalogue files into a new folder; returns the folder and each journey's XML by file.
    func exportXML(_ names: [String]) throws -> (folder: URL, entries: [Entry], xml: [String: String]) {
        let folder = Scratch.folder.appendingPathComponent("export-\(UUID().uuidString)")
        let run = try Sim.run(
            executable: Sim.productsDirectory.appendingPathComponent("simctl"),
            ["journey", "export"] + names.map { "Fixtures/scenarios/\($0)" } + ["--out", folder.path, "--json"],
            directory: Self.repository)
        #expect(run.status == 0, "\(run.stderr)")
        let entries = try #require(try run.json()["journeys"] as? [[String: Any]]).map {
            Entry(file: $0["file"] as? String ?? "", scenario: $0["scenario"] as? String ?? "", example: nil)
        }
        var xml: [String: String] = [:]
        for entry in entries {
            xml[entry.scenario] = try String(contentsOf: folder.appendingPathComponent(entry.file), encoding: .utf8)
        }
        return (folder, entries, xml)
    }

    @Test func stepsNoJourneyFormDoesRunAsCapabilitiesAndAScenarioOfSetupAloneExportsNothing() throws {
        let refused = "M14-every-refusal-says-why.scenario"
        let inFront = "M01-bitkit-shared-calls-fail.scenario"
        let setupOnly = "M23-ring-signup-without-a-token.scenario"
        let export = try exportXML([refused, inFront, setupOnly])
        defer { try? FileManager.default.removeItem(at: export.folder) }
        #expect(!export.entries.contains { $0.scenario.hasSuffix(setupOnly) }, "no journey without actions")
        let m14 = try #require(export.xml["Fixtures/scenarios/\(refused)"])
        // Refused steps ran as capabilities after Ring's launch: the runner still addresses Ring.
        #expect(m14.contains("<action>In Bitkit, go back to Home</action>"))
        let m01 = try #require(export.xml["Fixtures/scenarios/\(inFront)"])
        // Bitkit is in front: its foreground reloads Pubky Choice, which no launch does.
        #expect(m01.contains("run `bitkit foreground`"))
        for entry in export.entries {
            let run = try Sim.run(
                executable: Sim.productsDirectory.appendingPathComponent("simctl"),
                [
                    "journey", "run", export.folder.appendingPathComponent(entry.file).path, "--scenario",
                    entry.scenario,
                ],
                directory: Self.repository)
            #expect(run.status == 0, "\(entry.file): \(run.stdout.suffix(600))\(run.stderr)")
        }
    }

    @Test func anExportIsTheAppsFormatWithNothingTheSimulatorOwnsAndTheSameBytesTwice() throws {
        // This test's own export first, while another test may be making the shared one.
        let second = Scratch.folder.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: second) }
        _ = try export(platform: "both", into: second)
        let first = Self.catalogue
        #expect(first.status == 0, "\(first.stderr)")
        let files = try Self.files(under: first.folder)
        #expect(files == (try Self.files(under: second)), "two exports of one catalogue are byte-identical")
        for platform in ["ios", "android"] {
            let journeys = files.filter { $0.key.hasPrefix("\(platform)/journeys/") && $0.key.hasSuffix(".xml") }
            #expect(journeys.count >= 58)
            for (path, data) in journeys {
                let text = String(decoding: data, as: UTF8.self)
                #expect(text.hasPrefix("<journey name=\""), "\(path): no XML declaration")
                #expect(text.hasSuffix("</journey>\n"), "\(path): final newline")
                #expect(!text.contains(platform == "ios" ? "testTag \"" : "(id \""), "\(path)")
                for line in text.split(separator: "\n") where !line.contains("Simulator capability") {
                    #expect(
                        !line.contains("(id \"Sim") && !line.contains("(testTag \"Sim")
                            && !line.contains("(testID \"Sim"), "\(path): \(line)")
                    // `xcrun simctl` is the device's own command; a bare `simctl` is the simulator's.
                    let bare = line.replacingOccurrences(of: "xcrun simctl", with: "")
                    #expect(
                        !bare.contains("bitkit-sim") && !bare.contains("ring-sim") && !bare.contains(" simctl "),
                        "\(path): \(line)")
                }
                for secret in [Fixture.aSecret, Fixture.bSecret] { #expect(!text.contains(secret), "\(path)") }
                #expect(!text.contains(Fixture.a) && !text.contains(Fixture.b), "\(path): a fixture key")
                #expect(!text.contains(".sim/"), "\(path)")
            }
            let indexData = try #require(files["\(platform)/journeys/index.json"])
            let index = try JSONSerialization.jsonObject(with: indexData)
            let entries: [[String: Any]]
            if platform == "ios" {
                let object = try #require(index as? [String: Any])
                #expect(object["generatedBy"] as? String == "simctl journey export")
                entries = try #require(object["journeys"] as? [[String: Any]])
            } else {
                entries = try #require(index as? [[String: Any]])
            }
            #expect(entries.count == journeys.count, "one index entry per file")
            #expect(entries.map { $0["file"] as? String ?? "" } == entries.map { $0["file"] as? String ?? "" }.sorted())
            for entry in entries {
                let file = try #require(entry["file"] as? String)
                let text = String(decoding: try #require(files["\(platform)/\(file)"]), as: UTF8.self)
                let ids =
                    platform == "ios"
                    ? Array((entry["identifiers"] as? [String: Any] ?? [:]).keys)
                    : entry["identifiers"] as? [String] ?? []
                let decoded = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
                    of: "&gt;", with: ">")
                for id in ids { #expect(decoded.contains("\"\(id)\""), "\(file) lists \(id)") }
                #expect(entry["screens"] is [String])
                if platform == "android" { #expect((entry["sources"] as? [String]) == []) }
            }
        }
    }

    static func files(under root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = root.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return [:]
        }
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            files[url.standardizedFileURL.path.replacingOccurrences(of: base, with: "")] = try Data(contentsOf: url)
        }
        return files
    }
}
