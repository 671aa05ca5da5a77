import Journeys
import Testing

@Suite struct JourneyIdentifiersTests {
    @Test func eachPlatformIndexesOnlyItsSpellingOnceInFirstMentionOrder() {
        let text =
            #"Tap (id "B") (identifier "C") (testTag "T") (testID "R") (id "A") (id "B") (testTag "U") (testTag "T") (id "Contact_<seller-public-key>")"#
        #expect(JourneyIdentifiers.mentions(in: text, platform: .ios) == ["B", "A", "Contact_<seller-public-key>"])
        #expect(JourneyIdentifiers.mentions(in: text, platform: .android) == ["T", "U"])
        #expect(JourneyIdentifiers.mentions(in: #"grid "X" and id "" and paid "Y""#, platform: .ios) == [])
    }

    @Test func elementMentionsReadEverySpelling() {
        #expect(
            ElementMention.all(
                in:
                    #"(id "A", predicate exists) (identifier "B") (testTag "C") (testID "D") (no testTag; titled "Import")"#
            )
                == [.id("A"), .identifier("B"), .testTag("C"), .testID("D"), .label("Import")])
        #expect(ElementMention.all(in: #"(ID "A") (testid "B")"#) == [])
    }
}
