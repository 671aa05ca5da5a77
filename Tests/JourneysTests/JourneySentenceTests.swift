import Journeys
import Testing

/// spec/08 §2.4.0: an action is read sentence by sentence; each sentence is a timing sentence, a
/// condition, steps, a conjunct of the action's check, or commentary.
@Suite struct JourneySentenceTests {
    @Test func sentencesEndBeforeACapitalAQuoteOrABacktickOnly() {
        #expect(steps(#"Tap A (id "A"). Verify B (id "B") is shown"#).count == 2)
        #expect(steps(#"Tap A (id "A"). "Yes" is the default"#).first?.notes == [#""Yes" is the default"#])
        #expect(steps("Tap A (id \"A\"). `xcrun simctl launch <UDID> to.bitkit`").count == 2)
        // A lowercase word, a caption's dots, a quoted full stop: one sentence.
        #expect(steps(#"Verify the title (id "T") is visible. tap B"#).count == 1)
        #expect(steps(#"Verify the row (id "R") shows "TKRQ...P7QY""#).count == 1)
        #expect(steps(#"Tap "Done. Next""#).count == 1)
    }

    @Test func leadInsAreDroppedButKeptInTheProse() {
        let lead = steps("Straight away, open your profile from the Home header")
        #expect(lead.map(\.form) == [.goTo("profile from the Home header", existing: false)])
        #expect(lead.first?.text == "Straight away, open your profile from the Home header")
        #expect(
            forms("Right away, record a screenshot plus a layout dump") == [.capture(["screenshot", "layout dump"])])
        #expect(forms("Using the menu, go to Contacts") == [.goTo("Contacts", existing: false)])
        #expect(forms(#"Then tap Save (id "Save")"#) == [.tap(.id("Save"), showing: nil)])
    }

    @Test func commentaryIsNeverEvaluatedAndReportedAsANote() {
        let action = steps(
            #"Tap Save (id "Save"). The form may take a moment to validate. Pubky Choice appears at once, because the rows load later."#
        )
        #expect(action.map(\.form) == [.tap(.id("Save"), showing: nil)])
        #expect(
            action.first?.notes == [
                "The form may take a moment to validate", "Pubky Choice appears at once", "because the rows load later",
            ])
        // A clause before a colon that introduces steps, `, so that …`, `, as …`.
        let colon = steps(#"Pubky is still initializing: wait a moment and tap Save (id "Save")"#)
        #expect(colon.map(\.form) == [.waitSeconds(1), .tap(.id("Save"), showing: nil)])
        #expect(colon.first?.notes == ["Pubky is still initializing"])
        #expect(
            steps(#"Verify the bell (id "B") is shown, as the Paykit UI is on"#).first?.notes == [
                "as the Paykit UI is on"
            ])
        // Only commentary: nothing the runner evaluates, so a person reads it.
        #expect(forms("The wallet syncs in the background.") == [.needsPerson("")])
    }

    @Test func soAndAVerbIsAStepEvenInACheckAction() {
        let action = steps(#"Verify all rows are disabled. Disabled rows ignore taps, so press Save (id "Save")"#)
        #expect(action.count == 2)
        #expect(action.last?.form == .tap(.id("Save"), showing: nil))
        #expect(action.last?.notes == ["Disabled rows ignore taps"])
    }

    @Test func anImperativeWithAVerbNoFormKnowsIsNotCommentary() {
        #expect(
            forms("Frobnicate the profile widget") == [
                .unrecognised(#"no form of spec/08 §2.2 or §2.4 starts with "Frobnicate""#)
            ])
        #expect(
            forms(#"Scribble "x" on the screen"#).first.map { if case .unrecognised = $0 { true } else { false } }
                == true)
        // A declarative sentence is commentary, whatever its verb.
        #expect(forms("Disabled rows ignore taps.") == [.needsPerson("")])
    }

    @Test func aConjunctSentenceExtendsTheActionsCheck() {
        let action = steps("Verify the first row is enabled. That row keeps its truncated key as its caption.")
        #expect(action.count == 1)
        guard case .check(let check) = action.first?.form else {
            Issue.record("not a check: \(String(describing: action.first?.form))")
            return
        }
        #expect(check.conjuncts.count == 2)
        #expect(check.conjuncts.last?.alternatives.first?.subject == .referent(.focus, within: nil))
        #expect(
            check.conjuncts.last?.alternatives.first?.predicate == .field(.caption, .truncatedKey(upperCase: false)))
        // In an action that does not open with a check, such a sentence is commentary.
        #expect(steps(#"Tap A (id "A"). That row keeps its caption."#).first?.notes == ["That row keeps its caption"])
    }

    @Test func aTimingSentenceGivesItsActionAClauseAndACondition() {
        let action = steps(
            #"Verify the spinner (id "S") is shown. If adoption ended first, report "already adopted" rather than failing."#
        )
        #expect(action.count == 1)
        #expect(
            action.first?.timing
                == JourneyTiming(clause: "already adopted", condition: .process(.adoption, running: false)))
        let colon = steps(
            #"Verify the spinner (id "S") is shown. If the lookups already finished, the spinner never shows: report "already resolved" rather than failing."#
        )
        #expect(colon.first?.timing?.clause == "already resolved")
        #expect(colon.first?.timing?.condition == .process(.lookups, running: false))
    }
}
