import Journeys
import Testing

@Suite struct JourneyScreensTests {
    @Test func screenPhrasesAreLowercasedDeduplicatedInFirstSeenOrder() {
        let actions = [
            #"Verify the Create Profile screen shows the text "x""#,
            "Tap Accept on the watch-only consent screen, then close its sheet",
            "Verify the create profile screen, a Pubky Choice sheet and THE SCREEN",
            "Open the one two three four five screen (more than four words: no phrase)",
        ]
        #expect(
            JourneyScreens.phrases(in: actions) == [
                "create profile screen", "watch-only consent screen", "sheet", "pubky choice sheet", "screen",
            ])
        #expect(JourneyScreens.phrases(in: ["Go to the screenshot", "Tap the screens"]) == [])
    }
}
