/// Splits a journey action into its sub-actions (spec/08 §1.4 rule 2) and recognises each one's form.
///
/// Boundaries, only outside quotes, backticks and parentheses: `; `, `, and then `, `, then `, ` and then `,
/// ` then `; `, and ` / ` and ` before a lowercase §2.2 verb; `, ` before a lowercase verb when the text
/// before it also starts with a verb (so `Tap A (id "A"), tap B (id "B")` splits but a prose preamble does
/// not); `. ` before a capitalised verb. A leading `If …,` applies to its sub-action and every later one; so
/// does `In Pubky Ring, …` / `In Bitkit, …` or a switch of app. A `report "already <x>" rather than failing`
/// clause sets `timingClause` on every step of the action, and a sub-action that is only that clause is
/// not a step of its own.
public enum JourneyAction {
    /// The steps of `action`, indexed `"N"` when it holds one interaction, else `"N.1"`, `"N.2"`, ….
    public static func split(_ action: JourneyFile.Action) -> [JourneyStep] {
        var parts: [(text: String, condition: JourneyCondition?, app: JourneyApp?, form: JourneyForm)] = []
        var condition: JourneyCondition?
        var app: JourneyApp?
        var timingClause: String?
        for segment in segments(action.text) {
            var work = withoutConnectors(segment)
            if let timing = timing(in: work) {
                timingClause = timing.clause
                if timing.rest.isEmpty { continue }
                work = timing.rest
            }
            if let prefix = Prose.appPrefix(of: work) {
                app = prefix.app
                work = prefix.rest
            }
            if let leading = Prose.leadingCondition(of: work) {
                condition = JourneyCondition(leading.condition)
                work = leading.rest
                if let prefix = Prose.appPrefix(of: work) {
                    app = prefix.app
                    work = prefix.rest
                }
            }
            let form = FormRecogniser.form(of: work)
            if case .switchApp(let target) = form { app = target }
            parts.append((segment, condition, app, form))
        }
        if parts.isEmpty {
            parts.append((action.text, nil, nil, .unrecognised("the action holds only a timing clause")))
        }
        return parts.enumerated().map { offset, part in
            JourneyStep(
                index: parts.count == 1 ? "\(action.number)" : "\(action.number).\(offset + 1)",
                text: parts.count == 1 ? action.text : part.text,
                condition: part.condition, app: part.app, timingClause: timingClause, form: part.form)
        }
    }

    /// The sub-action texts of `text`, trimmed, boundary punctuation dropped.
    static func segments(_ text: String) -> [String] {
        let characters = Array(text)
        let topLevel = Prose.topLevelOffsets(characters)
        var segments: [String] = []
        var start = 0
        var contentStart = 0
        var awaitingCondition = startsWithIf(characters, at: 0)
        var offset = 0

        func has(_ needle: String, at position: Int) -> Bool {
            var index = position
            for character in needle {
                guard index < characters.count, characters[index] == character else { return false }
                index += 1
            }
            return true
        }
        func rest(from position: Int) -> Substring {
            Substring(String(characters[min(position, characters.count)...]))
        }
        func left() -> String {
            String(characters[contentStart..<offset]).trimmingSpaces()
        }
        func boundary() -> Int? {
            if has("; ", at: offset) { return 2 }
            if has(". ", at: offset) {
                var after = offset + 2
                var capitalised: Bool? = true
                for lead in ["Then ", "Next ", "Now ", "Finally "] where has(lead, at: after) {
                    after += lead.count
                    capitalised = nil
                }
                if Prose.startsWithVerb(rest(from: after), capitalised: capitalised) { return after - offset }
            }
            if awaitingCondition { return nil }
            for connector in [", and then ", ", then ", " and then ", " then "] where has(connector, at: offset) {
                return connector.count
            }
            for connector in [", and ", " and "] where has(connector, at: offset) {
                if Prose.startsWithVerb(rest(from: offset + connector.count), capitalised: false) {
                    return connector.count
                }
            }
            if has(", ", at: offset), Prose.startsWithVerb(rest(from: offset + 2), capitalised: false),
                Prose.startsWithVerb(left(), capitalised: nil)
            {
                return 2
            }
            return nil
        }

        while offset < characters.count {
            guard topLevel[offset] else {
                offset += 1
                continue
            }
            if characters[offset] == "," && awaitingCondition {
                awaitingCondition = false
                offset += 1
                while offset < characters.count, characters[offset].isWhitespace { offset += 1 }
                for lead in ["then ", "Then "] where has(lead, at: offset) { offset += lead.count }
                contentStart = offset
                continue
            } else if characters[offset] == ",", Prose.appPrefix(of: left() + ", ") != nil {
                contentStart = offset + 1
                awaitingCondition = startsWithIf(characters, at: contentStart)
            } else if let skip = boundary() {
                segments.append(String(characters[start..<offset]))
                offset += skip
                start = offset
                contentStart = offset
                awaitingCondition = startsWithIf(characters, at: offset)
                continue
            }
            offset += 1
        }
        segments.append(String(characters[start...]))
        return segments.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    private static func startsWithIf(_ characters: [Character], at position: Int) -> Bool {
        var index = position
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        guard index + 2 < characters.count else { return false }
        return characters[index].lowercased() == "i" && characters[index + 1] == "f"
            && characters[index + 2].isWhitespace
    }

    /// The text for recognition: no leading `then` / `and`, no trailing `.`.
    private static func withoutConnectors(_ segment: String) -> String {
        var text = segment
        while let match = text.prefixMatch(of: #/(?:and then|then|and|next|finally|also)\s+/#.ignoresCase()),
            Prose.startsWithVerb(text[match.range.upperBound...], capitalised: nil)
                || Prose.appPrefix(of: String(text[match.range.upperBound...])) != nil
        {
            text = String(text[match.range.upperBound...])
        }
        while let last = text.last, last == "." || last == "," || last == ";" || last.isWhitespace {
            text.removeLast()
        }
        return text
    }

    /// `report "already <x>" rather than failing`: the clause, and the text without it (empty when nothing
    /// but the clause, an `if …,` lead-in or `or`/`otherwise` remains).
    private static func timing(in text: String) -> (clause: String, rest: String)? {
        let pattern =
            #/,?\s*(?:\(\s*)?(?:or\s+|otherwise\s+|and\s+)?report\s+"(already [^"]+)"\s+rather\s+than\s+failing\s*\)?/#
        guard let match = text.firstMatch(of: pattern.ignoresCase()) else { return nil }
        var rest = (String(text[..<match.range.lowerBound]) + String(text[match.range.upperBound...])).trimmingSpaces()
        while let last = rest.last, last == "." || last == "," || last == ";" || last.isWhitespace {
            rest.removeLast()
        }
        var core = rest
        if let leading = Prose.leadingCondition(of: core + ",") { core = leading.rest }
        if core.lowercased() == "otherwise" || core.lowercased() == "or" { core = "" }
        return (String(match.output.1), core.isEmpty ? "" : rest)
    }
}

extension JourneyCondition {
    /// Classifies the text of `If <text>, …` (§2.2 row 9).
    init(_ text: String) {
        let lower = text.lowercased()
        if let mention = ElementMention.all(in: text).first {
            self = .element(mention)
        } else if lower.contains("nothing happens") || lower.contains("nothing happened") {
            self = .nothingHappened
        } else if lower.contains(#/\bpin\b/#) {
            self = .promptNeverShown("PIN screen")
        } else if lower.contains("camera") {
            self = .promptNeverShown("camera permission")
        } else if lower.contains("notification") && (lower.contains("permission") || lower.contains("prompt")) {
            self = .promptNeverShown("notification permission")
        } else {
            self = .other(text)
        }
    }
}
