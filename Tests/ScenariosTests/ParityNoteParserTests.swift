import ContractNames
import Foundation
import Testing

@testable import Scenarios

/// The `parity:` line of the scenario language (Docs/scenarios.md, "Parity"): which platform lines it
/// explains, and the mistakes it refuses.
@Suite struct ParityNoteParserTests {
    func error(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(text: text, file: "p.scenario")
            return nil
        } catch {
            return error
        }
    }

    @Test func aRowNoteCoversThePlatformLinesUpToTheNextLineOfBothPlatforms() throws {
        let scenario = try ScenarioParser.parse(
            text: """
                note before
                parity: row 10
                platform ios: expect records to.bitkit.dev:{W}
                # a comment does not end the group
                platform android:
                  expect records
                end platform
                note after
                platform android: note unexplained
                """, file: "p.scenario")
        let notes = scenario.steps.map { $0.parity?.reason }
        #expect(
            notes == [
                nil, .row(try #require(ParityRow.numbered(10))), .row(try #require(ParityRow.numbered(10))), nil, nil,
            ])
        #expect(scenario.steps[1].parity?.location == "p.scenario:2")
        #expect(scenario.steps[1].parity?.differsByDesign == true)
        #expect(scenario.parity == nil)
    }

    @Test func aSecondNoteStartsANewGroupAndSameNeedsAReason() throws {
        let scenario = try ScenarioParser.parse(
            text: """
                parity: same: the key is PAYKIT_SESSION on Android (spec/07 §6.1)
                platform ios: note a
                platform android: note b
                parity: row 1
                platform android: note c
                """, file: "p.scenario")
        #expect(scenario.steps[0].parity?.reason == .same("the key is PAYKIT_SESSION on Android (spec/07 §6.1)"))
        #expect(scenario.steps[1].parity?.differsByDesign == false)
        #expect(scenario.steps[2].parity?.citation == "spec/07 §10 row 1 (Bitkit lists Ring pubkys)")
        #expect(error("parity: same\nplatform ios: note a")?.message.contains("needs a reason") == true)
    }

    @Test func aNoteBeforeSkipOrPlatformsExplainsTheWholeScenario() throws {
        let skipped = try ScenarioParser.parse(
            text: "parity: row 17\nskip on android: two flavours side by side are A03\nnote a", file: "p.scenario")
        #expect(skipped.parity?.reason == .row(try #require(ParityRow.numbered(17))))
        #expect(skipped.steps[0].parity == nil)
        let only = try ScenarioParser.parse(text: "parity: row 15\nplatforms: android\nnote a", file: "p.scenario")
        #expect(only.parity?.citation.contains("row 15") == true)
    }

    @Test func aNoteThatExplainsNothingIsRefusedAtItsLine() {
        let beforeCommon = error("note a\nparity: row 3\nnote b")
        #expect(beforeCommon?.line == 2)
        #expect(beforeCommon?.message.contains("line 3 runs on every platform") == true)
        #expect(error("parity: row 3\n# nothing after it")?.message.contains("the file ends") == true)
        #expect(error("parity: row 3\nparity: row 4\nplatform ios: note a")?.line == 1)
    }

    @Test func anUnknownRowOrFormIsRefused() {
        #expect(error("parity: row 35\nplatform ios: note a")?.message.contains("no row 35") == true)
        #expect(error("parity: row ten\nplatform ios: note a")?.message.contains("usage: parity:") == true)
        #expect(error("parity: maybe\nplatform ios: note a")?.message.contains("usage: parity:") == true)
        #expect(
            error("platform ios:\nparity: row 3\nnote a\nend platform")?.message.contains("not inside one") == true)
    }

    @Test func theTableIsSpec07SectionTen() {
        #expect(ParityRow.table.count == 34)
        #expect(ParityRow.numbered(23)?.behaviour == "Ring republish window")
        // spec/09 §6 appends the contact import's rows.
        #expect(ParityRow.numbered(24)?.verdict == .differsByDesign)
        #expect(ParityRow.numbered(28)?.behaviour == "Padding-alias self-follow")
        #expect(ParityRow.numbered(34)?.verdict == .same)
        #expect(ParityRow.numbered(6)?.verdict == .same)
        #expect(ParityRow.numbered(13)?.verdict == .differsByDesign)
        #expect(ParityRow.numbered(0) == nil)
    }
}
