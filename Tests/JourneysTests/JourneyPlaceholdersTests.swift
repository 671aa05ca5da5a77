import Journeys
import Testing

@Suite struct JourneyPlaceholdersTests {
    @Test func namesAreFoundOnceInFirstSeenOrder() {
        let text =
            #"Run `xcrun simctl launch <UDID> <ring-bundle-id>`, then tap (id "PubkyChoiceRing_<ring-pubky-a>") for <UDID> at <current address>"#
        #expect(JourneyPlaceholders.names(in: text) == ["UDID", "ring-bundle-id", "ring-pubky-a", "current address"])
    }

    @Test func eachOccurrenceKnowsItsContext() {
        let text = #"Tap (id "Contact_<pubky>") showing "<x-caption>", run `open <link>`, then see <note>"#
        #expect(
            JourneyPlaceholders.occurrences(in: text) == [
                .init(name: "pubky", context: .idMention), .init(name: "x-caption", context: .quotes),
                .init(name: "link", context: .backticks), .init(name: "note", context: .prose),
            ])
        #expect(
            JourneyPlaceholders.occurrences(in: #"tap (testID "PubkyBox-<n>-Content")"#) == [
                .init(name: "n", context: .idMention)
            ])
    }

    @Test func unboundInIdsBackticksOrQuotesAreUsageErrorsInProseNot() {
        let text =
            #"Tap (id "PubkyChoiceRing_<ring-pubky-a>"), run `xcrun simctl launch <UDID> to.bitkit`, verify "<bitkit-pubky>" and <ring-pubky-b> as <other>"#
        let unbound = JourneyPlaceholders.unbound(in: text, values: ["UDID": "booted"])
        #expect(unbound.usageErrors == ["ring-pubky-a", "bitkit-pubky"])
        #expect(unbound.inProse == ["ring-pubky-b", "other"])
        let twice = JourneyPlaceholders.unbound(in: #"<a> then (id "X_<a>")"#, values: [:])
        #expect(twice.usageErrors == ["a"])
        #expect(twice.inProse == [])
    }

    @Test func bindingSubstitutesAndLeavesUnboundAsWritten() {
        #expect(
            JourneyPlaceholders.bind(
                "Run `xcrun simctl openurl <UDID> \"<signup-link>\"` for <nobody>",
                values: ["UDID": "booted", "signup-link": "pubkyauth://signup?x=1"])
                == "Run `xcrun simctl openurl booted \"pubkyauth://signup?x=1\"` for <nobody>")
    }

    @Test func ringChoiceIdsDropAPubkyPrefixAndContactIdsAddIt() {
        let values = ["pubky": "pubkyabc", "bare": "abc"]
        #expect(
            JourneyPlaceholders.bind(#"Tap (id "PubkyChoiceRing_<pubky>")"#, values: values)
                == #"Tap (id "PubkyChoiceRing_abc")"#)
        #expect(
            JourneyPlaceholders.bind(#"Tap (id "PubkyChoiceRingLookup_<pubky>")"#, values: values)
                == #"Tap (id "PubkyChoiceRingLookup_abc")"#)
        #expect(
            JourneyPlaceholders.bind(#"Tap (id "PubkyChoiceRing_<bare>")"#, values: values)
                == #"Tap (id "PubkyChoiceRing_abc")"#)
        #expect(
            JourneyPlaceholders.bind(#"Tap (id "Contact_<bare>")"#, values: values) == #"Tap (id "Contact_pubkyabc")"#)
        #expect(
            JourneyPlaceholders.bind(#"Tap (id "Contact_<pubky>")"#, values: values) == #"Tap (id "Contact_pubkyabc")"#)
        #expect(
            JourneyPlaceholders.bind(#"Tap (id "Contact_pubky<bare>")"#, values: values)
                == #"Tap (id "Contact_pubkyabc")"#)
        #expect(
            JourneyPlaceholders.bind(#"Verify the text "pubky<bare>" and <pubky> in prose"#, values: values)
                == #"Verify the text "pubkyabc" and pubkyabc in prose"#)
    }
}
