/// Small readings of action prose shared by the splitter and the recogniser: the verbs of spec/08 §2.2,
/// top-level positions (outside quotes, backticks and parentheses), quoted texts and placeholders.
enum Prose {
    /// Verbs that start an interaction or a check (§2.2, §2.4.0), lowercased.
    static let verbs: Set<String> = [
        "tap", "press", "click", "open", "select", "choose", "toggle", "swipe", "paste", "long-press", "hit",
        "enter", "type", "input", "fill", "verify", "check", "confirm", "ensure", "assert", "expect", "make",
        "wait", "run", "execute", "copy", "go", "navigate", "return", "switch", "scroll", "deny", "allow",
        "unlock", "dismiss", "launch", "relaunch", "terminate", "restore", "repeat", "report", "reopen",
        "capture", "take", "record", "note", "have", "cancel", "throttle", "carry", "proceed", "do",
    ]

    /// Verbs of a check (§1.4 rule 3: about the current screen only). `confirm` is a check only when what
    /// follows says something about the screen (`Confirm the deletion` confirms a dialog).
    static let checkVerbs: Set<String> = ["verify", "check", "confirm", "ensure", "assert", "expect", "make"]

    /// The first word, lowercased (letters and `-` only).
    static func firstWord(_ text: some StringProtocol) -> String {
        String(text.prefix(while: { $0.isLetter || $0 == "-" })).lowercased()
    }

    /// Whether `text` starts with a verb of §2.2 / §2.4.0; `capitalised` nil accepts either case.
    static func startsWithVerb(_ text: some StringProtocol, capitalised: Bool?) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        if let capitalised, first.isUppercase != capitalised { return false }
        let word = firstWord(text)
        if word == "in" || word == "on" { return appPrefix(of: String(text)) != nil }
        return verbs.contains(word)
    }

    /// A lowercase verb that opens another step (`… and tap it`, `…, then verify …`).
    static func startsWithStepVerb(_ text: some StringProtocol) -> Bool {
        startsWithVerb(text, capitalised: false)
    }

    /// Whether `text` opens a check of the screen: `Verify`, `Check`, `Ensure`, `Assert`, `Expect`, `Make sure`,
    /// and `Confirm` followed by something the screen shows (not `Confirm the deletion`).
    static func opensCheck(_ text: String) -> Bool {
        let word = firstWord(text)
        guard checkVerbs.contains(word) else { return false }
        guard word == "confirm" else { return word != "make" || text.lowercased().hasPrefix("make sure") }
        let rest = String(text.dropFirst(word.count)).trimmingSpaces().lowercased()
        if rest.hasPrefix("that ") || rest.hasPrefix("\"") || !ElementMention.all(in: text).isEmpty { return true }
        return rest.contains(
            Pattern(
                ##"\b(?:is|are|shows?|appears?|disappears?|visible|shown|displayed|lists?|reads?|has|have|no longer|missing|absent|enabled|disabled)\b"##
            )
        )
    }

    /// `In Pubky Ring, …` / `In Bitkit, …`: the app and the rest.
    static func appPrefix(of text: String) -> (app: JourneyApp, rest: String)? {
        guard
            let match = text.prefixMatch(of: Pattern(##"(?:in|on)\s+(pubky ring|bitkit)\s*,\s*"##, ignoringCase: true))
        else {
            return nil
        }
        let app: JourneyApp = match[1].lowercased() == "bitkit" ? .bitkit : .ring
        return (app, String(text[match.range.upperBound...]))
    }

    /// Whether `needle` stands in `characters` at `position`, in any case.
    static func has(_ needle: String, at position: Int, in characters: [Character]) -> Bool {
        var index = position
        for character in needle {
            guard index < characters.count, characters[index].lowercased() == character.lowercased() else {
                return false
            }
            index += 1
        }
        return true
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

    /// `row's` → `row 's` outside quotes, backticks and parentheses: Swift's default word boundaries keep
    /// `identity's` one word, so `\bidentity\b` would not find it.
    static func possessivesApart(_ text: String) -> String {
        let characters = Array(text)
        let topLevel = topLevelOffsets(characters)
        var out = ""
        out.reserveCapacity(text.count + 8)
        for (offset, character) in characters.enumerated() {
            if topLevel[offset], character == "'" || character == "\u{2019}", offset > 0,
                characters[offset - 1].isLetter,
                offset + 1 < characters.count, characters[offset + 1] == "s",
                offset + 2 == characters.count || !characters[offset + 2].isLetter
            {
                out += " '"
                continue
            }
            out.append(character)
        }
        return out
    }

    /// The contents of every `` `…` `` in `text`.
    static func backticked(_ text: String) -> [String] {
        text.matches(of: Pattern(##"`([^`]*)`"##)).map { String($0[1]) }
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
