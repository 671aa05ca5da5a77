/// What one sub-action asks for: a row of spec/08 §2.2, recognised from its form rather than its wording.
///
/// Taps by visible label (row 2) are `.tap(.label(L), showing: nil)`, so every tap names one element;
/// `showing` is a quoted text that picks one of several elements sharing an id (§2.1, `showing "TKRQ...P7QY"`).
public indirect enum JourneyForm: Sendable, Equatable {
    /// Rows 1, 2, 12, 16: Tap/Press/Open/Select/Choose/Toggle/Swipe/Click/Paste an element.
    case tap(ElementMention, showing: String?)
    /// Row 9: `tap it again` after `If nothing happens`: repeat the previous tap.
    case tapAgain
    /// Row 3: Enter/Type a text, into the named field (or the focused one when none is named).
    case enterText(String, into: ElementMention?)
    /// Row 4: every named element is shown; the quoted texts pick among elements sharing an id.
    case verifyVisible([ElementMention], quoted: [String])
    /// Row 5: none of the named elements is shown. `quoted` holds quoted names without an id keyword
    /// (`the "PubkyChoiceRing_" rows`); `missingFromTargets` when the check is "missing from Targets",
    /// which a present but disabled element also satisfies.
    case verifyAbsent([ElementMention], quoted: [String], missingFromTargets: Bool)
    /// Row 6: the element is disabled (`true`) or enabled (`false`).
    case verifyDisabled(ElementMention, disabled: Bool)
    /// Row 7: the element's text, or without an element any text of the screen, contains `text`.
    case verifyText(ElementMention?, text: String)
    /// Row 8: wait until a check of rows 4–7 holds (a `.verifyVisible`, `.verifyAbsent`, … form).
    case waitFor(JourneyForm)
    /// `wait a moment` / `wait a few seconds`: a wait with nothing named to wait for.
    case waitBriefly
    /// Row 10: a backticked or bare command, or an exported capability action.
    case command(JourneyCommand)
    /// Row 11: `adb emu network delay …` / `speed …`, the command line verbatim.
    case networkThrottle(String)
    /// Row 12: put a link or text on the runner's clipboard (quotes or backticks removed).
    case copyToClipboard(String)
    /// Row 13: bring an app forward (`Switch to Pubky Ring`, `Open Bitkit`).
    case switchApp(JourneyApp)
    /// Row 15: a check only a person with a screenshot can settle; the reason is the step's prose.
    case needsPerson(String)
    /// Row 16: `Go back` (a tap of an id stays a `.tap`).
    case goBack
    /// Row 16: `Go back to Home`, `Go to Home`.
    case goHome
    /// Row 16: `Go to Settings`, `Open Profile`: the place as written.
    case goTo(String)
    /// No form of §2.2: the runner reports it `not performable as written` with this reason.
    case unrecognised(String)
}

/// A command of §2.2 row 10, parsed from its command line.
public enum JourneyCommand: Sendable, Equatable {
    /// `xcrun simctl terminate <UDID> B` / `adb shell am force-stop P`.
    case terminate(bundle: String)
    /// `xcrun simctl launch <UDID> B` / `adb shell am start -n P/Activity`.
    case launch(bundle: String)
    /// `xcrun simctl openurl <UDID> "L"`: the OS picks the app.
    case openURL(String)
    /// `adb shell am start -a android.intent.action.VIEW -d "L" P`: the link opened in package P.
    case openURLIn(package: String, url: String)
    /// ``Simulator capability "<name>": run `<line>` ``: a scenario line run in the world.
    case capability(name: String, line: String)
    /// Any other command: not performable, with the reason.
    case unrecognised(String)
}
