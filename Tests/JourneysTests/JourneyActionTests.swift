import Journeys
import Testing

@Suite struct JourneyActionTests {
    @Test func oneInteractionIsOneStepNumberedLikeItsAction() {
        let one = steps(#"Tap Continue (id "ProfileIntro-button")."#, number: 7)
        #expect(one.map(\.index) == ["7"])
        #expect(one.map(\.text) == [#"Tap Continue (id "ProfileIntro-button")."#])
    }

    @Test func everyBoundarySplitsAndKeepsEachStepsProse() {
        let cases: [(String, [String])] = [
            (#"Tap A (id "A"); tap B (id "B")"#, [#"Tap A (id "A")"#, #"tap B (id "B")"#]),
            (#"Tap A (id "A"), then tap B (id "B")"#, [#"Tap A (id "A")"#, #"tap B (id "B")"#]),
            (#"Tap A (id "A") then tap B (id "B")"#, [#"Tap A (id "A")"#, #"tap B (id "B")"#]),
            (#"Tap A (id "A"), and then tap B (id "B")"#, [#"Tap A (id "A")"#, #"tap B (id "B")"#]),
            (
                #"Tap A (id "A"), and verify B (id "B") is visible"#,
                [#"Tap A (id "A")"#, #"verify B (id "B") is visible"#]
            ),
            (#"Tap A (id "A") and wait for B (id "B")"#, [#"Tap A (id "A")"#, #"wait for B (id "B")"#]),
            (
                #"Tap A (id "A"). Verify B (id "B") is visible."#,
                [#"Tap A (id "A")"#, #"Verify B (id "B") is visible"#]
            ),
            (#"Tap A (id "A"). Then tap B (id "B")"#, [#"Tap A (id "A")"#, #"Then tap B (id "B")"#]),
            (#"Tap A (id "A"), tap B (id "B"), tap "C""#, [#"Tap A (id "A")"#, #"tap B (id "B")"#, #"tap "C""#]),
            (
                "Go back to Home, then tap the profile button (id \"ProfileButton\")",
                [
                    "Go back to Home", #"tap the profile button (id "ProfileButton")"#,
                ]
            ),
        ]
        for (text, expected) in cases {
            let split = steps(text, number: 3)
            #expect(split.map(\.text) == expected, "\(text)")
            #expect(split.map(\.index) == (1...expected.count).map { "3.\($0)" }, "\(text)")
        }
    }

    @Test func neverSplitsInsideQuotesBackticksOrParentheses() {
        #expect(steps(#"Tap "Yes, then delete; and tap again""#).count == 1)
        #expect(steps(#"Tap “Save, then tap Done”"#).count == 1)
        #expect(steps("Run `xcrun simctl openurl <UDID> \"a; b, then c\"`").count == 1)
        #expect(steps(#"Tap the row (showing X, then tap Y; id "Row")"#).count == 1)
        #expect(steps(#"tap Import (no testTag; titled "Import")"#).count == 1)
        #expect(steps(#"Verify the rows (id "A") and (id "B") are shown"#).count == 1)
    }

    @Test func capitalisedWordsAndProsePreamblesDoNotSplit() {
        #expect(steps(#"Verify the Copy and Paste buttons (id "CopyPaste") are visible"#).count == 1)
        #expect(steps(#"From the snapshot, verify Pay (id "Pay") is missing from Targets"#).count == 1)
        #expect(steps(#"Verify the title (id "T") is visible. tap B"#).count == 1)
    }

    @Test func aLeadingConditionAppliesToEveryStepOfItsSentence() {
        let split = steps(
            #"If the Profile intro (id "ProfileIntro") appears, tap Continue (id "ProfileIntro-button"), then tap Save (id "Save")"#
        )
        #expect(split.map(\.index) == ["1.1", "1.2"])
        #expect(
            split.map(\.condition) == [
                .check(.visible([.id("ProfileIntro")])), .check(.visible([.id("ProfileIntro")])),
            ])
        #expect(split.map(\.form) == [.tap(.id("ProfileIntro-button"), showing: nil), .tap(.id("Save"), showing: nil)])
        #expect(
            split.first?.text
                == #"If the Profile intro (id "ProfileIntro") appears, tap Continue (id "ProfileIntro-button")"#)
    }

    @Test func anAppPrefixIsCarriedToLaterSubActions() {
        let split = steps(
            #"In Pubky Ring, tap the card (testID "PubkyBox-0-Content"), tap Delete (testID "PubkyDetailDeleteButton"), tap Delete (testID "DeletePubkyConfirmButton")"#
        )
        #expect(split.map(\.app) == [.ring, .ring, .ring])
        #expect(
            split.map(\.form) == [
                .tap(.testID("PubkyBox-0-Content"), showing: nil),
                .tap(.testID("PubkyDetailDeleteButton"), showing: nil),
                .tap(.testID("DeletePubkyConfirmButton"), showing: nil),
            ])
        let back = steps(#"Tap "Done", then in Bitkit, tap Save (id "Save")"#)
        #expect(back.map(\.app) == [nil, .bitkit])
        #expect(back.map(\.form) == [.tap(.label("Done"), showing: nil), .tap(.id("Save"), showing: nil)])
    }

    @Test func theTimingClauseGoesToEveryStepOfItsAction() {
        let split = steps(
            #"Tap Retry (id "Retry"), then verify the status (id "Status") shows "Loading" (report "already loaded" rather than failing)"#
        )
        #expect(split.map(\.timingClause) == ["already loaded", "already loaded"])
        #expect(split.last?.form == .check(.text(.id("Status"), "Loading")))
    }
}
