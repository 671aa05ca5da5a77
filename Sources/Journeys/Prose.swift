/// Small readings of action prose shared by the splitter and the recogniser: the verbs of spec/08 §2.2,
/// top-level positions (outside quotes, backticks and parentheses), quoted texts and placeholders.
enum Prose {
    /// Verbs that start an interaction or a check (§2.2), lowercased.
    static let verbs: Set<String> = [
        "tap", "press", "click", "open", "select", "choose", "toggle", "swipe", "paste", "long-press", "hit",
        "enter", "type", "input", "fill", "verify", "check", "confirm", "ensure", "assert", "expect", "make",
        "wait", "run", "execute", "copy", "go", "navigate", "return", "switch", "scroll", "deny", "allow",
        "unlock", "dismiss", "launch", "relaunch", "terminate", "restore", "repeat", "report",
    ]

    /// Verbs of a check (§1.4 rule 3: about the current screen only).
    static let checkVerbs: Set<String> = ["verify", "check", "confirm", "ensure", "assert", "expect", "make"]

    /// The first word, lowercased (letters and `-` only).
    static func firstWord(_ text: some StringProtocol) -> String {
        String(text.prefix(while: { $0.isLetter || $0 == "-" })).lowercased()
    }

    /// Whether `text` starts with a §2.2 verb; `capitalised` nil accepts either case.
    static func startsWithVerb(_ text: some StringProtocol, capitalised: Bool?) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        if let capitalised, first.isUppercase != capitalised { return false }
        let word = firstWord(text)
        if word == "in" || word == "on" { return appPrefix(of: String(text)) != nil }
        return verbs.contains(word)
    }

    /// `In Pubky Ring, …` / `In Bitkit, …`: the app and the rest.
    static func appPrefix(of text: String) -> (app: JourneyApp, rest: String)? {
        guard let match = text.prefixMatch(of: #/(?:in|on)\s+(pubky ring|bitkit)\s*,\s*/#.ignoresCase()) else {
            return nil
        }
        let app: JourneyApp = match.output.1.lowercased() == "bitkit" ? .bitkit : .ring
        return (app, String(text[match.range.upperBound...]))
    }

    /// Offsets (in characters) of `text` that lie outside quotes, backticks and parentheses.
    static func topLevelOffsets(_ text: [Character]) -> [Bool] {
        var topLevel: [Bool] = []
        topLevel.reserveCapacity(text.count)
        var quote = false
        var curly = false
        var tick = false
        var depth = 0
        for character in text {
            if tick {
                topLevel.append(false)
                if character == "`" { tick = false }
                continue
            }
            if quote {
                topLevel.append(false)
                if character == "\"" { quote = false }
                continue
            }
            if curly {
                topLevel.append(false)
                if character == "\u{201D}" { curly = false }
                continue
            }
            switch character {
            case "`": tick = true
            case "\"": quote = true
            case "\u{201C}": curly = true
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            default: break
            }
            topLevel.append(depth == 0 && !tick && !quote && !curly && character != ")")
        }
        return topLevel
    }

    /// The text after a leading `If …,` and the condition's own text, when `text` starts with one.
    static func leadingCondition(of text: String) -> (condition: String, rest: String)? {
        guard text.prefixMatch(of: #/if\s/#.ignoresCase()) != nil else { return nil }
        let characters = Array(text)
        let topLevel = topLevelOffsets(characters)
        guard let comma = characters.indices.first(where: { characters[$0] == "," && topLevel[$0] }) else {
            return nil
        }
        let condition = String(characters[3..<comma]).trimmingSpaces()
        var rest = String(characters[(comma + 1)...]).trimmingSpaces()
        if rest.lowercased().hasPrefix("then ") { rest = String(rest.dropFirst(5)) }
        return (condition, rest)
    }

    /// Quoted texts (`"…"` or `“…”`) outside backticks and outside the given mention ranges, in order.
    static func quotedTexts(in text: String, excluding ranges: [Range<String.Index>]) -> [String] {
        var result: [String] = []
        var index = text.startIndex
        var tick = false
        while index < text.endIndex {
            let character = text[index]
            if character == "`" { tick.toggle() }
            if !tick, character == "\"" || character == "\u{201C}" {
                let close: Character = character == "\"" ? "\"" : "\u{201D}"
                let start = text.index(after: index)
                guard let end = text[start...].firstIndex(of: close) else { break }
                if !ranges.contains(where: { $0.contains(index) }) { result.append(String(text[start..<end])) }
                index = text.index(after: end)
                continue
            }
            index = text.index(after: index)
        }
        return result
    }

    /// The contents of every `` `…` `` in `text`.
    static func backticked(_ text: String) -> [String] {
        text.matches(of: #/`([^`]*)`/#).map { String($0.output.1) }
    }
}

extension String {
    /// Without leading and trailing whitespace.
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
