import AppSupport
import Foundation
import Journeys
import Scenarios

/// Evaluates a journey's sub-actions in order against one world (spec/08 §1.4): interactions run the
/// real tools through the scenario runner's `ScriptRun` (so the transcript, focus and serving
/// processes are the scenario runner's), checks read the current screen and never act.
package struct JourneyEvaluation {
    var script: ScriptRun
    let finder: ElementFinder
    private(set) var results: [JourneyActionResult] = []
    /// The app actions address when an action names none: the last one acted on.
    private var app: JourneyApp = .bitkit
    private var clipboard: String?
    /// The scanner an earlier tap opened: Bitkit's `Scan`, or a Ring card's Authorize (with its ref).
    private var scanner: (app: JourneyApp, pubky: String?)?
    private var lastTap: (app: JourneyApp, arguments: [String])?
    /// Whether the previous sub-action left its app's screen as it was (`If nothing happens`).
    private var previousChangedNothing = false
    private var stopped = false

    /// How long a wait advances the device clock, one second at a time (spec/08 §2.2 row 8, assumed).
    package static let waitLimitSeconds = 30

    init(script: ScriptRun, finder: ElementFinder) {
        self.script = script
        self.finder = finder
    }

    /// An outcome of one sub-action, before it is reported.
    private struct Outcome {
        var status: JourneyStatus
        var detail: String?
        var app: String?
        static func held(_ detail: String? = nil) -> Outcome { Outcome(status: .held, detail: detail) }
    }

    mutating func evaluate(_ step: JourneyStep) {
        let target = step.app ?? Self.app(of: step.form) ?? app
        guard !stopped else {
            results.append(
                .init(index: step.index, text: step.text, app: target.rawValue, status: .notRun, detail: nil))
            return
        }
        var outcome: Outcome
        do {
            if let skip = try condition(step.condition, app: target) {
                outcome = skip
            } else {
                outcome = try perform(step.form, app: target)
                if outcome.status == .didNotHold, let clause = step.timingClause {
                    outcome = Outcome(
                        status: .timing, detail: "\"\(clause)\"" + (outcome.detail.map { ": \($0)" } ?? ""))
                }
            }
        } catch let failure as ScriptRun.StepFailure {
            outcome = Self.failed(failure)
        } catch {
            outcome = Outcome(status: .crashed, detail: "escalate: \(error)")
        }
        if outcome.status == .notPerformable || outcome.status == .crashed { stopped = true }
        results.append(
            .init(
                index: step.index, text: step.text, app: outcome.app ?? target.rawValue, status: outcome.status,
                detail: outcome.detail, screens: script.shownScreens))
    }

    /// A tool that failed: a timeout, a signal or an internal failure is a crash (escalate, spec/08
    /// §1.4 rule 6); a refused command (exit 2 usage, 3 world) is an interaction not performable as written.
    private static func failed(_ failure: ScriptRun.StepFailure) -> Outcome {
        let status = failure.actual.firstMatch(of: #/^exit (\d+)/#).flatMap { Int($0.output.1) }
        let crashed = status.map { $0 != 2 && $0 != 3 } ?? failure.actual.contains("killed after the timeout")
        return Outcome(
            status: crashed ? .crashed : .notPerformable,
            detail: (crashed ? "escalate: " : "") + "expected \(failure.expected), found \(failure.actual)")
    }

    /// The app a form names by itself: a Ring testID.
    private static func app(of form: JourneyForm) -> JourneyApp? {
        switch form {
        case .tap(.testID, _), .verifyDisabled(.testID, _), .verifyText(.testID?, _): .ring
        case .verifyVisible(let mentions, _), .verifyAbsent(let mentions, _, _):
            mentions.contains { if case .testID = $0 { true } else { false } } ? .ring : nil
        case .waitFor(let inner): app(of: inner)
        default: nil
        }
    }

    // MARK: Conditions

    /// nil when the step runs; else how it ends without running.
    private mutating func condition(_ condition: JourneyCondition?, app: JourneyApp) throws -> Outcome? {
        switch condition {
        case nil: return nil
        case .element(let mention)?:
            let screen = try current(app)
            return finder.find(mention, showing: nil, app: app, on: screen) == nil
                ? Outcome(status: .skipped, detail: "\(mention.value) is not on the screen") : nil
        case .promptNeverShown(let prompt)?:
            return Outcome(status: .skipped, detail: "the simulator never shows the \(prompt)")
        case .nothingHappened?:
            return previousChangedNothing
                ? nil : Outcome(status: .skipped, detail: "the previous step changed the screen")
        case .other(let text)?:
            return Outcome(status: .person, detail: "a condition only a person can judge: \(text)")
        }
    }

    // MARK: Forms

    private mutating func perform(_ form: JourneyForm, app target: JourneyApp) throws -> Outcome {
        switch form {
        case .tap(let mention, let showing):
            return try tap(mention, showing: showing, app: target)
        case .tapAgain:
            guard let lastTap else { return Outcome(status: .notPerformable, detail: "no earlier tap to repeat") }
            return try act(lastTap.app, lastTap.arguments, source: "tap again")
        case .enterText(let text, let field):
            return try enter(text, into: field, app: target)
        case .verifyVisible, .verifyAbsent, .verifyDisabled, .verifyText:
            return try check(form, app: target)
        case .waitFor(let inner):
            return try wait(for: inner, app: target)
        case .waitBriefly:
            try simctl(["device", "clock", "advance", "1"])
            return .held("the device clock advanced 1 s")
        case .command(let command):
            return try run(command)
        case .networkThrottle:
            return Outcome(status: .held, detail: "no effect in the simulator", app: "sim")
        case .copyToClipboard(let text):
            clipboard =
                text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"")
                ? String(text.dropFirst().dropLast()) : text
            return Outcome(status: .held, app: "sim")
        case .switchApp(let other):
            app = other
            return Outcome(status: .held, app: other.rawValue)
        case .needsPerson(let reason):
            return Outcome(
                status: .person, detail: reason == "" ? nil : "only a person with a screenshot can settle it")
        case .goBack:
            return try act(target, ["back"], source: "go back")
        case .goHome:
            return try act(target, ["home"], source: "go home")
        case .goTo(let place):
            switch (target, place.lowercased()) {
            case (_, "home"): return try act(target, ["home"], source: "go home")
            case (.ring, "settings"): return try act(.ring, ["settings"], source: "go to Settings")
            case (.bitkit, "settings"): return try act(.bitkit, ["settings"], source: "go to Settings")
            case (.bitkit, "profile"): return try act(.bitkit, ["open", "profile"], source: "go to Profile")
            default:
                return Outcome(status: .notPerformable, detail: "no simulated route to \(place) in \(target.rawValue)")
            }
        case .unrecognised(let reason):
            return Outcome(status: .notPerformable, detail: reason)
        }
    }

    private mutating func tap(_ mention: ElementMention, showing: String?, app target: JourneyApp) throws -> Outcome {
        let written = mention.value
        if written == "QRScannerPasteButton" || written == "SimScannerPaste" || mention == .label("Paste") {
            return try paste(target)
        }
        let screen = try current(target)
        guard let element = finder.find(mention, showing: showing, app: target, on: screen) else {
            return Outcome(
                status: .notPerformable,
                detail: "\(written) is not on the current screen; it shows \(ElementFinder.summary(of: screen))")
        }
        guard !element.disabled else { return Outcome(status: .notPerformable, detail: "\(written) is disabled") }
        // The scanner opens: the code is pasted next (spec/08 §2.2 row 12).
        if target == .bitkit, element.id == BitkitScannerID.scan {
            scanner = (.bitkit, nil)
            return .held("the scanner opens")
        }
        if target == .ring, written.hasSuffix("-ActionButton"),
            let index = written.dropLast("-ActionButton".count)
                .split(separator: "-").last.flatMap({ Int($0) })
        {
            scanner = (.ring, "#\(index + 1)")
            return .held("the scanner opens")
        }
        let id: String
        if case .label = mention {
            id = element.id
        } else {
            id =
                target == .ring && ElementFinder.derivedSuffixes.contains(where: written.hasSuffix)
                ? written : element.id
        }
        lastTap = (target, ["tap", id])
        return try act(target, ["tap", id], source: "tap \(id)")
    }

    /// Types into a field (`bitkit-sim type ID TEXT`); Ring's fields are not simulated as typing.
    private mutating func enter(_ text: String, into field: ElementMention?, app target: JourneyApp) throws -> Outcome {
        guard target == .bitkit else {
            return Outcome(status: .notPerformable, detail: "typing into Pubky Ring's fields is not simulated")
        }
        guard let field else { return Outcome(status: .notPerformable, detail: "no field named to type into") }
        let screen = try current(target)
        guard let element = finder.find(field, showing: nil, app: target, on: screen) else {
            return Outcome(
                status: .notPerformable,
                detail: "\(field.value) is not on the current screen; it shows \(ElementFinder.summary(of: screen))")
        }
        return try act(target, ["type", element.id, text], source: "type \(element.id)")
    }

    /// Pastes the clipboard into the open scanner: `bitkit-sim scan` / `ring-sim authorize`.
    private mutating func paste(_ target: JourneyApp) throws -> Outcome {
        guard let clipboard else { return Outcome(status: .notPerformable, detail: "the clipboard is empty") }
        let app = scanner?.app ?? target
        let arguments =
            app == .bitkit
            ? ["scan", clipboard] : ["authorize", clipboard] + (scanner?.pubky.map { ["--pubky", $0] } ?? [])
        scanner = nil
        return try act(app, arguments, source: "paste")
    }

    /// Runs an app command; a `notice:` is the app refusing (not performable as written).
    private mutating func act(_ target: JourneyApp, _ arguments: [String], source: String) throws -> Outcome {
        let before = script.lastScreen[target.rawValue].map(Self.fingerprint)
        let tool: Tool = target == .bitkit ? .bitkit : .ring
        try script.runStep(
            Step(
                file: "journey", line: 0, source: "\(target.rawValue) \(source)",
                kind: .run(tool: tool, arguments: arguments, background: false, expectFailure: false)),
            tool: tool, arguments: arguments, background: false, expectFailure: false)
        app = target
        let after = script.lastScreen[target.rawValue].map(Self.fingerprint)
        previousChangedNothing = before != nil && before == after
        let stderr = script.lastOutput?.stderr ?? ""
        if let notice = stderr.split(separator: "\n").first(where: { $0.hasPrefix("notice:") }) {
            return Outcome(status: .notPerformable, detail: "the app refused: \(notice.dropFirst("notice: ".count))")
        }
        return .held()
    }

    private mutating func simctl(_ arguments: [String]) throws {
        try script.runStep(
            Step(
                file: "journey", line: 0, source: "simctl \(arguments.joined(separator: " "))",
                kind: .run(tool: .simctl, arguments: arguments, background: false, expectFailure: false)),
            tool: .simctl, arguments: arguments, background: false, expectFailure: false)
    }

    /// The backticked commands of spec/08 §2.2, and the exported capability actions.
    private mutating func run(_ command: JourneyCommand) throws -> Outcome {
        func app(of bundle: String) -> JourneyApp? {
            if bundle == "to.bitkit" || bundle.hasPrefix("to.bitkit.") { return .bitkit }
            if bundle == "app.pubkyring" || bundle == "to.pubky.ring" { return .ring }
            return nil
        }
        switch command {
        case .terminate(let bundle), .launch(let bundle):
            guard let target = app(of: bundle) else {
                return Outcome(status: .notPerformable, detail: "no simulated app is \(bundle)", app: "os")
            }
            let verb = if case .terminate = command { "kill" } else { "launch" }
            var outcome = try act(target, [verb], source: verb)
            outcome.app = "os"
            return outcome
        case .openURL(let url):
            try simctl(["open-url", url])
            return Outcome(status: .held, app: "os")
        case .openURLIn(let package, let url):
            guard let target = app(of: package) else {
                return Outcome(status: .notPerformable, detail: "no simulated app is \(package)", app: "os")
            }
            var outcome = try act(target, ["open-url", url], source: "open-url")
            outcome.app = "os"
            return outcome
        case .capability(let name, let line):
            let steps: [Step]
            do {
                // `a; expect exit 2`: a step and the checks that belong to it, as --setup writes them.
                let lines = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                let known = Set(script.symbols.keys.keys).union(script.symbols.values.keys)
                steps = try ScenarioParser.parse(text: lines.joined(separator: "\n"), file: "journey", known: known)
                    .steps
            } catch {
                return Outcome(
                    status: .notPerformable, detail: "capability \"\(name)\": \(error.description)", app: "sim")
            }
            for step in steps {
                do {
                    try script.perform(step)
                } catch let failure as ScriptRun.StepFailure {
                    if case .expect = step.kind {
                        return Outcome(
                            status: .didNotHold, detail: "expected \(failure.expected), found \(failure.actual)",
                            app: "sim")
                    }
                    throw failure
                }
            }
            return Outcome(status: .held, app: "sim")
        case .unrecognised(let reason):
            return Outcome(status: .notPerformable, detail: reason, app: "os")
        }
    }

    // MARK: Checks

    /// A check of the current screen: it never acts (spec/08 §1.4 rule 3).
    private mutating func check(_ form: JourneyForm, app target: JourneyApp) throws -> Outcome {
        let screen = try current(target)
        let found = "found \(ElementFinder.summary(of: screen))"
        switch form {
        case .verifyVisible(let mentions, let quoted):
            let showing = quoted.first
            let missing = mentions.filter { finder.find($0, showing: showing, app: target, on: screen) == nil }
            if mentions.isEmpty {
                let texts = ElementFinder.texts(of: screen)
                let absent = quoted.filter { text in
                    !texts.contains { Self.normalised($0).contains(Self.normalised(text)) }
                }
                return absent.isEmpty
                    ? .held()
                    : Outcome(
                        status: .didNotHold,
                        detail: "expected \(absent.map { "\"\($0)\"" }.joined(separator: ", ")), \(found)")
            }
            return missing.isEmpty
                ? .held()
                : Outcome(
                    status: .didNotHold, detail: "expected \(missing.map(\.value).joined(separator: ", ")), \(found)")
        case .verifyAbsent(let mentions, let quoted, let missingFromTargets):
            var present = mentions.filter { mention in
                guard let element = finder.find(mention, showing: nil, app: target, on: screen) else { return false }
                return !(missingFromTargets && element.disabled)
            }.map(\.value)
            if mentions.isEmpty {
                // `the "PubkyChoiceRing_" rows missing`: no element whose id starts so.
                present = quoted.filter { prefix in
                    screen.identifiers.contains { $0.id.hasPrefix(prefix) && !(missingFromTargets && $0.disabled) }
                }
            }
            return present.isEmpty
                ? .held()
                : Outcome(status: .didNotHold, detail: "expected no \(present.joined(separator: ", ")), \(found)")
        case .verifyDisabled(let mention, let disabled):
            guard let element = finder.find(mention, showing: nil, app: target, on: screen) else {
                return Outcome(status: .didNotHold, detail: "expected \(mention.value), \(found)")
            }
            return element.disabled == disabled
                ? .held()
                : Outcome(
                    status: .didNotHold,
                    detail:
                        "expected \(mention.value) \(disabled ? "disabled" : "enabled"), found it \(element.disabled ? "disabled" : "enabled")"
                )
        case .verifyText(let mention, let text):
            let wanted = Self.normalised(text)
            if let mention {
                guard let element = finder.find(mention, showing: nil, app: target, on: screen) else {
                    return Outcome(status: .didNotHold, detail: "expected \(mention.value), \(found)")
                }
                return element.texts.contains { Self.normalised($0).contains(wanted) }
                    ? .held()
                    : Outcome(
                        status: .didNotHold,
                        detail:
                            "expected \(mention.value) to show \"\(text)\", found \(element.texts.map { "\"\($0)\"" }.joined(separator: ", "))"
                    )
            }
            return ElementFinder.texts(of: screen).contains { Self.normalised($0).contains(wanted) }
                ? .held() : Outcome(status: .didNotHold, detail: "expected the text \"\(text)\", \(found)")
        default:
            return Outcome(status: .notPerformable, detail: "not a check")
        }
    }

    /// A check repeated while it fails, the device clock advanced 1 s between tries, up to 30 s.
    private mutating func wait(for inner: JourneyForm, app target: JourneyApp) throws -> Outcome {
        var outcome = try check(inner, app: target)
        var waited = 0
        while outcome.status == .didNotHold, waited < Self.waitLimitSeconds {
            try simctl(["device", "clock", "advance", "1"])
            waited += 1
            try render(target)
            outcome = try check(inner, app: target)
        }
        if outcome.status == .held, waited > 0 { outcome.detail = "after \(waited) s" }
        if outcome.status == .didNotHold { outcome.detail = "after \(waited) s: " + (outcome.detail ?? "") }
        return outcome
    }

    // MARK: The current screen

    /// The screen the app's last action printed in this run, else a fresh render (`screen`, which runs nothing).
    private mutating func current(_ target: JourneyApp) throws -> Screen {
        if script.lastScreen[target.rawValue] == nil { try render(target) }
        guard let screen = script.shownScreens[target.rawValue] else {
            let name = target == .bitkit ? "Bitkit" : "Pubky Ring"
            return Screen(app: target.rawValue, route: "none", texts: ["\(name) shows nothing: it is not running."])
        }
        return screen
    }

    private mutating func render(_ target: JourneyApp) throws {
        let tool: Tool = target == .bitkit ? .bitkit : .ring
        try script.runStep(
            Step(
                file: "journey", line: 0, source: "\(target.rawValue) screen",
                kind: .run(tool: tool, arguments: ["screen"], background: false, expectFailure: false)),
            tool: tool, arguments: ["screen"], background: false, expectFailure: false)
    }

    private static func fingerprint(_ screen: [String: Any]) -> Data {
        var shown = screen
        shown["toasts"] = nil
        return (try? JSONSerialization.data(withJSONObject: shown, options: [.sortedKeys])) ?? Data()
    }

    /// Trimmed, with every run of whitespace one space (spec/08 §2.2 row 7).
    package static func normalised(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// Bitkit's tab-bar Scan button: a journey taps it, then pastes (spec/08 §2.2 row 12).
enum BitkitScannerID {
    static let scan = "Scan"
}
