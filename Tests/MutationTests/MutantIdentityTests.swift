import Foundation
import Testing

@testable import Mutation

/// A mutant's id names the same mistake while the code around it changes (other engineers edit
/// these files while the campaign's figures are kept).
@Suite struct MutantIdentityTests {
    static let before = """
        struct Exchange {
            func list(_ accounts: [String]) -> [String] {
                accounts.filter { $0.hasPrefix("app.pubkyring" + ":") && $0 != "" }
            }
            func remove(_ status: Int) -> Bool {
                if status == 0 { return true }
                return status == -25300
            }
        }
        """

    static func ids(_ source: String, file: String = "Sources/M/F.swift") throws -> [String: String] {
        let points = try SourceScanner.points(in: source, file: file)
        return Dictionary(
            uniqueKeysWithValues: points.map { ("\($0.declaration) \($0.op.rawValue) \($0.mutated)", $0.id) })
    }

    @Test func idsSurviveEditsElsewhereAndMovesToAnotherFile() throws {
        let original = try Self.ids(Self.before)
        let edited = Self.before.replacingOccurrences(
            of: "struct Exchange {\n",
            with: "import Foundation\n\n/// A comment.\nstruct Exchange {\n    func other() -> Bool { 1 != 2 }\n\n"
        )
        .replacingOccurrences(of: "        if status == 0", with: "        // Success first.\n        if status == 0")
        let after = try Self.ids(edited, file: "Sources/Other/Moved.swift")
        for (key, id) in original {
            #expect(after[key] == id, "\(key) kept its id")
        }
        #expect(after.count == original.count + 1)
    }

    @Test func idsChangeWhenTheMutatedTextChanges() throws {
        let original = try Self.ids(Self.before)
        let changed = try Self.ids(Self.before.replacingOccurrences(of: "status == -25300", with: "status == -25299"))
        let key = "Exchange.remove(_:) equality return status != -25300"
        #expect(original[key] != nil)
        #expect(changed["Exchange.remove(_:) equality return status != -25299"] != original[key])
    }

    @Test func equalTextsInOneDeclarationGetDistinctIds() throws {
        let points = try SourceScanner.points(
            in: """
                func f(a: Int) {
                    if a == 1 { print(a) }
                    if a == 1 { print(a) }
                }
                """, file: "F.swift")
        let ids = points.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.range(of: #"^[a-z-]+-[0-9a-f]{10}$"#, options: .regularExpression) != nil })
    }

    @Test func theHashIsStableAcrossRunsAndPlatforms() {
        // FNV-1a 64 of "a": a published value, unlike Swift's per-process seeded Hasher.
        #expect(MutantIdentity.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(MutantIdentity.identifier(.flipEquality, "a") == "equality-af63dc4c86")
    }
}
