import AppSupport
import Foundation
import Journeys
import Scenarios

/// Evaluates a journey's actions in order against one world (spec/08 §1.4, §2.4): each action's
/// placeholders are bound at first use, its steps read as a person reads them; interactions run the real
/// tools through the scenario runner's `ScriptRun` (so the transcript, focus and serving processes are
/// the scenario runner's), checks read the current screen (and the world's facts) and never act.
package struct JourneyEvaluation {
    var script: ScriptRun
    let finder: ElementFinder
    var binder: PlaceholderBinder
    var facts = WorldFacts()
    var memory = JourneyMemory()
    private(set) var results: [JourneyActionResult] = []
    /// The app actions address when an action names none: the last one acted on.
    var app: JourneyApp = .bitkit
    var clipboard: String?
    /// The scanner an earlier tap opened: Bitkit's `Scan`, or a Ring card's Authorize (with its ref).
    var scanner: (app: JourneyApp, pubky: String?)?
    /// The last tap's command, for `tap it again`.
    var lastTapCommand: (app: JourneyApp, arguments: [String])?
    /// Whether the last performed interaction left its app's screen as it was (`If nothing happens`).
    var previousChangedNothing = false
    /// The screen and Bitkit's adoption count before the last tap (`verify nothing changes`).
    var beforeLastTap: (fingerprint: Data, adoptions: Int?)?
    /// Background work the setup holds (`STEP &` at a breakpoint) ends after this many simulated seconds
    /// of the journey (`--release-held-after`); nil: never, as race tooling holds it.
    var releaseHeldAfter: Int?
    var journeyStartMs: Int?
    /// Bitkit elements the simulated app can show (`bitkit-sim elements`), read when first needed.
    var bitkitCatalogue: [(id: String, testTag: String?)]?
    private var stopped = false
    /// The current action's conditions (by scope id) and timing condition, once evaluated.
    private var scopeValues: [Int: Bool?] = [:]
    private var timingHeldAtStart: Bool?? = nil
    /// The current action's placeholder values, for its report lines.
    private var actionBindings: [String: JourneyBinding] = [:]
    /// The placeholders resolved before the current action (those resolved during it, for a referent such as
    /// `the named identity` or a set such as `one row per Ring identity`, are the action's too).
    private var knownBeforeAction: Set<String> = []

    /// How long a wait advances the device clock by default, one second at a time (spec/08 §2.2 row 8).
    package static let waitLimitSeconds = 30

    init(script: ScriptRun, finder: ElementFinder, binder: PlaceholderBinder) {
        self.script = script
        self.finder = finder
        self.binder = binder
    }

    /// An outcome of one step, before it is reported.
    struct Outcome {
        var status: JourneyStatus
        var detail: String?
        var app: String?
        var members: [JourneyMemberResult] = []
        /// A check over `each row whose P` where no row has P: timing under a timing clause, else held.
        var noRowMatches = false
        static func held(_ detail: String? = nil) -> Outcome { Outcome(status: .held, detail: detail) }
        static func failed(_ detail: String) -> Outcome { Outcome(status: .didNotHold, detail: detail) }
        static func notPerformable(_ detail: String) -> Outcome { Outcome(status: .notPerformable, detail: detail) }
    }

    // MARK: Actions

    /// Binds the action's placeholders (first use freezes a world value), reads it into steps, evaluates each.
    mutating func evaluate(_ action: JourneyFile.Action) {
        let lower = action.text.lowercased()
        let issuerAction = lower.contains("issuer")
        if !stopped {
            binder.resolve(action.text, issuerAction: issuerAction, facts: &facts, script: &script)
        }
        actionBindings = [:]
        let contexts = PlaceholderBinder.idContexts(in: action.text)
        for name in JourneyPlaceholders.names(in: action.text) {
            if let value = binder.value(name, inID: contexts[name]?.first ?? nil) {
                actionBindings[name] = value.binding
            }
        }
        knownBeforeAction = Set(binder.values.keys)
        let bound = JourneyFile.Action(
            number: action.number, text: JourneyPlaceholders.bind(action.text, values: binder.scalars),
            line: action.line, column: action.column)
        scopeValues = [:]
        timingHeldAtStart = nil
        for step in JourneyAction.split(bound) { evaluate(step) }
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
            try releaseDueWork()
            if let unresolved = unresolvedPlaceholder(in: step) {
                outcome =
                    Self.isInteraction(step.form)
                    ? .notPerformable(unresolved) : .failed(unresolved)
            } else if let gate = try gate(step, app: target) {
                outcome = gate
            } else if Self.isInteraction(step.form), let timing = step.timing,
                try timingCondition(timing, app: target) == true
            {
                outcome = Outcome(
                    status: .timing,
                    detail: "\"\(timing.clause)\": not performed, its condition held when the action began")
            } else {
                outcome = try perform(step, app: target)
                outcome = try applyTiming(outcome, step: step, app: target)
            }
        } catch let failure as ScriptRun.StepFailure {
            outcome = Self.failed(failure)
        } catch {
            outcome = Outcome(status: .crashed, detail: "escalate: \(error)")
        }
        if outcome.status == .notPerformable || outcome.status == .crashed { stopped = true }
        for (key, value) in binder.values where !knownBeforeAction.contains(key) && actionBindings[key] == nil {
            actionBindings[key] = value.binding
        }
        if !step.notes.isEmpty {
            let notes = "note: " + step.notes.joined(separator: "; ")
            outcome.detail = outcome.detail.map { "\($0); \(notes)" } ?? notes
        }
        results.append(
            .init(
                index: step.index, text: step.text, app: outcome.app ?? target.rawValue, status: outcome.status,
                detail: outcome.detail, bindings: actionBindings, members: outcome.members, screens: script.shownScreens
            ))
    }

    /// A timing clause turns a check that did not hold into `timing` unless its condition is known false;
    /// a check needing a person ends timing when the condition held at the start; `each row whose P` with
    /// no such row ends timing.
    private mutating func applyTiming(_ outcome: Outcome, step: JourneyStep, app target: JourneyApp) throws -> Outcome {
        var outcome = outcome
        if outcome.noRowMatches {
            guard let timing = step.timing else { return outcome }
            outcome.status = .timing
            outcome.detail = "\"\(timing.clause)\": " + (outcome.detail ?? "no row matches")
            return outcome
        }
        guard let timing = step.timing else { return outcome }
        if outcome.status == .didNotHold, try timingCondition(timing, app: target) != false {
            return Outcome(
                status: .timing, detail: "\"\(timing.clause)\"" + (outcome.detail.map { ": \($0)" } ?? ""),
                members: outcome.members)
        }
        if outcome.status == .person, try timingCondition(timing, app: target) == true {
            return Outcome(status: .timing, detail: "\"\(timing.clause)\"" + (outcome.detail.map { ": \($0)" } ?? ""))
        }
        return outcome
    }

    /// The timing sentence's condition, evaluated once when the action began: nil when it cannot be.
    private mutating func timingCondition(_ timing: JourneyTiming, app target: JourneyApp) throws -> Bool? {
        if let known = timingHeldAtStart { return known }
        let value: Bool? = try timing.condition.map { try conditionValue($0, app: target) } ?? nil
        timingHeldAtStart = .some(value)
        return value
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
        func ring(_ mention: ElementMention?) -> Bool { if case .testID? = mention { true } else { false } }
        switch form {
        case .tap(let mention, _): return ring(mention) ? .ring : nil
        case .tapReferent(_, let within), .scrollTo(let within as ElementMention?): return ring(within) ? .ring : nil
        case .check(let check), .waitFor(let check, _):
            let mentions = check.conjuncts.flatMap(\.alternatives).flatMap { claim -> [ElementMention] in
                switch claim.subject {
                case .elements(let mentions, _): mentions
                case .referent(_, let within?), .rows(_, let within?): [within]
                default: []
                }
            }
            return !mentions.isEmpty && mentions.allSatisfy({ ring($0) }) ? .ring : nil
        default: return nil
        }
    }

    /// Whether the form acts (a check, a wait, a note or a capture only reads).
    static func isInteraction(_ form: JourneyForm) -> Bool {
        switch form {
        case .check, .waitFor, .waitForProcess, .waitSeconds, .needsPerson, .capture, .note, .reportDuration,
            .precondition, .carryOn:
            false
        default: true
        }
    }

    /// A placeholder the step uses that has a rule but no value now (§2.4.5 "unresolvable at use").
    private func unresolvedPlaceholder(in step: JourneyStep) -> String? {
        let contexts = PlaceholderBinder.idContexts(in: step.text)
        for name in JourneyPlaceholders.names(in: step.text) {
            if case .unresolved(let reason)? = binder.value(name, inID: contexts[name]?.first ?? nil) {
                return "<\(name)> has no value: \(reason)"
            }
        }
        return nil
    }

    // MARK: Conditions

    /// nil when the step runs; else how it ends without running (its condition false, or undecidable).
    private mutating func gate(_ step: JourneyStep, app target: JourneyApp) throws -> Outcome? {
        guard let scope = step.scope else { return nil }
        let value: Bool?
        if let known = scopeValues[scope.id] {
            value = known
        } else {
            value = try conditionValue(scope.condition, app: target)
            scopeValues[scope.id] = .some(value)
        }
        guard let value else {
            return Outcome(
                status: .person, detail: "a condition only a person can judge: \(Self.describe(scope.condition))")
        }
        if value == scope.whenTrue { return nil }
        return Outcome(status: .skipped, detail: Self.skipReason(scope.condition, held: value))
    }

    /// Evaluated once, on the current screen, without waiting; nil when only a person can judge it.
    mutating func conditionValue(_ condition: JourneyCondition, app target: JourneyApp) throws -> Bool? {
        switch condition {
        case .check(let check):
            let outcome = try evaluateCheck(check, app: target)
            switch outcome.status {
            case .held: return true
            case .didNotHold: return outcome.noRowMatches
            default: return nil
            }
        case .promptNeverShown: return false
        case .nothingHappened: return previousChangedNothing
        case .process(let process, let running): return facts.running(process, &script) == running
        case .other: return nil
        }
    }

    private static func describe(_ condition: JourneyCondition) -> String {
        switch condition {
        case .other(let text): text
        case .check: "a check"
        case .promptNeverShown(let prompt): prompt
        case .nothingHappened: "nothing happens"
        case .process(let process, let running): "\(process.rawValue) \(running ? "running" : "finished")"
        }
    }

    private static func skipReason(_ condition: JourneyCondition, held: Bool) -> String {
        switch condition {
        case .promptNeverShown(let prompt): "the simulator never shows the \(prompt)"
        case .nothingHappened: held ? "the previous step changed nothing" : "the previous step changed the screen"
        case .process(let process, let running):
            held == running ? "Bitkit has \(process.rawValue) in flight" : "Bitkit has no \(process.rawValue) in flight"
        default: held ? "its condition held (an otherwise branch)" : "its condition did not hold"
        }
    }

    // MARK: Forms

    private mutating func perform(_ step: JourneyStep, app target: JourneyApp) throws -> Outcome {
        switch step.form {
        case .tap(let mention, let showing):
            return try tap(mention, showing: showing, app: target, ignored: step.expectsNoChange)
        case .tapReferent(let referent, let within):
            return try tapReferent(referent, within: within, app: target, ignored: step.expectsNoChange)
        case .tapAgain:
            guard let lastTapCommand else { return .notPerformable("no earlier tap to repeat") }
            return try act(lastTapCommand.app, lastTapCommand.arguments, source: "tap again")
        case .enterText(let text, let field):
            return try enter(text, into: field, app: target)
        case .check(let check):
            return try evaluateCheck(check, app: target)
        case .waitFor(let check, let limit):
            return try wait(for: check, limit: limit, app: target)
        case .waitForProcess(let process, let limit):
            return try wait(for: process, limit: limit)
        case .waitSeconds(let seconds):
            try advance(seconds, app: target)
            return .held("the device clock advanced \(seconds) s")
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
        case .launchApp(let other):
            return try act(other, ["launch"], source: "launch")
        case .precondition(let clause):
            return precondition(clause)
        case .needsPerson(let reason):
            return Outcome(
                status: .person,
                detail: reason.isEmpty
                    ? "nothing here the runner evaluates" : "only a person with a screenshot can settle it")
        case .goBack:
            return try act(target, ["back"], source: "go back")
        case .goHome:
            return try act(target, ["home"], source: "go home")
        case .goTo(let phrase, let existing):
            return try navigate(to: phrase, existing: existing, app: target)
        case .capture(let kinds):
            return try capture(kinds, app: target)
        case .note(let noun, let mention):
            return try note(noun, from: mention, app: target)
        case .reportDuration(let event):
            return reportDuration(event)
        case .issuerPublish(let identifier, let payload):
            return try issuer(["publish", "--identifier", identifier, "--payload", payload])
        case .issuerRequest(let id, let amount, let identifiers):
            return try issuer(
                ["request", "--to", "bitkit", "--id", id, "--amount", amount]
                    + identifiers.flatMap { ["--identifier", $0] })
        case .dialog(let confirm, let noun):
            return try dialog(confirm: confirm, noun: noun, app: target)
        case .dismiss(let what, let withoutPaying):
            return try dismiss(what, withoutPaying: withoutPaying, app: target)
        case .scrollTo(let mention):
            return try scroll(to: mention, app: target)
        case .carryOn:
            return .held("nothing to do")
        case .unrecognised(let reason):
            return .notPerformable(reason)
        }
    }

    // MARK: Interactions

    mutating func tap(
        _ mention: ElementMention, showing: String?, app target: JourneyApp, ignored: Bool = false
    ) throws -> Outcome {
        let written = mention.value
        if written == "QRScannerPasteButton" || written == "SimScannerPaste" || mention == .label("Paste") {
            return try paste(target)
        }
        let screen = try current(target)
        var concrete = mention
        switch expand(mention) {
        case .unresolved(let why): return .notPerformable(why)
        case .single(let single): concrete = single
        case .members(let list):
            // A set placeholder in an interaction: the member the phrase picks; none among several.
            guard list.count == 1 else {
                return .notPerformable("\(mention.value) stands for \(list.count) members: the step picks none of them")
            }
            concrete = list[0].mention
        }
        guard let element = finder.find(concrete, showing: showing, app: target, on: screen) else {
            return try notShown(concrete, app: target, screen: screen)
        }
        return try tap(element, written: concrete, app: target, ignored: ignored)
    }

    /// Taps one element found on the screen (a disabled one only when the step expects it to be ignored).
    mutating func tap(
        _ element: ShownElement, written mention: ElementMention, app target: JourneyApp, ignored: Bool
    ) throws -> Outcome {
        let written = mention.value
        memory.named([JourneyMemory.Identity(app: target, element: element, key: element.keyInID)])
        memory.lastTap = memory.focus.first
        if element.disabled, !ignored { return .notPerformable("\(written) is disabled") }
        // The scanner opens: the code is pasted next (spec/08 §2.2 row 12).
        if target == .bitkit, element.id == BitkitScannerID.scan {
            scanner = (.bitkit, nil)
            return .held("the scanner opens")
        }
        if target == .ring, written.hasSuffix("-ActionButton"),
            let index = written.dropLast("-ActionButton".count).split(separator: "-").last.flatMap({ Int($0) })
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
        beforeLastTap = (
            script.lastScreen[target.rawValue].map(Self.fingerprint) ?? Data(), ignored ? adoptionCount() : nil
        )
        lastTapCommand = (target, ["tap", id])
        var outcome = try act(target, ["tap", id], source: "tap \(id)")
        if element.disabled, outcome.status == .notPerformable {
            outcome = .held("ignored: \(written) is disabled")
        }
        return outcome
    }

    /// Types into a field (`bitkit-sim type ID TEXT`); Ring's fields are not simulated as typing.
    private mutating func enter(_ text: String, into field: ElementMention?, app target: JourneyApp) throws -> Outcome {
        guard target == .bitkit else { return .notPerformable("typing into Pubky Ring's fields is not simulated") }
        guard let field else { return .notPerformable("no field named to type into") }
        let screen = try current(target)
        guard let element = finder.find(field, showing: nil, app: target, on: screen) else {
            return try notShown(field, app: target, screen: screen)
        }
        return try act(target, ["type", element.id, text], source: "type \(element.id)")
    }

    /// Pastes the clipboard into the open scanner: `bitkit-sim scan` / `ring-sim authorize`.
    private mutating func paste(_ target: JourneyApp) throws -> Outcome {
        guard let clipboard else { return .notPerformable("the clipboard is empty") }
        let app = scanner?.app ?? target
        let arguments =
            app == .bitkit
            ? ["scan", clipboard] : ["authorize", clipboard] + (scanner?.pubky.map { ["--pubky", $0] } ?? [])
        scanner = nil
        return try act(app, arguments, source: "paste")
    }

    /// An element a step names that the screen does not show: not performable, saying what the screen
    /// shows — or, when the simulated app never shows such an element, what the simulator lacks.
    mutating func notShown(_ mention: ElementMention, app target: JourneyApp, screen: Screen) throws -> Outcome {
        if let missing = unmodelled(mention, app: target) { return .notPerformable(missing) }
        return .notPerformable(
            "\(mention.value) is not on the current screen; it shows \(ElementFinder.summary(of: screen))")
    }

    /// Runs an app command; a `notice:` is the app refusing (not performable as written).
    @discardableResult
    mutating func act(_ target: JourneyApp, _ arguments: [String], source: String) throws -> Outcome {
        let before = script.lastScreen[target.rawValue].map(Self.fingerprint)
        let tool: Tool = target == .bitkit ? .bitkit : .ring
        try script.runStep(
            Step(
                file: "journey", line: 0, source: "\(target.rawValue) \(source)",
                kind: .run(tool: tool, arguments: arguments, background: false, expectFailure: false)),
            tool: tool, arguments: arguments, background: false, expectFailure: false)
        app = target
        facts.forget()
        let after = script.lastScreen[target.rawValue].map(Self.fingerprint)
        previousChangedNothing = before != nil && before == after
        let stderr = script.lastOutput?.stderr ?? ""
        if let notice = stderr.split(separator: "\n").first(where: { $0.hasPrefix("notice:") }) {
            return .notPerformable("the app refused: \(notice.dropFirst("notice: ".count))")
        }
        return .held()
    }

    mutating func simctl(_ arguments: [String]) throws {
        try script.runStep(
            Step(
                file: "journey", line: 0, source: "simctl \(arguments.joined(separator: " "))",
                kind: .run(tool: .simctl, arguments: arguments, background: false, expectFailure: false)),
            tool: .simctl, arguments: arguments, background: false, expectFailure: false)
        facts.forget()
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
            facts.forget()
            return Outcome(status: .held, app: "sim")
        case .unrecognised(let reason):
            return Outcome(status: .notPerformable, detail: reason, app: "os")
        }
    }

    // MARK: The current screen

    /// The screen the app's last action printed in this run, else a fresh render (`screen`, which runs nothing).
    mutating func current(_ target: JourneyApp) throws -> Screen {
        if script.lastScreen[target.rawValue] == nil { try render(target) }
        guard let screen = script.shownScreens[target.rawValue] else {
            let name = target == .bitkit ? "Bitkit" : "Pubky Ring"
            return Screen(app: target.rawValue, route: "none", texts: ["\(name) shows nothing: it is not running."])
        }
        return screen
    }

    mutating func render(_ target: JourneyApp) throws {
        let tool: Tool = target == .bitkit ? .bitkit : .ring
        try script.runStep(
            Step(
                file: "journey", line: 0, source: "\(target.rawValue) screen",
                kind: .run(tool: tool, arguments: ["screen"], background: false, expectFailure: false)),
            tool: tool, arguments: ["screen"], background: false, expectFailure: false)
    }

    /// The screen as a person compares it (route, sheet, each element's id, texts, disabled; toasts).
    static func fingerprint(_ screen: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: screen, options: [.sortedKeys])) ?? Data()
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
