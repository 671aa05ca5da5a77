/// Recognises the form of one step's text — with its condition, app prefix and timing sentence already
/// taken off — by what it names (ids, quoted texts, commands, referents, places) and its verb, not by
/// one wording (spec/08 §2.2, §2.4). Most steps are one form; `Launch <app> with <clauses>` is several.
enum FormRecogniser {
    static func forms(of written: String) -> [JourneyForm] {
        let text = written.trimmingSpaces()
        guard !text.isEmpty else { return [.unrecognised("the step is empty")] }
        if let launch = launch(text) { return launch }
        return [form(of: text)]
    }

    static func form(of written: String) -> JourneyForm {
        let text = Prose.possessivesApart(written)
        let lower = text.lowercased()
        let mentionRanges = ElementMention.mentionRanges(in: text)
        let mentions = mentionRanges.map(\.mention)
        let quoted = Prose.quotedTexts(in: text, excluding: mentionRanges.map(\.range))
        let verb = Prose.firstWord(text)

        if let capability = text.wholeMatch(
            of: Pattern(##"simulator capability "([^"]+)"\s*:\s*run\s+`([^`]+)`"##, ignoringCase: true))
        {
            return .command(.capability(name: String(capability[1]), line: String(capability[2])))
        }
        if let command = command(text, lower: lower, verb: verb) { return command }
        if lower.wholeMatch(
            of: Pattern(##"(?:carry\s+on|proceed|go\s+on|move\s+on|do\s+nothing|nothing\s+to\s+do)(?:\s+.*)?"##))
            != nil
        {
            return .carryOn
        }
        if let capture = capture(lower) { return capture }
        if lower.contains(Pattern(##"\bscreenshot\b|\bscreen\s+recording\b"##)) { return .needsPerson(written) }
        if Prose.checkVerbs.contains(verb), needsEyes(lower, hasMentions: !mentions.isEmpty) {
            return .needsPerson(written)
        }
        if let copied = text.wholeMatch(
            of: Pattern(##"copy\s+(.+?)\s+(?:to|into|onto|on)\s+(?:the\s+)?clipboard"##, ignoringCase: true))
        {
            let what = String(copied[1])
            return .copyToClipboard(quoted.first ?? Prose.backticked(what).first ?? what)
        }
        switch verb {
        case "note":
            guard let noun = lower.firstMatch(of: Pattern(##"^note\s+(?:down\s+)?(?:the\s+|its\s+)?(.+?)\s*(?:\(|$)"##))
            else {
                return .unrecognised("note names nothing to note")
            }
            return .note(String(noun[1]).trimmingSpaces(), mentions.first)
        case "report":
            if let event = text.firstMatch(
                of: Pattern(##"^report\s+how\s+long\s+(.+?)\s+(?:takes?|took|lasts?|needs?)\b"##, ignoringCase: true))
            {
                return .reportDuration(String(event[1]))
            }
            return .unrecognised("report names no duration to report (`Report how long <event> takes`)")
        case "have":
            return issuer(text, quoted: quoted)
        case "confirm" where !Prose.opensCheck(text) && mentions.isEmpty && quoted.isEmpty,
            "cancel" where mentions.isEmpty && quoted.isEmpty:
            let noun = String(lower.dropFirst(verb.count)).trimmingSpaces()
            return .dialog(
                confirm: verb == "confirm", noun: noun.replacing(Pattern(##"^(?:the|this|that)\s+"##), with: ""))
        case "dismiss" where mentions.isEmpty:
            guard let match = lower.wholeMatch(of: Pattern(##"dismiss\s+(?:the\s+)?(.+?)(\s+without\s+paying)?"##))
            else {
                return .unrecognised("dismiss names nothing to dismiss")
            }
            return .dismiss(String(match[1]), withoutPaying: match.optional(2) != nil)
        case "scroll":
            guard let target = lower.firstMatch(of: Pattern(##"^scroll\s+(?:down\s+|up\s+)?(?:to|until)\s+(.+)$"##))
            else {
                return .unrecognised("scroll names nothing to scroll to")
            }
            if let mention = mentions.first { return .scrollTo(mention) }
            if let label = quoted.first { return .scrollTo(.label(label)) }
            let start = text.index(text.startIndex, offsetBy: text.count - target[1].count)
            var label = String(text[start...]).replacing(Pattern(##"^(?:the\s+)"##, ignoringCase: true), with: "")
            label = label.replacing(Pattern(##"\s+(?:button|row|option)$"##, ignoringCase: true), with: "")
            return .scrollTo(.label(label))
        default:
            break
        }
        if Prose.opensCheck(text) {
            let body = String(text.dropFirst(verb.count)).trimmingSpaces()
            if verb == "make", !lower.hasPrefix("make sure") { return .unrecognised("make is not a form of §2.2") }
            let check = CheckReader.read(verb == "make" ? String(body.dropFirst("sure".count)) : body)
            guard !check.conjuncts.isEmpty else { return .unrecognised("a check that names nothing to check") }
            return .check(check)
        }
        if verb == "wait" { return wait(text, lower: lower) }
        if let switched = switchApp(text) { return switched }
        if mentions.isEmpty && quoted.isEmpty, let navigation = navigation(text) { return navigation }

        switch verb {
        case "enter", "type", "input", "fill":
            guard let value = quoted.first ?? text.firstMatch(of: Pattern(##"<[^<>]+>"##)).map({ String($0.text) })
            else {
                return .unrecognised("\(verb) names no quoted text to enter")
            }
            return .enterText(value, into: mentions.first)
        case "tap", "press", "click", "open", "select", "choose", "toggle", "swipe", "paste", "long-press", "hit":
            if lower.wholeMatch(of: Pattern(##"(?:tap|press|click)\s+(?:it\s+|that\s+|the\s+same\s+\w+\s+)?again"##))
                != nil
            {
                return .tapAgain
            }
            if verb == "paste", mentions.isEmpty, quoted.isEmpty { return .tap(.label("Paste"), showing: nil) }
            let object = lower.dropFirst(verb.count)
            // `Tap a row whose lookup still runs`: the first row with that property.
            if let whose = object.firstMatch(
                of: Pattern(##"\b(?:a|any|the\s+first)\s+(?:row|card|identity)\s+whose\s+"##))
            {
                return .tapReferent(
                    .firstWhose(CheckReader.rowFilter(in: object[whose.range.upperBound...]).0), within: mentions.first)
            }
            let referent = CheckReader.referentIn(String(object))
            if let referent, referent != .focus, referent != .lastPlural {
                if case .showing(let shown) = referent, let mention = mentions.first {
                    return .tap(mention, showing: shown)
                }
                return .tapReferent(referent, within: mentions.first)
            }
            if let mention = mentions.first {
                if case .label = mention { return .tap(mention, showing: nil) }
                return .tap(mention, showing: quoted.first)
            }
            if let label = quoted.first { return .tap(.label(label), showing: nil) }
            if referent == .focus { return .tapReferent(.focus, within: nil) }
            if verb == "paste" { return .tap(.label("Paste"), showing: nil) }
            return .unrecognised("\(verb) names no id and no quoted label")
        default:
            break
        }
        return .unrecognised("no form of spec/08 §2.2 or §2.4 starts with \"\(text.prefix(while: { $0 != " " }))\"")
    }

    /// A check about how something looks rather than what an id or text says (§2.2 row 15).
    private static func needsEyes(_ lower: String, hasMentions: Bool) -> Bool {
        let looks =
            Pattern(
                ##"\b(?:colou?rs?|colou?red|layout|laid\s+out|animat(?:ion|ions|es|ed|ing)|image|picture|photo|looks?|aligned|alignment|font|blurr?ed)\b"##
            )
        guard lower.contains(looks) else { return false }
        let presence = Pattern(##"\b(?:visible|shown|appears?|absent|disappears?|present|enabled|disabled)\b"##)
        return !(hasMentions && lower.contains(presence))
    }

    // MARK: Commands

    /// Row 10/11: a backticked command (`Run `…``, or a backtick-only sub-action) or a bare `xcrun`/`adb` line.
    private static func command(_ text: String, lower: String, verb: String) -> JourneyForm? {
        let ticks = Prose.backticked(text)
        let commands = ticks.filter { $0.hasPrefix("xcrun ") || $0.hasPrefix("adb ") }
        if commands.count > 1 { return .command(.unrecognised("several commands in one sub-action")) }
        if let line = commands.first { return CommandRecogniser.form(of: line.trimmingSpaces()) }
        if let line = ticks.first, verb == "run" || verb == "execute" || text.hasPrefix("`") {
            return CommandRecogniser.form(of: line.trimmingSpaces())
        }
        if let bare = text.wholeMatch(of: Pattern(##"(?:(?:run|execute)\s+)?((?:xcrun|adb)\s.+)"##, ignoringCase: true))
        {
            return CommandRecogniser.form(of: String(bare[1]))
        }
        return nil
    }

    // MARK: §2.4.7, §2.4.9, §2.4.10

    /// `Capture|Take|Record a snapshot|layout dump|screenshot [and|plus …]`.
    private static func capture(_ lower: String) -> JourneyForm? {
        guard
            let match = lower.prefixMatch(
                of:
                    Pattern(
                        ##"(?:capture|take|record|grab|save)\s+(?:a\s+|an\s+|another\s+|one\s+more\s+)?(?:new\s+)?((?:snapshot|layout\s+dump|dump|screenshot|ui\s+snapshot)(?:.*))"##
                    )
            )
        else { return nil }
        let kinds = match[1].matches(of: Pattern(##"snapshot|layout\s+dump|dump|screenshot"##)).map {
            String($0.text).replacing(Pattern(##"\s+"##), with: " ")
        }
        return .capture(kinds)
    }

    /// `Launch <app> [with <clauses>]`: the launch, then each clause a precondition.
    private static func launch(_ text: String) -> [JourneyForm]? {
        guard
            let match = text.wholeMatch(
                of: Pattern(
                    ##"(?:launch|start)\s+(?:the\s+)?(?:e2e\s+)?(bitkit|pubky\s+ring)(?:\s+app)?(?:\s+with\s+(.+))?"##,
                    ignoringCase: true))
        else { return nil }
        let app: JourneyApp = match[1].lowercased() == "bitkit" ? .bitkit : .ring
        var forms = [JourneyForm.launchApp(app)]
        if let clauses = match.optional(2) {
            forms += String(clauses).split(separator: Pattern(##",\s+and\s+|\s+and\s+|,\s+"##)).map {
                .precondition(String($0).trimmingSpaces())
            }
        }
        return forms
    }

    /// `Have the issuer publish endpoint "ID" holding {…}` / `Have the issuer send request "Q1" for 0.001 BTC`.
    private static func issuer(_ text: String, quoted: [String]) -> JourneyForm {
        let lower = text.lowercased()
        guard
            let actor = lower.firstMatch(
                of: Pattern(
                    ##"^have\s+(the\s+(?:fixture\s+)?issuer|[\w-]+(?:\s+[\w-]+)?)\s+(publish|send|request|deliver)\b"##)
            ),
            actor[1].contains("issuer")
        else {
            return .unrecognised("only the world's Paykit issuer acts for a journey (`Have the issuer publish|send …`)")
        }
        if actor[2] == "publish" {
            guard
                let identifier = quoted.first
                    ?? text.firstMatch(of: Pattern(##"endpoint\s+([\w-]+)"##)).map({ String($0[1]) })
            else { return .unrecognised("the issuer's publish names no endpoint identifier") }
            let payload: String
            if let object = text.firstMatch(of: Pattern(##"\{.*\}"##)) {
                payload = String(object.text)
            } else if quoted.count > 1 {
                payload = "{\"value\":\"\(quoted[1])\"}"
            } else {
                return .unrecognised("the issuer's publish names no payload")
            }
            return .issuerPublish(identifier: identifier, payload: payload)
        }
        let id =
            quoted.first
            ?? lower.firstMatch(of: Pattern(##"request\s+(?:with\s+id\s+)?([a-z0-9][\w-]*)"##)).map {
                String($0[1]).uppercased()
            }
        guard let id else { return .unrecognised("the issuer's request names no id") }
        let amount: String
        if let btc = lower.firstMatch(of: Pattern(##"(\d+(?:\.\d+)?)\s*btc\b"##)) {
            amount = String(btc[1])
        } else if let sats = lower.firstMatch(of: Pattern(##"(\d[\d,\x{00A0}\x{202F} ]*)\s*sats?\b"##)),
            let value = Int(sats[1].filter(\.isNumber))
        {
            let whole = value / 100_000_000
            let fraction = String(value % 100_000_000)
            amount = "\(whole)." + String(repeating: "0", count: 8 - fraction.count) + fraction
        } else {
            return .unrecognised("the issuer's request names no amount (BTC or sats)")
        }
        let identifiers = text.matches(of: Pattern(##"\b(btc-[a-z]+-[a-z0-9]+|lightning-[a-z0-9-]+|bolt11[\w-]*)\b"##))
            .map {
                String($0[1])
            }
        return .issuerRequest(id: id, amount: amount, identifiers: identifiers)
    }

    /// `Wait [up to|at most N seconds|a minute] for C|until C`, `Wait for <process> to finish`, `wait a moment`.
    private static func wait(_ text: String, lower: String) -> JourneyForm {
        var rest = String(lower.dropFirst("wait".count)).trimmingSpaces()
        var limit = 30
        if let bound = rest.prefixMatch(
            of:
                Pattern(
                    ##"(?:(?:for\s+)?(?:up\s+to|at\s+most|no\s+more\s+than|a\s+maximum\s+of)\s+)(\d+|a|one|two|three|five|ten)\s+(seconds?|s|minutes?)\s*"##
                )
        ) {
            let words = ["a": 1, "one": 1, "two": 2, "three": 3, "five": 5, "ten": 10]
            let count = Int(bound[1]) ?? words[String(bound[1])] ?? 1
            limit = bound[2].hasPrefix("m") ? count * 60 : count
            rest = String(rest[bound.range.upperBound...])
        }
        if let brief = rest.wholeMatch(
            of:
                Pattern(
                    ##"(?:for\s+)?(a\s+moment|a\s+second|a\s+few\s+seconds|a\s+bit|a\s+little|briefly|(\d+)\s+(?:seconds?|s)|a\s+minute)(?:\s+.*)?"##
                )
        ) {
            switch brief[1] {
            case "a few seconds": return .waitSeconds(3)
            case "a minute": return .waitSeconds(60)
            default: return .waitSeconds(brief.optional(2).flatMap { Int($0) } ?? 1)
            }
        }
        if let process = rest.wholeMatch(
            of:
                Pattern(
                    ##"(?:for|until)\s+(?:the\s+)?(.+?)\s+(?:to\s+)?(?:finish|finishes|end|ends|complete|completes|settle|settles|to\s+be\s+done|is\s+done|are\s+done)"##
                )
        ),
            let named = JourneyProcess(named: String(process[1]))
        {
            return .waitForProcess(named, limit: limit)
        }
        guard let condition = rest.prefixMatch(of: Pattern(##"(?:for|until)\s+"##)) else {
            return .unrecognised("a wait that names nothing to wait for")
        }
        let start = text.index(text.startIndex, offsetBy: text.count - rest.count + condition.text.count)
        var body = String(text[start...])
        // `for the spinner … to be gone|to disappear|to appear`: the verb form of a check.
        body = body.replacing(
            Pattern(##"\s+to\s+(?:be\s+gone|disappear|vanish|go\s+away)\b"##, ignoringCase: true), with: " disappears")
        body = body.replacing(
            Pattern(##"\s+to\s+(?:appear|show(?:\s+up)?|be\s+(?:shown|visible))\b"##, ignoringCase: true),
            with: " appears")
        body = body.replacing(Pattern(##",?\s*predicate\s+exists"##, ignoringCase: true), with: "")
        let check = CheckReader.read(body)
        guard !check.conjuncts.isEmpty else { return .unrecognised("a wait that names nothing to wait for") }
        return .waitFor(check, limit: limit)
    }

    // MARK: Navigation

    /// Row 13: switch app (`Switch to Pubky Ring`, `Open Bitkit`).
    private static func switchApp(_ text: String) -> JourneyForm? {
        guard
            let match = text.wholeMatch(
                of: Pattern(
                    ##"(?:switch|go|return|come)\s+(?:back\s+)?to\s+(?:the\s+)?(pubky ring|bitkit)(?:\s+app)?"##,
                    ignoringCase: true))
                ?? text.wholeMatch(
                    of: Pattern(
                        ##"(?:open|bring\s+up|foreground)\s+(?:the\s+)?(pubky ring|bitkit)(?:\s+app)?"##,
                        ignoringCase: true))
        else { return nil }
        return .switchApp(match[1].lowercased() == "bitkit" ? .bitkit : .ring)
    }

    /// Rows 16 and §2.4.6 without an id: go back, go home, go to a place by meaning.
    private static func navigation(_ text: String) -> JourneyForm? {
        if text.wholeMatch(
            of: Pattern(
                ##"(?:go|navigate|swipe|press|tap|click)\s+back|(?:press|tap|click)\s+the\s+back\s+button"##,
                ignoringCase: true)
        ) != nil {
            return .goBack
        }
        if text.wholeMatch(
            of: Pattern(
                ##"(?:go|navigate|return|head|come)\s+(?:back\s+)?(?:to\s+)?(?:the\s+)?home(?:\s+screen)?"##,
                ignoringCase: true)
        )
            != nil
        {
            return .goHome
        }
        guard
            let place = text.wholeMatch(
                of: Pattern(##"(?:go|navigate|return|come|head)\s+(?:back\s+)?to\s+(.+?)"##, ignoringCase: true))
                ?? text.wholeMatch(of: Pattern(##"(?:re-?open|open)\s+(.+?)"##, ignoringCase: true)),
            !place[1].contains("`")
        else { return nil }
        let phrase = String(place[1])
        let existing = phrase.lowercased().contains(Pattern(##"\bexisting\b"##))
        var written = phrase.replacing(Pattern(##"^(?:the|my|your|a)\s+"##, ignoringCase: true), with: "")
        written = written.replacing(Pattern(##"^existing\s+"##, ignoringCase: true), with: "")
        written = written.replacing(Pattern(##"\s+(?:screen|page|tab)$"##, ignoringCase: true), with: "")
        return .goTo(written, existing: existing)
    }
}
