import Foundation
import Testing

/// Every `appendingPathComponent` in Sources says whether it names a folder. Without the hint,
/// Foundation asks the file system (a `stat` per path built): half of a served catalogue's system
/// calls were these, about a tenth of its CPU (Docs/performance.md, fifth pass).
@Suite struct PathHintTests {
    static let sources = PackageGraphTests.root.appendingPathComponent("Sources", isDirectory: true)

    /// The lines of `text` where an `appendingPathComponent` call has no `isDirectory:` argument
    /// (NSString's, which never asks the file system, aside).
    static func unhinted(in text: String) -> [Int] {
        let call = ".appendingPathComponent("
        var lines: [Int] = []
        var searchStart = text.startIndex
        while let found = text.range(of: call, range: searchStart..<text.endIndex) {
            var depth = 1
            var end = found.upperBound
            while depth > 0, end < text.endIndex {
                if text[end] == "(" { depth += 1 } else if text[end] == ")" { depth -= 1 }
                end = text.index(after: end)
            }
            let arguments = text[found.upperBound..<end]
            let before = text[text.startIndex..<found.lowerBound].suffix(9)
            if !arguments.contains("isDirectory:"), before != "NSString)" {
                lines.append(text[text.startIndex..<found.lowerBound].filter { $0 == "\n" }.count + 1)
            }
            searchStart = end
        }
        return lines
    }

    @Test func everyPathBuiltInTheSourcesSaysWhetherItIsAFolder() throws {
        let walker = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var scanned = 0
        var found: [String] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            scanned += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            let name = url.path.replacingOccurrences(of: Self.sources.path + "/", with: "Sources/")
            found += Self.unhinted(in: text).map { "\(name):\($0)" }
        }
        #expect(scanned > 300)
        #expect(
            found.isEmpty,
            "Say `isDirectory: true` or `false`: without it every call stats the path.\n\(found.sorted().joined(separator: "\n"))"
        )
    }

    @Test func theRuleFindsACallWithoutTheHintWhereverItsArgumentEnds() {
        #expect(Self.unhinted(in: #"let a = folder.appendingPathComponent("device.json")"#) == [1])
        #expect(Self.unhinted(in: "x\nlet a = folder.appendingPathComponent(\n    \"t\\(index)\")\n") == [2])
        #expect(Self.unhinted(in: #"let a = folder.appendingPathComponent(name(of: "x")).path"#) == [1])
        #expect(Self.unhinted(in: #"let a = folder.appendingPathComponent("t\(index)", isDirectory: true)"#).isEmpty)
        #expect(
            Self.unhinted(in: "let a = root.appendingPathComponent(\n  \"mutant-\\(id)\", isDirectory: false)").isEmpty)
        #expect(Self.unhinted(in: #"(folder as NSString).appendingPathComponent(path)"#).isEmpty)
    }
}
