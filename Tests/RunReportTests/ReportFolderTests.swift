import Foundation
import Testing

@testable import RunReport

@Suite struct ReportFolderTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")

    @Test func aScenarioRunWritesAnIndexAndOnePagePerScenarioThatRan() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var second = ReportSamples.scenario(failing: true)
        second.name = "07-ring-deletes"  // the same name twice: pages must not overwrite each other
        let names = try ReportFolder(url: folder).writeScenarios([
            .ran(ReportSamples.scenario()), .ran(second), .malformed(file: "x.scenario", message: "bad"),
        ])
        #expect(names == ["07-ring-deletes.html", "07-ring-deletes-2.html", nil])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["07-ring-deletes-2.html", "07-ring-deletes.html", "index.html"])
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("href=\"07-ring-deletes-2.html#step-2\""))
    }

    @Test func pageNamesAreSafeFileNames() {
        var odd = ReportSamples.scenario()
        odd.name = "../évil name"
        var index = ReportSamples.scenario()
        index.name = "index"
        #expect(ReportFolder.pageNames([.ran(odd), .ran(index)]) == ["..--vil-name.html", "index-2.html"])
    }

    @Test func aRaceWritesItsPageAsTheIndex() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReportFolder(url: folder).writeRace(ReportSamples.race)
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<h1>Race: ring relaunch ∥ bitkit foreground</h1>"))
    }

    @Test func anUnwritableFolderIsATypedError() throws {
        let file = folder.appendingPathExtension("file")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: ReportError.self) {
            try ReportFolder(url: file.appendingPathComponent("inside")).writeRace(ReportSamples.race)
        }
    }
}
