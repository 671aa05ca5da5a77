import Foundation
import Testing

/// The catalogue's scenario files, copied with their includes into temporary folders so a fault
/// test can run an edited copy next to the original.
enum CatalogueFiles {
    static let scenarios = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/scenarios")

    /// A new temporary folder holding every include file (`*.steps`) of the catalogue.
    static func folderWithIncludes(label: String) throws -> URL {
        let folder = Scratch.folder.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: scenarios.path) where name.hasSuffix(".steps") {
            try FileManager.default.copyItem(
                at: scenarios.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// The catalogue file whose name starts with `prefix-`, as written.
    static func original(_ prefix: String) throws -> (name: String, text: String) {
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: scenarios.path).first {
                $0.hasPrefix("\(prefix)-") && $0.hasSuffix(".scenario")
            })
        return (name, try String(contentsOf: scenarios.appendingPathComponent(name), encoding: .utf8))
    }

    /// `lines` inserted before the first line equal to `anchor`.
    static func inserting(_ lines: [String], before anchor: String, in text: String) throws -> String {
        var all = text.components(separatedBy: "\n")
        let index = try #require(all.firstIndex(of: anchor), "no line `\(anchor)`")
        all.insert(contentsOf: lines, at: index)
        return all.joined(separator: "\n")
    }
}
