/// Recognises the §2.2 form of one sub-action's text — with its condition, app prefix and timing clause
/// already taken off — by what it names (ids, quoted texts, commands) and its verb, not by one wording.
enum FormRecogniser {
    static func form(of text: String) -> JourneyForm {
        let text = text.trimmingSpaces()
        guard !text.isEmpty else { return .unrecognised("the sub-action is empty") }
        let lower = text.lowercased()
        let mentionRanges = ElementMention.mentionRanges(in: text)
        let mentions = mentionRanges.map(\.mention)
        let quoted = Prose.quotedTexts(in: text, excluding: mentionRanges.map(\.range))
        let verb = Prose.firstWord(text)

        if let capability = text.wholeMatch(of: #/simulator capability "([^"]+)"\s*:\s*run\s+`([^`]+)`/#.ignoresCase())
        {
            return .command(.capability(name: String(capability.output.1), line: String(capability.output.2)))
        }
        if let command = command(text, lower: lower, verb: verb) { return command }
        if lower.contains("screenshot") { return .needsPerson(text) }
        if lower.contains("missing from targets") {
            return .verifyAbsent(mentions, quoted: quoted, missingFromTargets: true)
        }
        if Prose.checkVerbs.contains(verb), needsEyes(lower, hasMentions: !mentions.isEmpty) {
            return .needsPerson(text)
        }
        if let copied = text.wholeMatch(of: #/copy\s+(.+?)\s+(?:to|into|onto|on)\s+(?:the\s+)?clipboard/#.ignoresCase())
        {
            let what = String(copied.output.1)
            return .copyToClipboard(quoted.first ?? Prose.backticked(what).first ?? what)
        }
        if mentions.isEmpty && quoted.isEmpty, let navigation = navigation(text) { return navigation }

        switch verb {
        case "enter", "type", "input", "fill":
            guard let value = quoted.first ?? text.firstMatch(of: #/<[^<>]+>/#).map({ String($0.output) }) else {
                return .unrecognised("\(verb) names no quoted text to enter")
            }
            return .enterText(value, into: mentions.first)
        case "wait":
            if mentions.isEmpty && quoted.isEmpty { return .waitBriefly }
            guard let check = check(lower, mentions: mentions, quoted: quoted, text: text) else {
                return .unrecognised("a wait that names nothing to wait for")
            }
            return .waitFor(check)
        case _ where Prose.checkVerbs.contains(verb):
            return check(lower, mentions: mentions, quoted: quoted, text: text)
                ?? .unrecognised("a check that names no id and no quoted text")
        case "tap", "press", "click", "open", "select", "choose", "toggle", "swipe", "paste", "long-press", "hit":
            if lower.wholeMatch(of: #/(?:tap|press|click)\s+(?:it\s+|that\s+|the same \w+\s+)?again/#) != nil {
                return .tapAgain
            }
            if let mention = mentions.first {
                if case .label = mention { return .tap(mention, showing: nil) }
                return .tap(mention, showing: quoted.first)
            }
            if let label = quoted.first { return .tap(.label(label), showing: nil) }
            if verb == "paste" { return .tap(.label("Paste"), showing: nil) }
            return .unrecognised("\(verb) names no id and no quoted label")
        default:
            break
        }
        if let colon = text.ranges(of: ": ").last, !Prose.verbs.contains(verb) {
            let after = String(text[colon.upperBound...])
            if Prose.startsWithVerb(after, capitalised: nil) { return form(of: after) }
        }
        return .unrecognised("no form of spec/08 §2.2 starts with \"\(text.prefix(while: { $0 != " " }))\"")
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
        if let bare = text.wholeMatch(of: #/(?:(?:run|execute)\s+)?((?:xcrun|adb)\s.+)/#.ignoresCase()) {
            return CommandRecogniser.form(of: String(bare.output.1))
        }
        return nil
    }

    // MARK: Navigation

    /// Rows 13 and 16 without an id: switch app, go back, go home, go to a place, open a place.
    private static func navigation(_ text: String) -> JourneyForm? {
        if let match = text.wholeMatch(
            of: #/(?:switch|go|return|come)\s+(?:back\s+)?to\s+(?:the\s+)?(pubky ring|bitkit)(?:\s+app)?/#.ignoresCase()
        )
            ?? text.wholeMatch(
                of: #/(?:open|launch|bring up|foreground)\s+(?:the\s+)?(pubky ring|bitkit)(?:\s+app)?/#.ignoresCase())
        {
            return .switchApp(match.output.1.lowercased() == "bitkit" ? .bitkit : .ring)
        }
        if text.wholeMatch(
            of: #/(?:go|navigate|swipe|press|tap|click)\s+back|(?:press|tap|click)\s+the\s+back\s+button/#.ignoresCase()
        ) != nil {
            return .goBack
        }
        if text.wholeMatch(
            of: #/(?:go|navigate|return|head)\s+(?:back\s+)?(?:to\s+)?(?:the\s+)?home(?:\s+screen)?/#.ignoresCase())
            != nil
        {
            return .goHome
        }
        if let place = text.wholeMatch(
            of: #/(?:go|navigate|return)\s+(?:back\s+)?to\s+(?:the\s+)?(.+?)(?:\s+(?:screen|tab|page))?/#.ignoresCase())
            ?? text.wholeMatch(of: #/open\s+(?:the\s+)?(.+?)(?:\s+(?:screen|tab|page))?/#.ignoresCase()),
            !place.output.1.contains("`")
        {
            return .goTo(String(place.output.1))
        }
        return nil
    }

    // MARK: Checks

    /// Rows 4–7 (also inside a row-8 wait): absence, disabled/enabled, text, visibility.
    private static func check(
        _ lower: String, mentions: [ElementMention], quoted: [String], text: String
    ) -> JourneyForm? {
        let absent =
            #/\b(?:not\s+(?:be\s+)?(?:visible|shown|displayed|present|listed)|absent|disappears?|disappeared|no\s+longer|missing|(?:is|are)\s+gone|hidden|(?:does|do|did)\s*(?:not|n't)\s+appear|there\s+(?:is|are)\s+no|none\s+of|no\s+(?:[\w-]+\s+){0,2}?(?:rows?|buttons?|elements?|toasts?|sheets?))\b/#
        if lower.contains(absent) {
            return .verifyAbsent(mentions, quoted: quoted, missingFromTargets: false)
        }
        let disabled = lower.contains(#/\b(?:disabled|not\s+enabled|gr[ae]yed\s+out)\b/#)
        if disabled || lower.contains(#/\benabled\b/#) {
            guard let element = mentions.first ?? quoted.first.map(ElementMention.label) else { return nil }
            return .verifyDisabled(element, disabled: disabled)
        }
        let shows =
            #/\b(shows|show|displays|display|reads|read|says|say|contains|contain|has|have|with|showing)\b(?:\s+(?:the|a|its))?(?:\s+(?:text|title|caption|label|value|name|message|subtitle))?\s*:?\s*"([^"]*)"/#
        // "the row showing "X" (id …)" / "the row with "X" (id …)" picks a row; "(id …) shows "X"" checks its text.
        if let match = text.firstMatch(of: shows.ignoresCase()) {
            let picksARow = ["showing", "with"].contains(match.output.1.lowercased())
            let firstMention = ElementMention.mentionRanges(in: text).first?.range.lowerBound
            if !picksARow || firstMention.map({ match.range.lowerBound > $0 }) ?? true {
                return .verifyText(mentions.first, text: String(match.output.2))
            }
        }
        if !mentions.isEmpty { return .verifyVisible(mentions, quoted: quoted) }
        if let first = quoted.first { return .verifyText(nil, text: first) }
        return nil
    }

    /// Row 15: a check about how something looks rather than what an id or text says.
    private static func needsEyes(_ lower: String, hasMentions: Bool) -> Bool {
        let looks =
            #/\b(?:colou?rs?|colou?red|layout|laid out|animat(?:ion|ions|es|ed|ing)|image|picture|photo|looks?|aligned|alignment|font|blurr?ed)\b/#
        guard lower.contains(looks) else { return false }
        let presence = #/\b(?:visible|shown|appears?|absent|disappears?|present|enabled|disabled)\b/#
        return !(hasMentions && lower.contains(presence))
    }
}
