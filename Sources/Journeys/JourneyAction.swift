/// Reads a journey action as a person does (spec/08 §2.4.0–§2.4.1) into its steps.
///
/// The action is cut into sentences (at `. `, `! `, `? ` before a capital, a quote or a backtick) and each
/// sentence is, first match wins: a timing sentence (`If C, …: report "already <x>" …`), a condition
/// (`If C, S`, `Otherwise, S`), steps (opening with a verb), a conjunct of the action's check (`That row
/// keeps its truncated key as its caption.`), or commentary (never evaluated; reported as `note:`). Inside
/// a sentence, steps are cut at `; `, `, then `, ` and ` + a verb, `, ` + a verb; `: ` after a declarative
/// clause introduces steps; `, so <verb>` is a step, `, because …` commentary. A condition governs the
/// steps to the end of its sentence (or the next `if`/`otherwise`); `S if C` only S; a later sentence is
/// never conditional. `In Pubky Ring, …` / `In Bitkit, …` or a switch of app carries to later steps.
public enum JourneyAction {
    /// The steps of `action`, indexed `"N"` when it holds one step, else `"N.1"`, `"N.2"`, ….
    public static func split(_ action: JourneyFile.Action) -> [JourneyStep] {
        var reader = ActionReader()
        reader.read(action.text)
        return reader.steps(number: action.number, text: action.text)
    }
}

/// The state of reading one action: its steps so far, its conditions, its app and timing sentence.
struct ActionReader {
    struct Piece {
        var text: String
        var scope: JourneyScope?
        var app: JourneyApp?
        var form: JourneyForm
        var notes: [String] = []
        var expectsNoChange = false
    }

    private(set) var pieces: [Piece] = []
    private var app: JourneyApp?
    private var scopes: [JourneyScope] = []
    private var timing: JourneyTiming?
    private var notes: [String] = []
    /// Whether the action opened with a check (its conjunct sentences extend that check).
    private var opensWithCheck: Bool?

    mutating func read(_ text: String) {
        for sentence in Sentences.split(text) {
            var body = sentence
            if let found = Self.timing(in: body) {
                timing = found.timing
                body = found.rest
                if body.isEmpty { continue }
            }
            body = Sentences.withoutLeadIn(body)
            if let prefix = Prose.appPrefix(of: body) {
                app = prefix.app
                body = Sentences.withoutLeadIn(prefix.rest)
            }
            if opensWithCheck == nil { opensWithCheck = Prose.opensCheck(body) }
            readSentence(body, written: sentence)
        }
    }

    func steps(number: Int, text: String) -> [JourneyStep] {
        var pieces = self.pieces
        if pieces.isEmpty {
            // Nothing but commentary: nothing the runner can evaluate, so a person reads it.
            pieces = [Piece(text: text, app: app, form: .needsPerson(""), notes: notes)]
        } else if !notes.isEmpty {
            pieces[pieces.count - 1].notes += notes
        }
        return pieces.enumerated().map { offset, piece in
            JourneyStep(
                index: pieces.count == 1 ? "\(number)" : "\(number).\(offset + 1)",
                text: pieces.count == 1 ? text : piece.text, scope: piece.scope, app: piece.app, timing: timing,
                form: piece.form, notes: piece.notes, expectsNoChange: piece.expectsNoChange)
        }
    }

    // MARK: Sentences

    private mutating func readSentence(_ sentence: String, written: String) {
        // An exported capability action is one step, whatever its scenario line holds.
        if sentence.wholeMatch(
            of: Pattern(##"simulator capability "[^"]+"\s*:\s*run\s+`[^`]+`\.?"##, ignoringCase: true)) != nil
        {
            pieces.append(Piece(text: written, app: app, form: FormRecogniser.form(of: sentence), notes: notes))
            notes = []
            return
        }
        var scope: JourneyScope?
        var cursor = written.startIndex
        // Where the next step's prose starts: the sentence's start, or a condition or commentary before it.
        var lead: String.Index? = written.startIndex
        let sentenceStart = pieces.count
        for clause in Sentences.clauses(sentence) {
            // The clause's prose as written, with what led to it (`If C,`, `Pubky is still initializing:`).
            var prose = clause.text
            if let found = written[cursor...].firstRange(of: clause.text) {
                prose =
                    String(written[(lead ?? found.lowerBound)..<found.upperBound])
                    .drop(while: { ";,: ".contains($0) }).description
                if lead == nil, [.condition, .commentary].contains(clause.connector) { lead = cursor }
                cursor = found.upperBound
            }
            switch clause.connector {
            case .condition:
                let condition = JourneyCondition(clause.text)
                scope = JourneyScope(id: scopes.count + 1, condition: condition)
                scopes.append(scope!)
                continue
            case .otherwise:
                if let base = scope ?? scopes.last {
                    scope = JourneyScope(id: base.id, condition: base.condition, whenTrue: !base.whenTrue)
                } else {
                    scope = JourneyScope(id: scopes.count + 1, condition: .other("otherwise, with no condition before"))
                    scopes.append(scope!)
                }
                continue
            case .commentary:
                notes.append(clause.text)
                continue
            case .signal:
                appendConjuncts(clause.text)
                continue
            case .trailingCondition:
                if pieces.count > sentenceStart {
                    let condition = JourneyCondition(clause.text)
                    let trailing = JourneyScope(id: scopes.count + 1, condition: condition)
                    scopes.append(trailing)
                    pieces[pieces.count - 1].scope = trailing
                    pieces[pieces.count - 1].text += " if " + clause.text
                } else {
                    notes.append("if " + clause.text)
                }
                continue
            case .start, .next, .colon, .so:
                break
            }
            if readClause(clause.text, prose: prose, scope: scope) { lead = nil }
        }
        // `…, so tap a different row and verify nothing changes`: that tap may meet a disabled row.
        for index in pieces.indices.dropFirst(sentenceStart) where index + 1 < pieces.count {
            if case .check(let check) = pieces[index + 1].form,
                check.conjuncts.contains(where: {
                    $0.alternatives.contains { if case .unchanged = $0.predicate { true } else { false } }
                })
            {
                pieces[index].expectsNoChange = true
            }
        }
    }

    /// Reads one clause; true when it became a step.
    private mutating func readClause(_ text: String, prose: String, scope: JourneyScope?) -> Bool {
        var body = Self.withoutConnectors(text)
        if let prefix = Prose.appPrefix(of: body) {
            app = prefix.app
            body = prefix.rest
        }
        guard !body.isEmpty else { return false }
        if Prose.startsWithVerb(body, capitalised: nil) || body.hasPrefix("`")
            || body.prefixMatch(of: Pattern(##"(?:xcrun|adb)\s"##)) != nil
        {
            for form in FormRecogniser.forms(of: body) {
                var text = prose
                if case .switchApp(let target) = form { app = target }
                if case .launchApp(let target) = form {
                    app = target
                    text = String(prose.prefix { $0 != "," }).replacing(Pattern(##"\s+with\s+.*$"##), with: "")
                }
                // `Launch Bitkit with A and B`: each precondition reported as written.
                if case .precondition(let clause) = form { text = clause }
                pieces.append(Piece(text: text, scope: scope, app: app, form: form, notes: notes))
                notes = []
            }
            return true
        }
        if opensWithCheck == true, Self.isConjunct(body), appendConjuncts(body) { return false }
        if Self.looksImperative(body) {
            pieces.append(
                Piece(
                    text: prose, scope: scope, app: app,
                    form: .unrecognised(
                        "no form of spec/08 §2.2 or §2.4 starts with \"\(body.prefix(while: { $0 != " " }))\""),
                    notes: notes))
            notes = []
            return true
        }
        notes.append(body)
        return false
    }

    /// Adds a conjunct sentence (or `so the signal is C`) to the action's last check; false without one.
    @discardableResult
    private mutating func appendConjuncts(_ text: String) -> Bool {
        guard let index = pieces.lastIndex(where: { if case .check = $0.form { true } else { false } }),
            case .check(var check) = pieces[index].form
        else {
            notes.append(text)
            return false
        }
        check.conjuncts += CheckReader.read(text).conjuncts
        pieces[index].form = .check(check)
        return true
    }

    // MARK: Classification

    /// `That row keeps its truncated key as its caption`: a subject the check can name and a verb of a
    /// conjunct (`shows`, `keeps`, `is`, `has`, `stays`).
    static func isConjunct(_ text: String) -> Bool {
        let lower = Prose.possessivesApart(text).lowercased()
        let names =
            !ElementMention.all(in: text).isEmpty || CheckReader.referentIn(lower) != nil
            || CheckReader.quantifierIn(lower, filter: nil) != nil || lower.hasPrefix("its ")
        return names
            && lower.contains(
                Pattern(##"\b(?:shows|show|keeps|keep|is|are|has|have|stays|stay|remains|remain|reads)\b"##))
    }

    /// An imperative with a verb no form knows (`Frobnicate the profile widget`), not a declarative sentence
    /// (`Disabled rows ignore taps`, `Pubky is still initializing`): its second word opens an object.
    static func looksImperative(_ text: String) -> Bool {
        let words = text.split(separator: " ").map { $0.lowercased() }
        guard let first = words.first else { return false }
        let subjects: Set<String> = [
            "the", "a", "an", "this", "that", "these", "those", "it", "its", "there", "here", "each", "every", "all",
            "no", "some", "any", "both", "one", "we", "you", "i", "they", "he", "she", "when", "while", "once",
            "because", "as", "so", "since", "after", "before", "until", "pubky", "bitkit", "ring", "android", "ios",
        ]
        if subjects.contains(first) || first.first?.isLetter != true { return false }
        guard words.count > 1 else { return true }
        let objects: Set<String> = [
            "the", "a", "an", "it", "its", "that", "this", "these", "those", "them", "all", "each", "every", "any",
            "to", "on", "in", "into", "from", "with", "back", "up", "down", "out", "over", "again", "through", "for",
            "my", "your",
        ]
        let second = words[1]
        return objects.contains(second)
            || ["\"", "(", "`", "<", "\u{201C}"].contains(second.first.map(String.init) ?? "")
    }

    /// The text for recognition: no leading `then` / `and`, no trailing `.`.
    static func withoutConnectors(_ clause: String) -> String {
        var text = clause
        while let match = text.prefixMatch(
            of: Pattern(##"(?:and then|then|and|next|finally|also)\s+"##, ignoringCase: true)),
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

    /// A timing sentence or clause: `If C, …: report "already <x>" rather than failing`, `…; report
    /// "already <x>" rather than failing`, `(report "already <x>" rather than failing)`. The rest of the
    /// sentence (empty when nothing but the timing remains).
    static func timing(in sentence: String) -> (timing: JourneyTiming, rest: String)? {
        let report =
            Pattern(
                ##"report\s+["\x{201C}](already\s+[^"\x{201D}]+)["\x{201D}]\s*(?:rather\s+than\s+(?:failing|a\s+failure)|instead\s+of\s+failing)?"##,
                ignoringCase: true)
        guard let match = sentence.firstMatch(of: report) else { return nil }
        let clause = String(match[1])
        // `If C, …: report …` / `If C, report …`: the whole sentence is the timing sentence.
        if let leading = sentence.prefixMatch(of: Pattern(##"if\s+([^,:]+?)\s*[,:]"##, ignoringCase: true)),
            leading.range.upperBound <= match.range.lowerBound
        {
            return (JourneyTiming(clause: clause, condition: JourneyCondition(String(leading[1]))), "")
        }
        // Inline: `…; if C, report …`, `…, or report …`, `(report …)`.
        var start = match.range.lowerBound
        var condition: JourneyCondition?
        let before = sentence[..<start]
        if let inline = before.firstMatch(
            of:
                Pattern(
                    ##"[;,(]\s*(?:and\s+|or\s+|so\s+|otherwise\s*,?\s*)?(?:if\s+([^,;()]+?)\s*,\s*)?(?:\(\s*)?(?:or\s+|otherwise\s+|and\s+)?$"##,
                    ignoringCase: true))
        {
            start = inline.range.lowerBound
            condition = inline.optional(1).map { JourneyCondition(String($0)) }
        }
        var end = match.range.upperBound
        if let close = sentence[end...].prefixMatch(of: Pattern(##"\s*\)"##)) { end = close.range.upperBound }
        var rest = (String(sentence[..<start]) + String(sentence[end...])).trimmingSpaces()
        while let last = rest.last, ".,;:".contains(last) { rest.removeLast() }
        return (JourneyTiming(clause: clause, condition: condition), rest)
    }
}
