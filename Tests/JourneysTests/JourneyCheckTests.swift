import Journeys
import Testing

/// spec/08 §2.4.2–§2.4.4: a check cut into conjuncts with their own polarity, alternatives, referents,
/// properties and derived values.
@Suite struct JourneyCheckTests {
    /// The check of an action that must be one check.
    func check(_ text: String) -> JourneyCheck? {
        if case .check(let check) = form(text) { return check }
        Issue.record("not a check: \(form(text))")
        return nil
    }

    func claims(_ text: String) -> [JourneyClaim] {
        check(text)?.conjuncts.compactMap(\.alternatives.first) ?? []
    }

    @Test func negationBelongsToItsConjunct() {
        let rows = claims(
            #"Verify Pubky Choice lists one row per Ring pubky (id "PubkyChoiceRing_<ring-pubky>") and no create card (id "PubkyChoiceCreate")"#
        )
        #expect(rows.map(\.negative) == [false, false, true])
        #expect(rows[1].subject == .rows(.onePer(set: "ring-pubky"), within: .id("PubkyChoiceRing_<ring-pubky>")))
        #expect(rows[2].subject == .elements([.id("PubkyChoiceCreate")], showing: nil))
        // `neither … nor` negates both; `but` ends it.
        let neither = claims(
            #"Verify neither the card (id "A") nor a spinner (id "B") is shown, but the back button (id "C") is"#)
        #expect(neither.map(\.negative) == [true, true, false])
        // `A but not B`, `A without B`: B only.
        #expect(claims(#"Verify the bell (id "A") but not the intro (id "B")"#).map(\.negative) == [false, true])
        #expect(claims(#"Check the row (id "A") without the spinner (id "B")"#).map(\.negative) == [false, true])
        // After the mention: `no longer`, `is gone`, `disappears`; `no longer disabled` is enabled.
        #expect(
            claims(#"Verify Save (id "S") is no longer disabled"#) == [
                JourneyClaim(.elements([.id("S")], showing: nil), .disabled, negative: true)
            ])
        // A quoted text is never read for its words.
        #expect(claims(#"Verify the screen shows the text "No pending payment requests.""#).map(\.negative) == [false])
    }

    @Test func conjunctsAreCutOnlyWhereBothSidesNameSomething() {
        #expect(claims(#"Verify the Copy and Paste buttons (id "CopyPaste") are visible"#).count == 1)
        #expect(
            claims(#"Verify the amount (id "A") is unsigned and reads 100,000 sats"#) == [
                JourneyClaim(.elements([.id("A")], showing: nil), .unsigned),
                JourneyClaim(.elements([.id("A")], showing: nil), .contains(.sats("100000"))),
            ])
        // No verb of its own: the verb before (`shows … and no intro`).
        #expect(
            claims(#"Verify Home shows the bell (id "B") and no intro (id "I")"#) == [
                JourneyClaim(.place("Home"), .shown), JourneyClaim(.elements([.id("B")], showing: nil), .shown),
                JourneyClaim(.elements([.id("I")], showing: nil), .shown, negative: true),
            ])
        // `… and the second row is not`: the same said of it, negated.
        let not = claims("Verify the first row is titled with its published name and the second row is not")
        #expect(not.map(\.predicate) == [.field(.title, .publishedName), .field(.title, .publishedName)])
        #expect(not.map(\.negative) == [false, true])
    }

    @Test func alternativesHoldWhenOneDoes() {
        let either = check(#"Check either the card (id "A") or the first row is shown"#)
        #expect(either?.conjuncts.count == 1)
        #expect(
            either?.conjuncts.first?.alternatives.map(\.subject) == [
                .elements([.id("A")], showing: nil), .referent(.ordinal(1), within: nil),
            ])
    }

    @Test func referentsNameRowsAsAPersonDoes() {
        func subject(_ text: String) -> JourneySubject? { claims(text).first?.subject }
        #expect(subject("Verify it is disabled") == .referent(.focus, within: nil))
        #expect(subject("Verify that row is enabled") == .referent(.focus, within: nil))
        #expect(subject("Verify the tapped row is disabled") == .referent(.lastTap, within: nil))
        #expect(subject("Verify those rows are disabled") == .referent(.lastPlural, within: nil))
        #expect(subject("Verify the last row is enabled") == .referent(.ordinal(-1), within: nil))
        #expect(subject("Verify the second row is enabled") == .referent(.ordinal(2), within: nil))
        #expect(
            subject("Verify the row for the named identity is enabled")
                == .referent(.forKey("<named-ring-pubky>"), within: nil))
        #expect(
            subject(
                #"Check the row for <ring-pubky-b> (testTag "PubkyChoiceIdentity", told apart by its key caption) is enabled"#
            )
                == .referent(.forKey("<ring-pubky-b>"), within: .testTag("PubkyChoiceIdentity")))
        #expect(
            subject(#"Verify the row showing "ORHZ...SQKY" is enabled"#)
                == .referent(.showing("ORHZ...SQKY"), within: nil))
        #expect(subject("Verify each row is disabled") == .rows(.every(nil), within: nil))
        #expect(subject("Verify all rows are disabled") == .rows(.every(nil), within: nil))
        #expect(subject("Verify no row is disabled") == .rows(.none(nil), within: nil))
        #expect(
            subject("Verify any row whose lookup runs shows a spinner")
                == .rows(.every(.lookupRunning(true)), within: nil))
        #expect(
            subject("Verify every row whose name has not arrived is enabled")
                == .rows(.every(.nameNotArrived), within: nil))
        #expect(
            subject("Verify each row whose pubky lacks a published name is enabled")
                == .rows(.every(.noPublishedName(true)), within: nil))
        #expect(subject("Verify only the tapped row is disabled") == .rows(.only(.lastTap), within: nil))
        #expect(subject("Check that the deleted profile has not come back") == .deleted)
        #expect(
            forms(#"Press one of the other rows (testTag "T")"#) == [.tapReferent(.different, within: .testTag("T"))])
        #expect(forms("Tap a different row") == [.tapReferent(.different, within: nil)])
        #expect(forms("Tap the first row") == [.tapReferent(.ordinal(1), within: nil)])
        #expect(forms("Tap it") == [.tapReferent(.focus, within: nil)])
        #expect(
            forms("Tap a row whose identity lacks a published name")
                == [.tapReferent(.firstWhose(.noPublishedName(true)), within: nil)])
        #expect(subject("Verify the Profile actions are disabled") == .rows(.actions, within: nil))
    }

    @Test func propertiesAndDerivedValues() {
        func predicate(_ text: String) -> JourneyPredicate? { claims(text).first?.predicate }
        #expect(
            predicate("Verify each row's caption is its truncated key in upper case")
                == .field(.caption, .truncatedKey(upperCase: true)))
        #expect(
            predicate("Verify that row's title is its truncated key") == .field(.title, .truncatedKey(upperCase: false))
        )
        #expect(
            predicate(#"Verify the row (id "R") is titled with its published name"#) == .field(.title, .publishedName))
        #expect(predicate(#"Verify the row (id "R") keeps its key as its caption"#) == .field(.caption, .key))
        #expect(
            predicate(#"Verify the recipient (id "R") names the saved issuer contact"#)
                == .contains(.savedContact("issuer")))
        #expect(predicate(#"Verify the name (id "N") shows the noted name"#) == .contains(.noted("name")))
        #expect(predicate(#"Verify the row (id "R") shows a spinner (id "S")"#) == .spinner(.id("S")))
        #expect(predicate(#"Verify the row (id "R") is tappable"#) == .enabled)
        #expect(predicate(#"Verify the row (id "R") cannot be used"#) == .disabled)
        #expect(predicate(#"Verify the row (id "R") ignores taps"#) == .disabled)
        #expect(predicate("Verify every row shows its avatar") == .avatar)
        #expect(predicate(#"Verify Pay (id "P") is missing from Targets"#) == .missingFromTargets)
        // The quoted value wins over the words around it; a colon that only describes a value is a definition.
        #expect(
            predicate(#"Verify the first row (id "R") shows the published name "Alice""#) == .contains(.text("Alice")))
        #expect(
            claims(#"Verify each row's caption is its truncated key: four characters each side of "...""#)
                == [JourneyClaim(.rows(.every(nil), within: nil), .field(.caption, .truncatedKey(upperCase: false)))])
    }

    @Test func aSnapshotOrAProcessBoundsWhatACheckReads() {
        #expect(check(#"Verify from the snapshot the rows (id "R") are missing from Targets"#)?.source == .snapshot)
        #expect(check(#"Verify the rows are disabled while adoption is running"#)?.whileRunning == .adoption)
        // `while <place> is still shown` is a place conjunct.
        #expect(
            claims(#"Verify the rows (id "R") are missing from Targets while Pubky Choice is still shown"#).last
                == JourneyClaim(.place("Pubky Choice"), .shown))
        // `<screen> gives way to P`: that screen gone, P shown.
        #expect(
            claims("Verify Pubky Choice gives way to Pay Contacts") == [
                JourneyClaim(.place("Pay Contacts"), .shown),
                JourneyClaim(.place("Pubky Choice"), .shown, negative: true),
            ])
        #expect(
            claims(#"Verify the overview (no testTag; titled "Import") replaced Pubky Choice"#) == [
                JourneyClaim(.elements([.label("Import")], showing: nil), .shown),
                JourneyClaim(.place("Pubky Choice"), .shown, negative: true),
            ])
    }

    @Test func whatOnlyEyesSettleStaysForAPerson() {
        #expect(claims("Verify no row shows a spinner and every row shows its avatar").last?.predicate == .avatar)
        #expect(claims("Verify the wallet is synced") == [JourneyClaim(.screen, .needsEyes("the wallet is synced"))])
        #expect(
            forms("Check each row's avatar from a screenshot") == [
                .needsPerson("Check each row's avatar from a screenshot")
            ])
    }
}
