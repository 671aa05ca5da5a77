/// The sentences of an action and the clauses of a sentence (spec/08 §2.4.0–§2.4.1), cut only outside
/// quotes, backticks and parentheses.
enum Sentences {
    /// Sentences end at `. `, `! `, `? ` followed by a capital letter, a quote or a backtick.
    static func split(_ text: String) -> [String] {
        let characters = Array(text)
        let topLevel = Prose.topLevelOffsets(characters)
        var sentences: [String] = []
        var start = 0
        var offset = 0
        while offset < characters.count {
            if topLevel[offset], ".!?".contains(characters[offset]), offset + 2 < characters.count,
                characters[offset + 1] == " "
            {
                var next = offset + 1
                while next < characters.count, characters[next] == " " { next += 1 }
                if next < characters.count, Self.opensSentence(characters[next]) {
                    sentences.append(String(characters[start...offset]))
                    start = next
                    offset = next
                    continue
                }
            }
            offset += 1
        }
        sentences.append(String(characters[start...]))
        return sentences.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    private static func opensSentence(_ character: Character) -> Bool {
        character.isUppercase || character == "\"" || character == "\u{201C}" || character == "`"
    }

    /// A sentence without its lead-in (`Straight away,`, `Using the menu,`, `Then`…), and the lead-in's length.
    static func withoutLeadIn(_ sentence: String) -> String {
        var text = sentence
        while true {
            if let match = text.prefixMatch(of: leadIn) {
                text = String(text[match.range.upperBound...])
                continue
            }
            if let match = text.prefixMatch(
                of: Pattern(##"(?:using|with|from)\s+[^,"()`]{1,40}?,\s+"##, ignoringCase: true)),
                !text[match.range].lowercased().contains("snapshot"), !text[match.range].lowercased().contains("dump")
            {
                text = String(text[match.range.upperBound...])
                continue
            }
            return text
        }
    }

    private static var leadIn: Pattern {
        Pattern(
            ##"(?:(?:straight|right)\s+away|immediately|at\s+once|first(?:ly)?|then|next|now|finally|afterwards|after\s+that|meanwhile|again|also|once\s+more|and(?:\s+then)?)\s*,?\s+(?=\S)"##,
            ignoringCase: true)
    }

    /// How a clause is joined to what came before it.
    enum Connector: Equatable {
        /// The first clause of its sentence.
        case start
        /// `; `, `, then `, ` and ` + a verb, `, ` + a verb: another step.
        case next
        /// `: ` after a declarative clause: the steps it introduces.
        case colon
        /// `, so ` + a verb: a step performed even in a check action.
        case so
        /// `, so the signal is C`: a conjunct added to the check.
        case signal
        /// `, because …`, `, so that …`, `, as …`, `, so <no verb>`: commentary.
        case commentary
        /// `…; if C, S`: a new condition (the clause is C; its steps follow).
        case condition
        /// `S if C`: a condition for the step just before it only.
        case trailingCondition
        /// `, otherwise S`: the else branch of the nearest condition.
        case otherwise
    }

    struct Clause: Equatable {
        var connector: Connector
        var text: String
    }

    /// The clauses of one sentence. A sentence opening with `If C, …` yields a `.condition` clause (C) first;
    /// `Otherwise, …` an `.otherwise` clause (empty) first. A check clause (opened by a check verb) is cut
    /// only before a step verb, so its conjuncts stay together.
    static func clauses(_ sentence: String) -> [Clause] {
        let characters = Array(sentence)
        let topLevel = Prose.topLevelOffsets(characters)
        var clauses: [Clause] = []
        var connector = Connector.start
        var start = 0
        var offset = 0
        var inCondition = false
        var checkBeforeCommentary = false

        func has(_ needle: String, at position: Int) -> Bool { Prose.has(needle, at: position, in: characters) }
        func rest(_ position: Int) -> String { String(characters[min(position, characters.count)...]) }
        func current() -> String { String(characters[start..<offset]).trimmingSpaces() }
        func close(next: Connector, skip: Int) {
            clauses.append(Clause(connector: connector, text: current()))
            connector = next
            offset += skip
            start = offset
        }
        func skipThen() {
            while offset < characters.count, characters[offset] == " " { offset += 1 }
            if has("then ", at: offset) { offset += 5 }
            start = offset
        }

        if has("if ", at: 0) {
            connector = .condition
            offset = 3
            start = 3
            inCondition = true
        } else if let match = sentence.prefixMatch(of: Pattern(##"otherwise\s*,?\s*"##, ignoringCase: true)) {
            clauses.append(Clause(connector: .otherwise, text: ""))
            offset = sentence.distance(from: sentence.startIndex, to: match.range.upperBound)
            start = offset
            connector = .start
        }
        // Whether the clause being read opens a check: read once per clause, when first needed.
        var checkAt: (start: Int, value: Bool)?
        func opensCheck() -> Bool {
            if let checkAt, checkAt.start == start { return checkAt.value }
            let value = connector != .condition && connector != .trailingCondition && Prose.opensCheck(current())
            checkAt = (start, value)
            return value
        }
        while offset < characters.count {
            // Every boundary starts with `,`, `;`, `:` or a space.
            guard topLevel[offset], ",;: ".contains(characters[offset]) else {
                offset += 1
                continue
            }
            let here = current()
            if inCondition {
                if has(", ", at: offset) || has(": ", at: offset) {
                    close(next: .start, skip: 2)
                    inCondition = false
                    skipThen()
                    continue
                }
                offset += 1
                continue
            }
            if has("; ", at: offset) {
                close(next: .next, skip: 2)
                while offset < characters.count, characters[offset] == " " { offset += 1 }
                start = offset
                if has("if ", at: offset) {
                    connector = .condition
                    offset += 3
                    start = offset
                    inCondition = true
                } else if let match = rest(offset).prefixMatch(of: Pattern(##"otherwise\s*,?\s*"##, ignoringCase: true))
                {
                    clauses.append(Clause(connector: .otherwise, text: ""))
                    offset += match.text.count
                    start = offset
                    connector = .start
                }
                continue
            }
            if characters[offset] == ",",
                let match = rest(offset).prefixMatch(of: Pattern(##",\s+otherwise\s*,?\s+"##, ignoringCase: true))
            {
                close(next: .start, skip: match.text.count)
                clauses.append(Clause(connector: .otherwise, text: ""))
                continue
            }
            if has(", so that ", at: offset) || has(", because ", at: offset) || has(", since ", at: offset) {
                checkBeforeCommentary = opensCheck() || (connector == .commentary && checkBeforeCommentary)
                close(next: .commentary, skip: 2)
                continue
            }
            // `Verify A, because …, and that B`: the check goes on after its commentary.
            if connector == .commentary, checkBeforeCommentary, has(", and ", at: offset),
                let match = rest(offset).prefixMatch(
                    of: Pattern(
                        ##",\s+and\s+(?:that\s+)?(?=(?:no|not|the|a|an|each|every|all|its|it|neither)\b|")"##,
                        ignoringCase: true)),
                CheckReader.namesSomething(String(rest(offset + match.text.count).prefix(while: { $0 != "," })))
            {
                close(next: .signal, skip: match.text.count)
                continue
            }
            if has(", as ", at: offset), !Prose.startsWithVerb(rest(offset + 5), capitalised: false) {
                checkBeforeCommentary = opensCheck()
                close(next: .commentary, skip: 2)
                continue
            }
            if has(", so ", at: offset) {
                let after = rest(offset + 5)
                if after.lowercased().hasPrefix("the signal is ") {
                    close(next: .signal, skip: 5 + "the signal is ".count)
                } else if Prose.startsWithVerb(after, capitalised: false) {
                    close(next: .so, skip: 5)
                } else {
                    close(next: .commentary, skip: 2)
                }
                continue
            }
            if has(": ", at: offset), !opensCheck(),
                !Prose.startsWithVerb(here, capitalised: nil) || connector == .commentary,
                Prose.startsWithVerb(rest(offset + 2), capitalised: nil)
            {
                // `Pubky is still initializing: wait a moment …`: the clause before is commentary.
                connector = connector == .start || connector == .commentary ? .commentary : connector
                close(next: .colon, skip: 2)
                continue
            }
            var joined = false
            for joiner in [", and then ", ", then ", " and then ", " then "] where has(joiner, at: offset) {
                close(next: .next, skip: joiner.count)
                joined = true
                break
            }
            if joined { continue }
            for joiner in [", and ", " and "] where has(joiner, at: offset) {
                if Prose.startsWithStepVerb(rest(offset + joiner.count)) {
                    close(next: .next, skip: joiner.count)
                    joined = true
                    break
                }
            }
            if joined { continue }
            if has(", ", at: offset), Prose.startsWithStepVerb(rest(offset + 2)),
                Prose.appPrefix(of: here + ", ") == nil,
                Prose.startsWithVerb(here, capitalised: nil) || connector == .so || connector == .next
            {
                close(next: .next, skip: 2)
                continue
            }
            if has(" if ", at: offset), !opensCheck() || here.split(separator: " ").count > 2,
                ![.commentary, .condition].contains(connector),
                Prose.startsWithVerb(here, capitalised: nil), !here.lowercased().hasSuffix(" as"),
                !["check", "verify", "see", "ask", "note"].contains(String(here.split(separator: " ").last ?? ""))
            {
                close(next: .trailingCondition, skip: 4)
                continue
            }
            offset += 1
        }
        clauses.append(Clause(connector: connector, text: current()))
        return clauses.filter { !$0.text.isEmpty || $0.connector == .otherwise }.map {
            var clause = $0
            while let last = clause.text.last, ".,;:!?".contains(last) || last.isWhitespace {
                clause.text.removeLast()
            }
            return clause
        }
    }
}
