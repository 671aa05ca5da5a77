import Foundation
import Testing

@testable import Mutation

/// The scope file, the reviewed equivalent list and the diffs a reviewer reads.
@Suite struct CampaignScopeTests {
    @Test func sourcesBehindASymbolicLinkAreFoundAndNamedFromTheRepository() throws {
        // The doc test runs the pages in a scratch folder whose `Sources` is a link to the real one.
        let fm = FileManager.default
        let scratch = fm.temporaryDirectory.appendingPathComponent("scope-link-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: scratch) }
        let real = scratch.appendingPathComponent("real/Sources/Keychain")
        try fm.createDirectory(at: real, withIntermediateDirectories: true)
        try "let a = 1\n".write(to: real.appendingPathComponent("Keychain.swift"), atomically: true, encoding: .utf8)
        let repository = scratch.appendingPathComponent("repo")
        try fm.createDirectory(at: repository, withIntermediateDirectories: true)
        try fm.createSymbolicLink(
            at: repository.appendingPathComponent("Sources"),
            withDestinationURL: scratch.appendingPathComponent("real/Sources"))
        #expect(CampaignScope.swiftFiles(under: repository, folder: "Sources") == ["Sources/Keychain/Keychain.swift"])
    }

    @Test func theScopeListsFoldersFilesGlobsAndExclusions() throws {
        let scope = try CampaignScope.parse(
            """
            # comment
            sharing    Sources/Keychain
            behaviour  Sources/*App        # both apps
            behaviour  Sources/BitkitApp/BitkitTexts.swift texts
            exclude    Sources/BitkitApp/PaymentRequests.swift
            audit      Sources/NotThereYet
            """)
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("scope-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: repository) }
        for path in [
            "Sources/Keychain/Keychain.swift", "Sources/BitkitApp/BitkitTexts.swift",
            "Sources/BitkitApp/PaymentRequests.swift",
            "Sources/RingApp/iOS/Ring.swift", "Sources/Backend/Backend.swift", "Sources/Keychain/README.md",
        ] {
            let url = repository.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("let x = 1\n".utf8).write(to: url)
        }
        let (files, unmatched) = scope.files(in: repository)
        #expect(
            files.map(\.path) == [
                "Sources/BitkitApp/BitkitTexts.swift", "Sources/Keychain/Keychain.swift",
                "Sources/RingApp/iOS/Ring.swift",
            ])
        #expect(files.map(\.module) == ["BitkitApp", "Keychain", "RingApp"])
        #expect(files.map(\.allTexts) == [true, false, false])
        #expect(files.map(\.group) == ["behaviour", "sharing", "behaviour"])
        #expect(unmatched == ["Sources/NotThereYet"])
    }

    @Test func aMalformedScopeLineIsRefusedWithItsNumber() {
        #expect(throws: CampaignScope.Malformed.self) { try CampaignScope.parse("sharing\n") }
        do {
            _ = try CampaignScope.parse("sharing Sources/A\nbehaviour Sources/B extra words\n")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test func everyEquivalentMutantNeedsItsReason() throws {
        let list = try EquivalentMutants.parse("# reviewed\nequality-0123456789 the branches write the same value\n")
        #expect(list.reasons == ["equality-0123456789": "the branches write the same value"])
        #expect(throws: EquivalentMutants.Malformed.self) { try EquivalentMutants.parse("equality-0123456789\n") }
    }

    @Test func aDeletedStatementLeavesWithItsLineInTheDiff() throws {
        let source = "func f() {\n    a()\n    b()\n}\n"
        let point = try #require(
            try SourceScanner.points(in: source, file: "F.swift").first { $0.op == .deleteStatement })
        let mutated = MutantDiff.mutated(source, point.change)
        #expect(mutated == "func f() {\n    b()\n}\n")
        #expect(
            MutantDiff.unified(file: "F.swift", original: source, mutated: mutated)
                == "--- a/F.swift\n+++ b/F.swift\n@@ -1,5 +1,4 @@\n func f() {\n-    a()\n     b()\n }\n \n")
    }

    @Test func aSampleIsTheSameForTheSameSeedAndKeepsCatalogueOrder() throws {
        let points = try SourceScanner.points(
            in: "func f(a: Int) -> Bool {\n    print(a)\n    print(a + 1)\n    return a == 1 || a != 2 && a < 3\n}\n",
            file: "F.swift")
        #expect(points.count >= 6)
        let first = Campaign.sample(points, count: 3, seed: 41).map(\.id)
        #expect(first == Campaign.sample(points, count: 3, seed: 41).map(\.id))
        #expect(first != Campaign.sample(points, count: 3, seed: 42).map(\.id))
        #expect(first == points.map(\.id).filter(first.contains))
    }
}
