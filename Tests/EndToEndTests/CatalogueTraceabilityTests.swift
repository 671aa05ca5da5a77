import Foundation
import Testing

/// Docs/catalogue.md maps every expected result of the 23 manual scenarios (the seed's wording) and of
/// R1–R12 and P1–P4 (spec/06's) to the `expect` lines that check it. The map must stay true: every
/// file and line it names exists and is an `expect`, every scenario has its section, every result its
/// lines, and the results are the source's own words.
@Suite struct CatalogueTraceabilityTests {
    static let document = CatalogueFiles.scenarios.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/catalogue.md")

    struct Section {
        var heading: String
        var label: String
        var quote: String
        /// (expected result, the references of its row).
        var rows: [(result: String, references: [Reference])]
    }

    struct Reference: CustomStringConvertible {
        var file: String
        var lines: ClosedRange<Int>
        var description: String { "\(file):\(lines.lowerBound)-\(lines.upperBound)" }
    }

    static func sections() throws -> [Section] {
        let text = try String(contentsOf: document, encoding: .utf8)
        var sections: [Section] = []
        for chunk in text.components(separatedBy: "\n### ").dropFirst() {
            let lines = chunk.components(separatedBy: "\n")
            var section = Section(heading: lines[0], label: "", quote: "", rows: [])
            for line in lines.dropFirst() {
                if let open = line.range(of: ": “"), line.hasSuffix("”"), section.quote.isEmpty {
                    section.label = String(line[..<open.lowerBound])
                    section.quote = String(line[open.upperBound...].dropLast())
                }
                guard line.hasPrefix("| "), !line.hasPrefix("| Expected result"), !line.hasPrefix("| ---") else {
                    continue
                }
                let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
                section.rows.append((cells[0], try references(in: cells.dropFirst().joined(separator: " | "))))
            }
            sections.append(section)
        }
        return sections
    }

    static func references(in text: String) throws -> [Reference] {
        let pattern = try NSRegularExpression(pattern: #"`([A-Za-z0-9._-]+\.(?:scenario|steps)):(\d+)(?:-(\d+))?`"#)
        let ns = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap { match in
            let first = Int(ns.substring(with: match.range(at: 2))) ?? 0
            let last =
                match.range(at: 3).location == NSNotFound ? first : Int(ns.substring(with: match.range(at: 3))) ?? 0
            guard first <= last else { return nil }
            return Reference(file: ns.substring(with: match.range(at: 1)), lines: first...last)
        }
    }

    @Test func everyFileAndLineItNamesIsAnExpectOfTheCatalogue() throws {
        var checked = 0
        for section in try Self.sections() {
            for row in section.rows {
                for reference in row.references {
                    let url = CatalogueFiles.scenarios.appendingPathComponent(reference.file)
                    let text = try? String(contentsOf: url, encoding: .utf8)
                    #expect(text != nil, "\(section.heading): no file \(reference.file)")
                    let lines = text?.components(separatedBy: "\n") ?? []
                    for number in reference.lines {
                        let line = lines.indices.contains(number - 1) ? lines[number - 1] : nil
                        #expect(line != nil, "\(section.heading): \(reference.file) has no line \(number)")
                        // A line may hold for one platform only (`platform ios: expect …`).
                        let unconditional = line.map { text -> String in
                            let trimmed = text.trimmingCharacters(in: .whitespaces)
                            for platform in ["platform ios: ", "platform android: "] where trimmed.hasPrefix(platform) {
                                return String(trimmed.dropFirst(platform.count))
                            }
                            return trimmed
                        }
                        #expect(
                            unconditional?.hasPrefix("expect ") == true,
                            "\(section.heading): \(reference.file):\(number) is not an expect: \(line ?? "")")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 500)
    }

    @Test func everyScenarioOfTheCatalogueHasItsSectionAndEveryResultItsLines() throws {
        let sections = try Self.sections()
        let wanted =
            (1...23).map { "\($0)." } + (1...12).map { "R\($0)." } + (1...4).map { "P\($0)." }
            + (1...12).map { "C\($0)." }
        #expect(sections.map { String($0.heading.prefix { $0 != " " }) } == wanted)
        for section in sections {
            let source = section.heading.hasPrefix("C") ? "spec/09" : "spec/06"
            #expect(section.label == (section.heading.first?.isNumber == true ? "Seed" : source), "\(section.heading)")
            #expect(!section.quote.isEmpty, "\(section.heading) quotes no source")
            #expect(section.rows.count >= 2, "\(section.heading) maps fewer than two results")
            for row in section.rows {
                #expect(!row.references.isEmpty, "\(section.heading): “\(row.result)” is checked by no line")
            }
        }
    }

    /// A result is written in the source's words: with an explanation in parentheses at its end taken
    /// away and split at `…`, each part is part of the quoted seed (or spec/06) text. Rows that only
    /// explain (wholly in parentheses) are extra checks the source does not list.
    @Test func theResultsAreTheSourcesOwnWordsAndCoverEveryResultOfTheSeed() throws {
        for section in try Self.sections() {
            var mapped: [String] = []
            for row in section.rows where !row.result.hasPrefix("(") {
                let wording = row.result.replacingOccurrences(
                    of: #"\s*\([^()]*\)$"#, with: "", options: .regularExpression)
                for part in wording.components(separatedBy: "…") {
                    let fragment = part.trimmingCharacters(in: CharacterSet(charactersIn: " ;,"))
                    guard !fragment.isEmpty else { continue }
                    #expect(
                        section.quote.contains(fragment),
                        "\(section.heading): “\(fragment)” is not the source's wording")
                }
                mapped.append(wording)
            }
            // For the manual scenarios: every word of the seed's expected results (after its last →)
            // appears in a mapped result, so none of them is left out.
            guard section.label == "Seed", let results = section.quote.components(separatedBy: "→").last else {
                continue
            }
            let all = mapped.joined(separator: " ")
            for word in results.split(whereSeparator: { " ,;".contains($0) }) where !all.contains(word) {
                Issue.record("\(section.heading): the seed's “\(word)” belongs to no mapped result")
            }
        }
    }
}
