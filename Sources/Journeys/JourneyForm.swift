/// What one sub-action asks for, recognised from its form rather than its wording (spec/08 §2.2, §2.4).
///
/// Taps by visible label (row 2) are `.tap(.label(L), showing: nil)`, so every tap names one element;
/// `showing` is a quoted text that picks one of several elements sharing an id (§2.1, `showing "TKRQ...P7QY"`).
public indirect enum JourneyForm: Sendable, Equatable {
    /// Rows 1, 2, 12: Tap/Press/Open/Select/Choose/Toggle/Swipe/Click/Paste an element.
    case tap(ElementMention, showing: String?)
    /// A tap of a row a referent picks (`Press the named identity's row (testTag …, told apart by its key
    /// caption)`, `tap it`, `press one of the other rows`), among the elements of a mention when written.
    case tapReferent(JourneyReferent, within: ElementMention?)
    /// `tap it again`: repeat the last tap.
    case tapAgain
    /// Row 3: Enter/Type a text, into the named field (or the focused one when none is named).
    case enterText(String, into: ElementMention?)
    /// Rows 4–7, §2.4.2–§2.4.4: a check of the current screen (or the latest snapshot).
    case check(JourneyCheck)
    /// Row 8, §2.4.9: the check repeated while it fails, the device clock advanced 1 s at a time, up to
    /// `limit` seconds.
    case waitFor(JourneyCheck, limit: Int)
    /// `Wait for <process> to finish`: until Bitkit has none in flight, up to `limit` seconds.
    case waitForProcess(JourneyProcess, limit: Int)
    /// `wait a moment` (1 s), `wait a few seconds` (3 s), `wait 5 seconds`: the clock advanced, due work run.
    case waitSeconds(Int)
    /// Row 10: a backticked or bare command, or an exported capability action.
    case command(JourneyCommand)
    /// Row 11: `adb emu network delay …` / `speed …`, the command line verbatim.
    case networkThrottle(String)
    /// Row 12: put a link or text on the runner's clipboard (quotes or backticks removed).
    case copyToClipboard(String)
    /// Row 13: bring an app forward (`Switch to Pubky Ring`, `Open Bitkit`).
    case switchApp(JourneyApp)
    /// `Launch Bitkit`: the app's launch (a running app only comes forward).
    case launchApp(JourneyApp)
    /// A clause of `Launch <app> with <clauses>` (§2.4.10): a world precondition, as written.
    case precondition(String)
    /// Row 15: a check only a person with a screenshot can settle; the reason is the step's prose.
    case needsPerson(String)
    /// Row 16: `Go back` (a tap of an id stays a `.tap`).
    case goBack
    /// Row 16: `Go back to Home`, `Return Home`.
    case goHome
    /// §2.4.6: `Open|Go to|Return to|Reopen P`: the place phrase as written, and whether it said `existing`.
    case goTo(String, existing: Bool)
    /// §2.4.7: `Capture|Take|Record a snapshot|layout dump|screenshot`: the kinds, as written.
    case capture([String])
    /// §2.4.7: `Note the <noun> [(id X)]`: what is noted, and the element it is read from.
    case note(String, ElementMention?)
    /// §2.4.7: `Report how long <event> takes`.
    case reportDuration(String)
    /// §2.4.10: `Have the issuer publish …`: an endpoint identifier and its payload.
    case issuerPublish(identifier: String, payload: String)
    /// §2.4.10: `Have the issuer send …`: a payment request (`amount` in BTC).
    case issuerRequest(id: String, amount: String, identifiers: [String])
    /// §2.4.10: `Confirm|Cancel <noun>`: that button of the dialog shown.
    case dialog(confirm: Bool, noun: String)
    /// §2.4.10: `Dismiss <screen> [without paying]`.
    case dismiss(String, withoutPaying: Bool)
    /// §2.4.10: `Scroll [down|up] to X`: no effect when X is shown; X becomes the focus.
    case scrollTo(ElementMention)
    /// `carry on`, `proceed`, `do nothing` (an `otherwise` branch with nothing to do): held, nothing done.
    case carryOn
    /// No form of §2.2 or §2.4: the runner reports it `not performable as written` with this reason.
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
