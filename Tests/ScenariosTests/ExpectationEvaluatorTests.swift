import Foundation
import Testing

@testable import Scenarios

/// The comparisons behind `expect`: no check passes on a path that matches nothing unless it says so.
@Suite struct ExpectationEvaluatorTests {
    let state: Any = [
        "reference": NSNull(),
        "toasts": [Any](),
        "rows": [["id": "PubkyChoiceRing_a", "caption": "TKRQ...P7QY"], ["id": "PubkyChoiceCreate"]],
        "entries": [
            ["op": "pkarr-dht GET b", "detail": "timed-out", "latency": 2000, "clock": 4000],
            ["op": "toast", "clock": 6000],
        ],
        "knobs": ["relayNotFoundLatency": 3.5],
    ]

    func check(_ path: String, _ comparison: Scenarios.Expectation.Comparison, _ value: String = "") throws {
        try ExpectationEvaluator.check(state, path: path, comparison, value, shownPath: path)
    }

    func failure(_ path: String, _ comparison: Scenarios.Expectation.Comparison, _ value: String = "") -> String? {
        do {
            try check(path, comparison, value)
            return nil
        } catch let failure as ScriptRun.StepFailure {
            return failure.actual
        } catch {
            return "\(error)"
        }
    }

    @Test func negativeChecksOnAPathThatMatchesNothingFailWithMatchedNothing() {
        for (path, comparison, value) in [
            (".renamed", Scenarios.Expectation.Comparison.notEquals, "3"), (".renamed", .equals, "null"),
            (".rows[*].renamed", .notContains, "\"x\""), (".entries[?op=renamed].detail", .notContains, "\"x\""),
            (".entries[?op=renamed]", .notEquals, "[]"), (".renamed[?op=x]", .count, "0"),
            (".entries[?op=renamed][0].detail", .notMatches, "x"),
        ] {
            let actual = failure(path, comparison, value)
            #expect(
                actual?.contains("matched nothing") == true, "\(path) \(comparison.rawValue): \(actual ?? "passed")")
        }
    }

    @Test func countZeroHoldsWhereTheParentExistsAndTheLastFilterSelectsNothing() throws {
        try check(".entries[?op=homegate POST /ip_verification]", .count, "0")
        try check(".toasts", .count, "0")
        #expect(failure(".entries[?op=toast]", .count, "0") != nil)
        #expect(failure(".renamed", .count, "0")?.contains("matched nothing") == true)
    }

    @Test func absentAndExistsSayWhatTheyCheck() throws {
        try check(".entries[?op=renamed]", .absent)
        try check(".rows[1].caption", .absent)
        try check(".rows[0].caption", .exists)
        // A JSON null is a value, not an absence.
        try check(".reference", .exists)
        try check(".reference", .equals, "null")
        #expect(failure(".reference", .absent) != nil)
        #expect(failure(".rows[0].missing", .exists)?.contains("matched nothing") == true)
    }

    @Test func absentHoldsForAPathThatMatchesNothingAtAnyDepth() throws {
        // The advice of "matched nothing" ("write `PATH absent`") works for every path shape.
        try check(".renamed.caption", .absent)
        try check(".entries[?op=renamed][?detail=timed-out]", .absent)
        try check(".entries[?op=pkarr-dht GET b][?detail=other]", .absent)
        try check(".entries[?op=renamed].detail", .absent)
        try check(".entries[?op=toast].detail", .absent)
        try check(".rows[5].id", .absent)
    }

    @Test func absentFailsForAPathThatMatchesSomethingAtAnyDepth() {
        for path in [
            ".entries[?op=pkarr-dht GET b][?detail=timed-out]", ".entries[?op=pkarr-dht GET b].detail",
            ".rows[0].caption", ".entries[?op=toast]", ".knobs.relayNotFoundLatency",
        ] {
            let actual = failure(path, .absent)
            #expect(actual?.hasPrefix(path + " = ") == true, "\(path) absent: \(actual ?? "passed")")
        }
    }

    @Test func numericComparisonsReadNumbersAndHoldForEverySelectedValue() throws {
        try check(".entries[0].latency", .lessOrEqual, "2000")
        try check(".entries[0].latency", .greater, "1999")
        try check(".entries[*].clock", .greaterOrEqual, "4000")
        try check(".knobs.relayNotFoundLatency", .less, "4")
        #expect(failure(".entries[*].clock", .less, "5000") != nil)
        #expect(failure(".entries[0].latency", .less, "2000") != nil)
        #expect(failure(".rows[0].id", .less, "3") != nil)
    }

    @Test func notMatchesIsTheOppositeOfMatches() throws {
        try check(".rows[0].caption", .notMatches, "^[a-z]")
        try check(".rows[0].caption", .matches, "^[A-Z]{4}")
        #expect(failure(".rows[0].caption", .notMatches, "P7QY$") != nil)
    }

    @Test func decimalsInAScenarioAreNumbers() {
        #expect(JSONText.literal("3.5") == "3.5")
        #expect(JSONText.literal("-0.25") == "-0.25")
        #expect(JSONText.literal("0101") == "\"0101\"")
        #expect(JSONText.literal("1.2.3") == "\"1.2.3\"")
    }
}
