import Foundation
import Testing

/// Every element id the catalogue's transcripts show is the real apps' identifier (spec/08 §3): a
/// Bitkit id is in §3.2 with the Android testTag the table gives it, a Ring id is a testID of §3.3
/// and carries no testTag. The tables are read from the spec itself, so a rename on either side
/// fails here.
@Suite struct ElementIdentifiersEndToEndTests {
    /// One printed identifier: the app whose screen showed it, the id, the testTag after it if any.
    struct Printed: Hashable {
        var app: String
        var id: String
        var testTag: String?
    }

    /// `bitkit-sim elements`: every id Bitkit's screens can show, with its testTag.
    static func bitkitElements() throws -> [Printed] {
        let run = try Sim.run("bitkit-sim", ["elements", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try run.json()["elements"] as? [[String: Any]]).map {
            Printed(app: "bitkit", id: $0["id"] as? String ?? "", testTag: $0["testTag"] as? String)
        }
    }

    @Test func everyBitkitElementHasSpec08sIdAndTestTag() throws {
        let table = try IdentifierTable.read()
        let elements = try Self.bitkitElements()
        #expect(elements.count > 60)
        for element in elements {
            if let problem = table.problem(with: element) { Issue.record("bitkit \(element.id): \(problem)") }
        }
    }

    /// The repository's copy of the tables is spec/08's, when the spec sits beside the clone; a
    /// clone on its own skips this and checks against the copy alone.
    @Test(
        .enabled(
            if: IdentifierTable.specURL != nil,
            "spec/08 is not beside this clone (../shared/spec or SIM_SPEC_DIR): the checks use Fixtures/identifiers.md as committed"
        ))
    func theCommittedIdentifierTablesAreSpec08s() throws {
        let spec = try String(contentsOf: try #require(IdentifierTable.specURL), encoding: .utf8)
        let fixture = try String(contentsOf: IdentifierTable.fixtureURL, encoding: .utf8)
        let copied = try IdentifierTable.sections(
            of: fixture.replacingOccurrences(
                of: "<!-- end spec-08-identifiers -->", with: "### 3.4"))
        #expect(
            copied == (try IdentifierTable.sections(of: spec)),
            "Fixtures/identifiers.md differs from spec/08 §3.2–§3.3: copy the sections again")
    }

    @Test func everyIdInTheCataloguesTranscriptsMatchesSpec08() throws {
        let table = try IdentifierTable.read()
        let elements = try Self.bitkitElements()
        let printed = try Self.cataloguePrinted()
        #expect(printed.count > 60, "the catalogue shows many identified elements")
        #expect(printed.contains(Printed(app: "bitkit", id: "ProfileButton")))
        #expect(printed.contains(Printed(app: "ring", id: "OnboardingContinueButton")))
        for item in printed.sorted(by: { ($0.app, $0.id) < ($1.app, $1.id) }) {
            if item.app == "ring" {
                if let problem = table.problem(with: item) { Issue.record("ring \(item.id): \(problem)") }
                continue
            }
            // A Bitkit id is one of `bitkit-sim elements` (checked against the table above); the text
            // screen names the testTag only where it differs from the id.
            guard let element = elements.first(where: { IdentifierTable.matches(item.id, $0.id) }) else {
                Issue.record("bitkit \(item.id): not an element of `bitkit-sim elements`")
                continue
            }
            switch element.testTag {
            case nil where item.testTag != nil:
                Issue.record("bitkit \(item.id): shows testTag \(item.testTag ?? ""), the element has none")
            case let template? where !IdentifierTable.matches(item.testTag ?? item.id, template):
                Issue.record(
                    "bitkit \(item.id): shows testTag \(item.testTag ?? item.id), the element's is \(template)")
            default:
                break
            }
        }
    }

    @Test func theTableCheckCatchesAWrongIdAndAWrongTestTag() throws {
        let table = try IdentifierTable.read()
        #expect(table.problem(with: Printed(app: "bitkit", id: "ProfileButton", testTag: nil)) != nil)
        #expect(table.problem(with: Printed(app: "bitkit", id: "ProfileButton", testTag: "ProfileButton")) == nil)
        #expect(table.problem(with: Printed(app: "bitkit", id: "Profile", testTag: "Profile")) != nil)
        #expect(
            table.problem(with: Printed(app: "bitkit", id: "PubkyChoiceRing_abc", testTag: "PubkyChoiceIdentity"))
                == nil)
        #expect(table.problem(with: Printed(app: "bitkit", id: "PubkyChoiceRing_abc", testTag: nil)) != nil)
        #expect(
            table.problem(with: Printed(app: "bitkit", id: "SimDisconnectConfirm", testTag: "dialog_confirm")) == nil)
        #expect(
            table.problem(with: Printed(app: "bitkit", id: "SimDisconnectConfirm", testTag: "dialog_cancel")) != nil)
        #expect(table.problem(with: Printed(app: "bitkit", id: "SimSend", testTag: "SimSend")) != nil)
        #expect(table.problem(with: Printed(app: "bitkit", id: "ProfileEditBio", testTag: "ProfileEditBio")) == nil)
        #expect(table.problem(with: Printed(app: "bitkit", id: "ProfileEditName", testTag: "ProfileEditName")) != nil)
        #expect(table.problem(with: Printed(app: "bitkit", id: "SimPaymentRequestPaidToast", testTag: nil)) == nil)
        #expect(table.problem(with: Printed(app: "ring", id: "PubkyBox--0", testTag: nil)) == nil)
        #expect(table.problem(with: Printed(app: "ring", id: "PubkyBox-Alice-2", testTag: nil)) == nil)
        #expect(table.problem(with: Printed(app: "ring", id: "OnboardingGetStartedButton", testTag: nil)) != nil)
        #expect(table.problem(with: Printed(app: "ring", id: "AddPubkyButton", testTag: "AddPubkyButton")) != nil)
    }

    @Test func transcriptLinesYieldRowButtonAndElementIds() {
        let transcript = """
              Bitkit — profile   [home › profile]
                elements: "pubkyabc" (SimProfilePubky) · "Satoshi" (ProfileViewName)
                • tkrq...p7qy  TKRQ...P7QY  (Read)  (PubkyChoiceRing_x · testTag PubkyChoiceIdentity)
                [Save] (disabled)  (CreateProfileSave)
              Pubky Ring — home
                │ [Yes]  (SimWipeConfirmButton)
            """
        #expect(
            Self.printed(in: transcript) == [
                Printed(app: "bitkit", id: "SimProfilePubky"), Printed(app: "bitkit", id: "ProfileViewName"),
                Printed(app: "bitkit", id: "PubkyChoiceRing_x", testTag: "PubkyChoiceIdentity"),
                Printed(app: "bitkit", id: "CreateProfileSave"), Printed(app: "ring", id: "SimWipeConfirmButton"),
            ])
    }

    /// The ids the whole catalogue's transcripts show, from the replay test's run of it (seed 7, made
    /// once for both suites).
    static func cataloguePrinted() throws -> Set<Printed> {
        let run = try ReplayEndToEndTests.served.get()
        #expect(run.status == 0, "\(run.stderr)")
        var printed = Set<Printed>()
        for entry in try #require(try run.json()["scenarios"] as? [[String: Any]]) {
            let result = try #require(entry["result"] as? [String: Any])
            printed.formUnion(Self.printed(in: try #require(result["transcript"] as? String)))
        }
        return printed
    }

    /// The ids of a transcript: the last parenthesised name of each row and button line, and every
    /// one of an `elements:` line, attributed to the app whose screen header came last.
    static func printed(in transcript: String) -> [Printed] {
        var app: String?
        var found: [Printed] = []
        let name = try! Regex(#"\(([A-Za-z][^()\s]*)(?: · testTag ([^()\s]+))?\)"#)
        for raw in transcript.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Bitkit — ") {
                app = "bitkit"
                continue
            }
            if line.hasPrefix("Pubky Ring — ") {
                app = "ring"
                continue
            }
            guard let app else { continue }
            let body = line.hasPrefix("│ ") ? String(line.dropFirst(2)) : line
            let matches = body.matches(of: name).map {
                Printed(
                    app: app, id: String($0.output[1].substring ?? ""), testTag: $0.output[2].substring.map(String.init)
                )
            }
            if body.hasPrefix("elements: ") {
                found += matches
            } else if body.hasPrefix("• ") || body.hasPrefix("┆ ") || body.hasPrefix("["), body.hasSuffix(")"),
                let last = matches.last
            {
                found.append(last)
            }
        }
        return found
    }
}

extension ElementIdentifiersEndToEndTests.Printed {
    init(app: String, id: String) { self.init(app: app, id: id, testTag: nil) }
}

/// spec/08 §3.2 (Bitkit: iOS id, Android testTag) and §3.3 (Ring: testID), read from the spec's
/// Markdown tables.
struct IdentifierTable {
    struct Row {
        var cells: [String]
        func tokens(_ column: Int) -> [String] {
            IdentifierTable.tokens(cells.indices.contains(column) ? cells[column] : "")
        }
        var allTokens: [String] { cells.flatMap(IdentifierTable.tokens) }
    }
    var bitkit: [Row]
    var ring: [Row]

    /// The copy of spec/08 §3.2–§3.3 the repository carries (`Fixtures/identifiers.md`).
    static let fixtureURL = CatalogueFiles.scenarios.deletingLastPathComponent().appendingPathComponent(
        "identifiers.md")

    /// spec/08 beside the clone (`../shared/spec`, or `SIM_SPEC_DIR`), when it is there.
    static var specURL: URL? {
        let url: URL
        if let dir = ProcessInfo.processInfo.environment["SIM_SPEC_DIR"] {
            url = URL(fileURLWithPath: dir).appendingPathComponent("08-journeys-and-identifiers.md")
        } else {
            url = CatalogueFiles.scenarios.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("shared/spec/08-journeys-and-identifiers.md")
        }
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The sections the fixture copies: from `### 3.2 Bitkit` up to `### 3.4`.
    static func sections(of text: String) throws -> String {
        let from = try #require(text.range(of: "\n### 3.2 Bitkit"), "the text has a heading ### 3.2 Bitkit")
        let to = try #require(text.range(of: "\n### 3.4", range: from.upperBound..<text.endIndex))
        return String(text[from.lowerBound..<to.lowerBound]).trimmingCharacters(in: .newlines)
    }

    static func read() throws -> IdentifierTable {
        let text = try String(contentsOf: fixtureURL, encoding: .utf8)
        func rows(from start: String, to end: String) throws -> [Row] {
            let from = try #require(text.range(of: "\n" + start), "Fixtures/identifiers.md has \(start)")
            let to = try #require(
                text.range(of: end, range: from.upperBound..<text.endIndex), "Fixtures/identifiers.md has \(end)")
            return text[from.upperBound..<to.lowerBound].split(separator: "\n")
                .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Element") }
                .map { line in
                    Row(
                        cells: line.dropFirst(2).dropLast(line.hasSuffix(" |") ? 2 : 0)
                            .components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) })
                }
        }
        let table = IdentifierTable(
            bitkit: try rows(from: "### 3.2 Bitkit", to: "### 3.3"),
            ring: try rows(from: "### 3.3 Pubky Ring", to: "<!-- end spec-08-identifiers -->"))
        #expect(table.bitkit.count > 30 && table.ring.count > 15, "the identifier tables were read")
        return table
    }

    static func tokens(_ cell: String) -> [String] {
        cell.matches(of: try! Regex("`([^`]+)`")).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// Whether `id` is an instance of the written `template` (`PubkyChoiceRing_<z32>`); a written
    /// `…Suffix` (the spec's shorthand in a list) matches a `Sim` id ending so.
    static func matches(_ id: String, _ template: String) -> Bool {
        if id == template { return true }
        if template.hasPrefix("…") { return id.hasPrefix("Sim") && id.hasSuffix(template.dropFirst()) }
        guard template.contains("<") else { return id == template }
        var pattern = "^"
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "[A-Za-z0-9._:/-]*"
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        return id.range(of: pattern, options: .regularExpression) != nil
    }

    /// What is wrong with a printed identifier, or nil when the table agrees.
    func problem(with item: ElementIdentifiersEndToEndTests.Printed) -> String? {
        if item.app == "ring" {
            guard item.testTag == nil else { return "a Ring element carries no testTag (testIDs are cross-platform)" }
            let known =
                ring.contains { $0.tokens(3).contains { Self.matches(item.id, $0) } }
                || ring.contains { $0.allTokens.contains { Self.matches(item.id, $0) } && item.id.hasPrefix("Sim") }
            return known ? nil : "not a testID of spec/08 §3.3"
        }
        if let row = bitkit.first(where: { $0.tokens(1).contains { Self.matches(item.id, $0) } }) {
            let expected = Self.expectedTag(of: item.id, in: row)
            switch expected {
            case .none:
                return item.testTag == nil ? nil : "spec/08 gives no testTag, the screen shows \(item.testTag ?? "")"
            case .template(let template):
                guard let tag = item.testTag else { return "spec/08 gives testTag \(template), the screen shows none" }
                return Self.matches(tag, template) ? nil : "spec/08 gives testTag \(template), the screen shows \(tag)"
            }
        }
        // The simulator's own ids (and a few iOS-only ones) are named in a row's notes; they have no testTag.
        guard bitkit.contains(where: { $0.allTokens.contains { Self.matches(item.id, $0) } }) else {
            return "not an identifier of spec/08 §3.2"
        }
        return item.testTag == nil
            ? nil : "a note-only identifier has no testTag, the screen shows \(item.testTag ?? "")"
    }

    enum ExpectedTag: Equatable {
        case none
        case template(String)
    }

    /// The testTag spec/08 gives an iOS id found in `row`: the matching part of a `A / B` pair, else
    /// the whole cell; `same` is the id itself, a list that names the id keeps it (one that does not
    /// means none), a single other name is the tag (`PubkyChoiceIdentity` on every row), `none` is none.
    static func expectedTag(of id: String, in row: Row) -> ExpectedTag {
        // `first N none; the rest same`: the row's first N ids have no testTag, the others their id.
        let counts = ["first two none; the rest same": 2, "first one none; the rest same": 1]
        if let count = counts.first(where: { row.cells[2].hasPrefix($0.key) })?.value,
            let index = tokens(row.cells[1]).firstIndex(where: { matches(id, $0) })
        {
            // spec/09 §6 row 26 and §9 (newer than this row): the selection rows carry no testTag.
            let untagged = tokens(row.cells[1])[index] == "ContactImportSelect_<pubky>"
            return index < count || untagged ? .none : .template(id)
        }
        let iosParts = row.cells[1].components(separatedBy: " / ")
        var tagParts = row.cells[2].components(separatedBy: " / ")
        if iosParts.count > tagParts.count, let last = tagParts.last,
            last.hasPrefix("same") || last.hasPrefix("rest same")
        {
            tagParts += Array(repeating: "same", count: iosParts.count - tagParts.count)
        }
        var cell = row.cells[2]
        var iosCell = row.cells[1]
        if iosParts.count > 1, iosParts.count == tagParts.count,
            let index = iosParts.firstIndex(where: { tokens($0).contains { matches(id, $0) } })
        {
            cell = tagParts[index]
            iosCell = iosParts[index]
        }
        let idTemplate = tokens(iosCell).first { matches(id, $0) } ?? id
        let trimmed = cell.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("same") || trimmed.hasPrefix("rest same") { return .template(idTemplate) }
        let names = tokens(trimmed)
        if names.contains(where: { $0 == idTemplate || matches(id, $0) }) { return .template(idTemplate) }
        // A list of ids (the drawer, the confirmation) that does not name this one: Android tags it not.
        if tokens(iosCell).count > 1 { return .none }
        return names.first.map { .template($0) } ?? .none
    }
}
