import ContractNames
import Foundation
import Testing

@testable import Parity
@testable import Scenarios

/// How `simctl parity` compares one scenario's two runs, row by row (Docs/parity.md).
@Suite struct ScenarioParityTests {
    static let text = """
        bitkit launch
        expect bitkit screen home
        parity: row 13
        platform ios: expect bitkit no toast
        platform android: expect bitkit toasts "x"
        parity: same: the key is PAYKIT_SESSION on Android (spec/07 §6.1)
        platform ios: expect bitkit state .privateKeychain.paykit_session = true
        platform android: expect bitkit state .privateKeychain.PAYKIT_SESSION = true
        platform android: expect bitkit no sheet
        expect bitkit state .reference = null
        """

    static func scenario() throws -> Scenario { try ScenarioParser.parse(text: text, file: "s.scenario") }

    /// A run on `platform` whose checks hold, except the lines in `failing`; `stopAfter` ends it early.
    static func run(
        _ scenario: Scenario, on platform: Platform, failing: Set<Int> = [], stopAfter: Int? = nil
    ) -> ScenarioResult {
        var result = ScenarioResult(
            file: scenario.file, name: "s", title: "S", passed: failing.isEmpty, steps: 0, seed: 0, transcript: "")
        for step in scenario.running(on: platform).steps {
            if let stopAfter, step.line > stopAfter { break }
            guard case .expect = step.kind else { continue }
            let failure =
                failing.contains(step.line)
                ? ScenarioResult.Failure(
                    location: "s.scenario:\(step.line)", step: step.source, expected: "it", actual: "not it") : nil
            result.checks.append(.init(location: "s.scenario:\(step.line)", source: step.source, failure: failure))
            if let failure { result.failures.append(failure) }
        }
        result.failure = result.failures.first
        if stopAfter == nil {
            result.checks.append(.init(location: "audit", source: "(audit at the end of the scenario)"))
        }
        return result
    }

    func verdicts(_ parity: ScenarioParity) -> [String: ParityVerdict] {
        Dictionary(uniqueKeysWithValues: parity.entries.map { ($0.location, $0.verdict) })
    }

    @Test func linesOfBothPlatformsAreSameAndNotedLinesFollowTheirNote() throws {
        let scenario = try Self.scenario()
        let parity = ScenarioParity(
            scenario, ios: Self.run(scenario, on: .ios), android: Self.run(scenario, on: .android))
        let verdicts = verdicts(parity)
        #expect(verdicts["s.scenario:2"] == .same)
        #expect(verdicts["s.scenario:4"] == .differsByDesign)
        #expect(verdicts["s.scenario:5"] == .differsByDesign)
        #expect(verdicts["s.scenario:7"] == .same)
        #expect(verdicts["s.scenario:8"] == .same)
        #expect(verdicts["s.scenario:10"] == .same)
        #expect(verdicts["audit"] == .same)
        let byDesign = try #require(parity.entries.first { $0.location == "s.scenario:4" })
        #expect(byDesign.row == 13)
        #expect(byDesign.ios.status == .passed)
        #expect(byDesign.android.status == .notOnPlatform)
        #expect(byDesign.citation == "spec/07 §10 row 13 (Device locked)")
        // Line 9 is under the `same:` note too: the note covers every platform line up to line 10.
        #expect(verdicts["s.scenario:9"] == .same)
    }

    @Test func aLineOfBothThatHoldsOnOnePlatformOnlyDiffersUnexpectedly() throws {
        let scenario = try Self.scenario()
        let parity = ScenarioParity(
            scenario, ios: Self.run(scenario, on: .ios), android: Self.run(scenario, on: .android, failing: [10]))
        let row = try #require(parity.entries.first { $0.location == "s.scenario:10" })
        #expect(row.verdict == .differsUnexpectedly)
        #expect(row.why == "it holds on iOS and not on Android")
        #expect(row.android.detail == "expected it; found not it")
        #expect(parity.verdict == .differsUnexpectedly)
        #expect(ParityReport(scenarios: [parity]).hasProblems)
    }

    @Test func aNotedLineThatFailsOnItsPlatformIsNoDesign() throws {
        let scenario = try Self.scenario()
        let parity = ScenarioParity(
            scenario, ios: Self.run(scenario, on: .ios), android: Self.run(scenario, on: .android, failing: [5]))
        #expect(verdicts(parity)["s.scenario:5"] == .differsUnexpectedly)
    }

    @Test func failingOnBothIsNotADifferenceButStillAProblem() throws {
        let scenario = try Self.scenario()
        let parity = ScenarioParity(
            scenario, ios: Self.run(scenario, on: .ios, failing: [2]),
            android: Self.run(scenario, on: .android, failing: [2]))
        #expect(verdicts(parity)["s.scenario:2"] == .failsOnBoth)
        #expect(parity.verdict.isProblem)
    }

    @Test func linesARunNeverReachedCountAgainstIt() throws {
        let scenario = try Self.scenario()
        let parity = ScenarioParity(
            scenario, ios: Self.run(scenario, on: .ios), android: Self.run(scenario, on: .android, stopAfter: 5))
        let row = try #require(parity.entries.first { $0.location == "s.scenario:10" })
        #expect(row.android.status == .notReached)
        #expect(row.verdict == .differsUnexpectedly)
    }

    @Test func aPlatformLineWithoutANoteIsToLookInto() throws {
        let scenario = try ScenarioParser.parse(
            text: "bitkit launch\nplatform ios: expect bitkit no toast\nexpect bitkit screen home", file: "s.scenario")
        let parity = ScenarioParity(
            scenario, ios: Self.run(scenario, on: .ios), android: Self.run(scenario, on: .android))
        let row = try #require(parity.entries.first { $0.location == "s.scenario:2" })
        #expect(row.verdict == .differsUnexpectedly)
        #expect(row.why?.contains("no `parity:` line says why") == true)
    }

    @Test func aScenarioOfOnePlatformIsOneRowUnderItsNote() throws {
        let noted = try ScenarioParser.parse(
            text: "parity: row 17\nskip on android: A03 has two flavours\nexpect bitkit screen home", file: "s.scenario"
        )
        let skipped = ScenarioResult(skipped: noted, reason: "A03 has two flavours")
        let parity = ScenarioParity(noted, ios: Self.run(noted, on: .ios), android: skipped)
        #expect(parity.entries.count == 1)
        #expect(parity.entries[0].verdict == .differsByDesign)
        #expect(parity.entries[0].android.status == .skipped)
        #expect(parity.android.detail == "A03 has two flavours")

        let unnoted = try ScenarioParser.parse(
            text: "platforms: android\nexpect bitkit screen home", file: "s.scenario")
        let alone = ScenarioParity(
            unnoted, ios: ScenarioResult(skipped: unnoted, reason: "runs on android only"),
            android: Self.run(unnoted, on: .android))
        #expect(alone.entries[0].verdict == .differsUnexpectedly)
    }

    @Test func theReportCountsRowsAndTellsWhatToLookInto() throws {
        let scenario = try Self.scenario()
        let good = ScenarioParity(
            scenario, ios: Self.run(scenario, on: .ios), android: Self.run(scenario, on: .android))
        var bad = ScenarioParity(
            scenario, ios: Self.run(scenario, on: .ios), android: Self.run(scenario, on: .android, failing: [2]))
        bad.name = "t"
        let report = ParityReport(scenarios: [good, bad])
        #expect(report.counts == .init(same: 11, differsByDesign: 4, differsUnexpectedly: 1, failsOnBoth: 0))
        #expect(report.summary == "11 same, 4 differ by design, 1 differ unexpectedly")
        #expect(report.problemScenarios.map(\.name) == ["t"])
        let text = report.text()
        #expect(text.contains("── s  iOS ✓  Android ✓  · 6 same, 2 by design"))
        #expect(text.contains("  ≠ line 4 (iOS only)  iOS ✓ Android —  expect bitkit no toast"))
        #expect(text.contains("      differs by design: spec/07 §10 row 13 (Device locked)"))
        #expect(text.contains("  ✗ line 2  iOS ✓ Android ✗  expect bitkit screen home"))
        #expect(!text.contains("line 7"))
        #expect(report.text(all: true).contains("  = line 7 (iOS only)"))
        let markdown = report.markdown()
        #expect(markdown.contains("| s | ✓ | ✓ | 6 | 2 | 0 | 0 | 13 |"))
        #expect(markdown.contains("### Differences by design"))
        #expect(
            markdown.contains("| s | line 4 | iOS | `expect bitkit no toast` | spec/07 §10 row 13 (Device locked) |"))
        #expect(markdown.contains("### Differences to look into"))
    }
}
