import Journeys
import Testing

/// spec/08 §2.4.1: a condition governs its sentence (or up to the next `if`/`otherwise`), `S if C` only
/// S, `otherwise` the else branch; a later sentence is never conditional.
@Suite struct JourneyConditionTests {
    let intro = JourneyCondition.check(.visible([.id("ProfileIntro")]))

    @Test func aLeadingConditionGovernsItsSentenceOnly() {
        let action = steps(
            #"If the intro (id "ProfileIntro") appears, tap Continue (id "C"), then tap Save (id "S"). Verify the card (id "K") shows"#
        )
        #expect(action.map(\.condition) == [intro, intro, nil])
        #expect(action.map(\.scope?.id) == [1, 1, nil])
        #expect(action[0].text == #"If the intro (id "ProfileIntro") appears, tap Continue (id "C")"#)
    }

    @Test func nothingHappensTakesEveryStepAfterTheColon() {
        let action = steps(
            #"Press Profile (id "ProfileButton"). If nothing happens, wait a few seconds, then tap it again"#)
        #expect(action.map(\.form) == [.tap(.id("ProfileButton"), showing: nil), .waitSeconds(3), .tapAgain])
        #expect(action.map(\.condition) == [nil, .nothingHappened, .nothingHappened])
    }

    @Test func aSemicolonIfStartsAScopeAndOtherwiseIsItsElse() {
        let action = steps(#"Open Settings; if Dev Settings (id "DevSettings") shows, tap it, otherwise go back"#)
        #expect(action.map(\.form) == [.goTo("Settings", existing: false), .tapReferent(.focus, within: nil), .goBack])
        let dev = JourneyCondition.check(.visible([.id("DevSettings")]))
        #expect(action.map(\.condition) == [nil, dev, dev])
        #expect(action.map(\.scope?.whenTrue) == [nil, true, false])
        #expect(action[1].scope?.id == action[2].scope?.id)
    }

    @Test func anOtherwiseSentenceIsTheElseOfTheConditionBefore() {
        let action = steps(
            #"If the intro (id "ProfileIntro") appears, tap Continue (id "C"). Otherwise, go back to Home."#)
        #expect(action.map(\.scope?.whenTrue) == [true, false])
        #expect(action.map(\.condition) == [intro, intro])
    }

    @Test func aTrailingConditionGovernsItsStepOnly() {
        let action = steps(#"Tap Retry (id "Retry") if the error (id "Err") shows, then tap Save (id "S")"#)
        #expect(action.map(\.condition) == [.check(.visible([.id("Err")])), nil])
        #expect(action.first?.form == .tap(.id("Retry"), showing: nil))
    }

    @Test func conditionsTheSimulatorSettlesOrLeavesToAPerson() {
        #expect(JourneyCondition("the PIN screen appears") == .promptNeverShown("PIN screen"))
        #expect(JourneyCondition("camera permission is requested") == .promptNeverShown("camera permission"))
        #expect(JourneyCondition("nothing happens") == .nothingHappened)
        #expect(JourneyCondition("adoption ended first") == .process(.adoption, running: false))
        #expect(JourneyCondition("the row lookups are still running") == .process(.lookups, running: true))
        #expect(
            JourneyCondition("Pubky Choice is shown")
                == .check(JourneyCheck([conjunct(.place("Pubky Choice"), .shown)])))
        #expect(JourneyCondition("it has already loaded") == .other("it has already loaded"))
        #expect(JourneyCondition("the wallet is funded") == .other("the wallet is funded"))
    }
}
