import AppSupport
import ContractNames
import Scenarios

/// Phrases one catalogue step as journey actions (spec/08 §4.3), from the screens the apps showed
/// before it. A step becomes a §2.2 form only where that form does exactly what the step does on
/// that screen (a tap the step's command performs, a check of what the step checks); otherwise it is
/// a capability action that runs the step itself, so an exported journey holds wherever its
/// scenario passes.
struct StepPhraser {
    let platform: Platform
    /// Names bound by `set`/`key` after the setup part: known only while the journey runs.
    let dynamic: Set<String>
    let keys: [String: Symbols.Key]
    private(set) var droppedChecks = false
    private(set) var capabilityLines: [String] = []
    /// The app the last app step acted on (a check without an app reads its screen).
    private var lastApp = "bitkit"
    /// A background step is running (`… &`, until `wait`): a race is held, so the screens printed
    /// before may not be the app's now; interactions run as themselves.
    private var racing = false
    /// The app a journey runner addresses when an action names none: the last one an action acted on
    /// (a capability action runs as itself and changes nothing here).
    private var runnerApp = "bitkit"
    /// Apps killed since they last printed a screen: that screen is not what a tap would meet.
    private var killed: Set<String> = []

    init(platform: Platform, dynamic: Set<String>, keys: [String: Symbols.Key]) {
        self.platform = platform
        self.dynamic = dynamic
        self.keys = keys
    }

    mutating func phrase(_ step: Step, line: String, screens: [String: Screen]) -> [String] {
        switch step.kind {
        case .note:
            return []
        case .expect:
            return check(step.source, screens: screens)
        case .run(let tool, let arguments, let background, let expectFailure):
            if let app = tool.appName { lastApp = app }
            if background { racing = true }
            defer {
                if let app = tool.appName {
                    if arguments == ["kill"] { killed.insert(app) } else { killed.remove(app) }
                }
            }
            guard !background, !expectFailure, !racing, !(tool.appName.map(killed.contains) ?? false),
                var phrased = action(tool, arguments, screens: screens)
            else {
                return [capability(for: step, line: line)]
            }
            // A Bitkit action after one in Ring names its app, or the runner would act in Ring.
            if tool == .bitkit, runnerApp != "bitkit", let first = phrased.first, !first.hasPrefix("Run `") {
                phrased[0] = "In Bitkit, " + first.prefix(1).lowercased() + first.dropFirst()
            }
            if let app = tool.appName { runnerApp = app }
            return phrased
        case .wait:
            racing = false
            return [capability(for: step, line: line)]
        case .waitFor, .key, .set, .bindKey, .focus:
            return [capability(for: step, line: line)]
        }
    }

    // MARK: Capability actions

    mutating func capability(for step: Step, line: String) -> String {
        let name: String
        switch step.kind {
        case .wait, .waitFor: name = "races"
        case .run(let tool, let arguments, let background, _):
            let first = arguments.first ?? ""
            switch tool {
            case _ where background: name = "races"
            case .simctl where ["break", "continue", "wait-paused"].contains(first): name = "races"
            case .simctl where first == "fault": name = "faults"
            case .simctl where first == "net": name = "network cuts"
            case .simctl where first == "device": name = "device lock"
            case .simctl: name = "outside world"
            case .ring: name = "Pubky Ring alongside Bitkit"
            case .bitkit: name = "simulated UI"
            }
        default: name = "outside world"
        }
        let written = literal(Self.placeholders(line, dynamic: dynamic, keys: keys, keepDynamic: true) ?? line)
        capabilityLines.append(written)
        return "Simulator capability \"\(name)\": run `\(written)`"
    }

    // MARK: Interactions

    private func action(_ tool: Tool, _ arguments: [String], screens: [String: Screen]) -> [String]? {
        switch tool {
        case .bitkit: return bitkit(arguments, screen: screens["bitkit"])
        case .ring: return ring(arguments, screen: screens["ring"])
        case .simctl:
            guard platform == .ios, arguments.count == 2, arguments[0] == "open-url",
                let url = Self.placeholders(arguments[1], dynamic: dynamic, keys: keys)
            else { return nil }
            return ["Run `xcrun simctl openurl <UDID> \"\(url)\"`"]
        }
    }

    private enum Verb { case launch, terminate }

    private func command(_ verb: Verb, app: String) -> String {
        switch (platform, verb) {
        case (.ios, .launch): "Run `xcrun simctl launch <UDID> \(app == "bitkit" ? "to.bitkit" : "<ring-bundle-id>")`"
        case (.ios, .terminate):
            "Run `xcrun simctl terminate <UDID> \(app == "bitkit" ? "to.bitkit" : "<ring-bundle-id>")`"
        case (.android, .launch):
            app == "bitkit"
                ? "Run `adb shell am start -n to.bitkit.dev/to.bitkit.ui.MainActivity`"
                : "Run `adb shell am start -n app.pubkyring/to.pubkyring.MainActivity`"
        case (.android, .terminate):
            "Run `adb shell am force-stop \(app == "bitkit" ? "to.bitkit.dev" : "app.pubkyring")`"
        }
    }

    /// `(id "X")` on iOS; on Android the element's testTag, with the text that tells rows apart, or
    /// its label where Android tags nothing.
    private func mention(_ element: ElementIdentity, label: String) -> String? {
        // The simulator's own ids are never written (spec/08 §4.3): address the element by its label.
        if element.id.hasPrefix("Sim") {
            return element.texts.first.map {
                "\(label) (no \(platform == .ios ? "id" : "testTag"); titled \"\(literal($0))\")"
            }
        }
        switch platform {
        case .ios: return "\(label) (id \"\(literal(element.id))\")"
        case .android:
            guard let tag = element.testTag.value else {
                guard let text = element.texts.first else { return nil }
                return "\(label) (no testTag; titled \"\(literal(text))\")"
            }
            if tag != element.id, let caption = element.texts.last {
                return "\(label) showing \"\(literal(caption))\" (testTag \"\(tag)\")"
            }
            return "\(label) (testTag \"\(tag)\")"
        }
    }

    private func shown(_ id: String, on screen: Screen?) -> ElementIdentity? {
        screen?.identifiers.first { $0.id == id && !$0.disabled }
    }

    private func bitkit(_ arguments: [String], screen: Screen?) -> [String]? {
        guard let verb = arguments.first else { return nil }
        let rest = Array(arguments.dropFirst())
        func tap(_ id: String, _ label: String) -> [String]? {
            shown(id, on: screen).flatMap { mention($0, label: label) }.map { ["Tap " + $0] }
        }
        switch (verb, rest) {
        case ("launch", []), ("foreground", []): return [command(.launch, app: "bitkit")]
        case ("kill", []): return [command(.terminate, app: "bitkit")]
        case ("relaunch", []): return [command(.terminate, app: "bitkit"), command(.launch, app: "bitkit")]
        case ("open", ["profile"]): return ["Go to Profile"]
        case ("home", []): return ["Go back to Home"]
        case ("back", []): return ["Go back"]
        case ("continue", []):
            return tap("ProfileIntro-button", "Continue") ?? tap("PayContactsContinue", "Continue")
        case ("save", []): return tap("CreateProfileSave", "Save")
        case ("approve", []): return tap("PubkyAuthAuthorize", "Authorize")
        case ("deny", []): return tap("PubkyAuthCancel", "Cancel")
        case ("pick", let target) where target.count == 1:
            guard let pubky = Self.keyValue(target[0], keys: keys) else { return nil }
            return tap("PubkyChoiceRing_\(pubky)", "the Pubky Ring row")
        case ("create-profile", let options) where options.count == 2 && options[0] == "--name":
            guard let name = Self.placeholders(options[1], dynamic: dynamic, keys: keys),
                screen?.route == "createProfile",
                let field = shown("CreateProfileUsername", on: screen),
                let into = mention(field, label: "the name field")
            else { return nil }
            return ["Enter \"\(name)\" in \(into)"]
        case ("scan", let link) where link.count == 1:
            guard screen?.route == "home", screen?.sheet == nil, let scan = tap("Scan", "Scan"),
                let value = Self.placeholders(link[0], dynamic: dynamic, keys: keys), !value.contains(" ")
            else { return nil }
            return ["Copy \(value) to the clipboard", scan[0], "Tap \"Paste\""]
        default: return nil
        }
    }

    /// Ring's steps that are taps on what its Home shows (spec/08 §4.3): open a card, use an offer,
    /// wipe from Settings. Cards are addressed by their testIDs, the derived `-Content` / `-UseButton`.
    private func ring(_ arguments: [String], screen: Screen?) -> [String]? {
        guard let verb = arguments.first else { return nil }
        let rest = Array(arguments.dropFirst())
        let home = screen?.route == "home" && screen?.sheet == nil
        switch (verb, rest) {
        case ("launch", []): return [command(.launch, app: "ring")]
        case ("kill", []): return [command(.terminate, app: "ring")]
        case ("open", let reference) where reference.count == 1 && home:
            guard let card = ringCard(reference[0], on: screen) else { return nil }
            return ["In Pubky Ring, tap the card (testID \"\(literal(card))-Content\")"]
        case ("use", let reference) where home && (reference.count == 1 || reference == [reference[0], "--confirm"]):
            guard let number = reference[0].firstMatch(of: #/^#([1-9][0-9]*)$/#).flatMap({ Int($0.output.1) }),
                screen?.rows.contains(where: { $0.id == "ExternalPubkyBox-\(number - 1)" }) == true
            else { return nil }
            var actions = ["In Pubky Ring, tap Use in Pubky Ring (testID \"ExternalPubkyBox-\(number - 1)-UseButton\")"]
            if reference.count == 2 {
                actions.append("In Pubky Ring, tap Use in Pubky Ring (testID \"UseExternalPubkyConfirmButton\")")
            }
            return actions
        case ("settings", ["wipe"]), ("settings", ["wipe", "--confirm"]):
            guard screen != nil, screen?.sheet == nil else { return nil }
            var actions = ["In Pubky Ring, go to Settings", "In Pubky Ring, tap \"Wipe Pubky Ring\""]
            if rest.count == 2 { actions.append("In Pubky Ring, tap \"Yes\"") }
            return actions
        default: return nil
        }
    }

    /// The id of Ring's card for a reference `'#N'` or `{KEY}`, when Home shows it.
    private func ringCard(_ reference: String, on screen: Screen?) -> String? {
        let cards = (screen?.rows ?? []).filter { $0.id.hasPrefix("PubkyBox-") }
        if let number = reference.firstMatch(of: #/^#([1-9][0-9]*)$/#).flatMap({ Int($0.output.1) }) {
            return cards.indices.contains(number - 1) ? cards[number - 1].id : nil
        }
        guard let pubky = Self.keyValue(reference, keys: keys) else { return nil }
        let short = String(pubky.prefix(5)) + "..." + String(pubky.suffix(5))
        let matching = cards.filter { $0.caption == short }
        return matching.count == 1 ? matching[0].id : nil
    }

    // MARK: Checks

    /// A check of an app's screen as `Verify …`; other checks are dropped (the description says so).
    private mutating func check(_ source: String, screens: [String: Screen]) -> [String] {
        guard var words = try? Tokenizer.split(source), words.first == "expect", words.count >= 3 else {
            droppedChecks = true
            return []
        }
        words.removeFirst()
        var app = lastApp
        if words[0] == "bitkit" || words[0] == "ring", words[1] != "state" {
            app = words.removeFirst()
        }
        let prefix = app == "ring" ? "In Pubky Ring, verify" : "In Bitkit, verify"
        let screen = screens[app]
        let head = words.removeFirst()
        let values = words.map { Self.placeholders($0, dynamic: dynamic, keys: keys) }
        guard !values.contains(where: { $0 == nil }), let screen else {
            droppedChecks = true
            return []
        }
        let texts = values.compactMap { $0 }
        func element(_ id: String) -> ElementIdentity? { screen.identifiers.first { $0.id == id } }
        func idMention(_ id: String, label: String) -> String? {
            if app == "ring", !id.hasPrefix("Sim") { return "\(label) (testID \"\(literal(id))\")" }
            guard let found = element(id) else { return nil }
            return mention(found, label: label)
        }
        var phrased: [String]?
        switch (head, words.count) {
        case ("screen", 1):
            let route = words[0].replacing(#/([a-z])([A-Z])/#) { "\($0.output.1) \($0.output.2)" }.lowercased()
            phrased = screen.title.map { ["\(prefix) the \(route) screen shows the text \"\(literal($0))\""] }
        case ("title", 1), ("text", 1), ("toast", 1):
            let suffix =
                head == "toast" && platform == .android
                ? " (check it from a screenshot; toasts are not in the layout dump)" : ""
            phrased = ["\(prefix) the screen shows the text \"\(texts[0])\"" + suffix]
        case ("captions", _), ("titles", _):
            phrased = texts.map { "\(prefix) the screen shows the text \"\($0)\"" }
        case ("row", 1), ("button", 1), ("id", 1):
            phrased = idMention(words[0], label: "the element").map { ["\(prefix) \($0) is shown"] }
        case ("id", 2) where words[1] == "disabled" || words[1] == "enabled":
            phrased = idMention(words[0], label: "the element").map { ["\(prefix) \($0) is \(words[1])"] }
        case ("no", 2)
        where (words[0] == "row" || words[0] == "button") && (platform == .ios || app == "ring")
            && !words[1].hasPrefix("Sim"):
            let label = app == "ring" ? "testID" : "id"
            phrased = ["\(prefix) the element (\(label) \"\(texts[1])\") is not visible"]
        case ("id", 2) where words[1] == "absent" && (platform == .ios || app == "ring") && !words[0].hasPrefix("Sim"):
            let label = app == "ring" ? "testID" : "id"
            phrased = ["\(prefix) the element (\(label) \"\(texts[0])\") is not visible"]
        case ("sheet", 1):
            phrased = screen.sheet.map { ["\(prefix) the sheet shows the text \"\(literal($0.title))\""] }
        default:
            phrased = nil
        }
        guard let phrased else {
            droppedChecks = true
            return []
        }
        return phrased
    }

    // MARK: Placeholders

    /// A text the screen showed, with the keys' values as placeholders: `pubky<ring-pubky-a>`,
    /// `<ring-pubky-a>`, `<a-caption>` (ids and texts never carry a fixture key, spec/08 §4.3).
    func literal(_ text: String) -> String {
        var out = text
        for (name, key) in keys.sorted(by: { $0.key < $1.key }) {
            let lower = name.lowercased()
            let base = name == "W" ? "bitkit-pubky" : "ring-pubky-\(lower)"
            out = out.replacingOccurrences(of: key.secretHex, with: "<secret-\(lower)>")
            out = out.replacingOccurrences(of: key.pubky, with: "<\(base)>")
            if let caption = key.attribute("caption") {
                out = out.replacingOccurrences(of: caption, with: "<\(lower)-caption>")
            }
        }
        return out
    }

    /// The value of a `{KEY}` word, a key's bare pubky.
    static func keyValue(_ word: String, keys: [String: Symbols.Key]) -> String? {
        guard word.hasPrefix("{"), word.hasSuffix("}") else { return nil }
        let reference = String(word.dropFirst().dropLast())
        guard !reference.contains("."), let key = keys[reference] else { return nil }
        return key.pubky
    }

    /// `text` with each `{NAME…}` as a placeholder (spec/08 §2.3): a key as `<ring-pubky-n>` (W as
    /// `<bitkit-pubky>`), `pubky<…>`, `<n-caption>`, `<secret-n>`; a bound value as `<name>`. A name
    /// bound only while the journey runs stays `{NAME}` when `keepDynamic` (a capability line, which
    /// the run expands), else the text cannot be written (nil).
    static func placeholders(
        _ text: String, dynamic: Set<String>, keys: [String: Symbols.Key] = Symbols.fixtures, keepDynamic: Bool = false
    ) -> String? {
        guard text.contains("{") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let reference = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            guard Symbols.isReference(reference) else {
                out += "{\(reference)}"
                continue
            }
            let parts = reference.split(separator: ".", maxSplits: 1).map(String.init)
            let name = parts[0]
            let attribute = parts.count > 1 ? parts[1] : nil
            if dynamic.contains(name) {
                guard keepDynamic else { return nil }
                out += "{\(reference)}"
                continue
            }
            let lower = name.lowercased()
            if let key = keys[name] {
                let base = name == "W" ? "bitkit-pubky" : "ring-pubky-\(lower)"
                switch attribute {
                case nil, "z32"?: out += "<\(base)>"
                case "pubky"?: out += "pubky<\(base)>"
                case "caption"?: out += "<\(lower)-caption>"
                case "secret"?: out += "<secret-\(lower)>"
                default:
                    guard let value = key.attribute(attribute) else { return nil }
                    out += value
                }
            } else if attribute == nil {
                out += "<\(lower)>"
            } else {
                return nil
            }
        }
        return out + rest
    }
}
