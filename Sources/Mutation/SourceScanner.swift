/// Finds the mutation points of one Swift file: blocks and statements from the tokens and their
/// brackets (statements end at a line break unless the next line continues them, as Swift reads
/// them), then the operators of `MutationOperator` wherever code runs — function, accessor and
/// closure bodies — never in declarations, patterns of types, or `#if` lines.
public enum SourceScanner {
    /// The mutation points of `source`, in file order. `file` is the path the ids and reports name;
    /// `allTexts` mutates every string literal (a file of user-visible texts), otherwise only
    /// prefixes (literals ending in `:`).
    public static func points(
        in source: String, file: String, allTexts: Bool = false
    ) throws(SwiftLexer.Failure)
        -> [MutationPoint]
    {
        MutantIdentity.assign([(file, try candidates(in: source, allTexts: allTexts))])
    }

    /// The points of one file before they have ids (the campaign numbers them across files).
    static func candidates(in source: String, allTexts: Bool) throws(SwiftLexer.Failure) -> [Candidate] {
        let all = try SwiftLexer.tokens(source)
        var scan = try Scan(source: source, tokens: all, allTexts: allTexts)
        scan.block(0..<scan.t.count, kind: .file, context: Scan.Context(path: [], inInit: false))
        return scan.found
    }
}

/// A mutation point before it has its id: the id hashes `key` with the declaration and operator.
struct Candidate {
    var op: MutationOperator
    var declaration: String
    var line: Int
    var original: String
    var mutated: String
    var change: Change
    /// The text that identifies the point inside its declaration (tokens joined by spaces).
    var key: String
}

private struct Scan {
    enum BlockKind: Equatable {
        case file, type, function, accessor, closure, control, switchBlock
        /// The branches of an `if` or `switch` expression: code whose only statement is the value.
        case branch, switchBranch
        var isCode: Bool { self != .file && self != .type }
    }

    struct Context {
        var path: [String]
        var inInit: Bool
        /// The innermost function declares a result (`->`): its only statement may be its value.
        var returnsValue = false
        var declaration: String { path.isEmpty ? "(top level)" : path.joined(separator: ".") }
        func entering(_ name: String, initializer: Bool = false, returnsValue: Bool = false) -> Context {
            Context(path: path + [name], inInit: inInit || initializer, returnsValue: returnsValue)
        }
    }

    struct Statement {
        enum Kind { case normal, label, signature }
        var range: ClosedRange<Int>
        var kind: Kind
    }

    let bytes: [UInt8]
    /// The tokens without comments and `#if` lines.
    let t: [SwiftToken]
    /// For each bracket its partner's index; -1 elsewhere.
    let match: [Int]
    let allTexts: Bool
    var found: [Candidate] = []
    /// Names declared `let name: Type` or `var name: Type` without a value somewhere in the file
    /// (initialised later: deleting that assignment does not compile).
    let deferredConstants: Set<String>

    init(source: String, tokens all: [SwiftToken], allTexts: Bool) throws(SwiftLexer.Failure) {
        bytes = Array(source.utf8)
        self.allTexts = allTexts
        var kept: [SwiftToken] = []
        var directiveLine: Int?
        for token in all where token.kind != .comment {
            if token.kind == .pound, ["#if", "#elseif", "#else", "#endif"].contains(token.text) {
                directiveLine = token.line
                continue
            }
            if let line = directiveLine, token.line == line, !token.newlineBefore { continue }
            directiveLine = nil
            kept.append(token)
        }
        t = kept
        var partners = Array(repeating: -1, count: kept.count)
        var open: [Int] = []
        for (index, token) in kept.enumerated() where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{": open.append(index)
            case ")", "]", "}":
                guard let opener = open.popLast(), Self.closes(kept[opener].text, token.text) else {
                    throw SwiftLexer.Failure(line: token.line, message: "unbalanced '\(token.text)'")
                }
                partners[opener] = index
                partners[index] = opener
            default: break
            }
        }
        if let unclosed = open.last {
            throw SwiftLexer.Failure(line: kept[unclosed].line, message: "'\(kept[unclosed].text)' is never closed")
        }
        match = partners
        var deferred: Set<String> = []
        for index in kept.indices.dropLast(2)
        where (kept[index].isWord("let") || kept[index].isWord("var")) && kept[index + 2].isPunctuation(":") {
            // `let x: T` followed by a line break (no `=` on the line).
            var next = index + 3
            while next < kept.count, !kept[next].newlineBefore, !kept[next].isOperator("=") { next += 1 }
            if next >= kept.count || kept[next].newlineBefore { deferred.insert(kept[index + 1].text) }
        }
        deferredConstants = deferred
    }

    static func closes(_ open: String, _ close: String) -> Bool {
        (open, close) == ("(", ")") || (open, close) == ("[", "]") || (open, close) == ("{", "}")
    }

    func isOpen(_ index: Int) -> Bool {
        t[index].kind == .punctuation && ["(", "[", "{"].contains(t[index].text)
    }

    /// The next index at the same bracket level.
    func step(_ index: Int) -> Int { isOpen(index) ? match[index] + 1 : index + 1 }

    /// The first index in `range` at its level where `test` holds.
    func first(in range: Range<Int>, where test: (SwiftToken) -> Bool) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if test(t[index]) { return index }
            index = step(index)
        }
        return nil
    }

    // MARK: Blocks and statements

    mutating func block(_ range: Range<Int>, kind: BlockKind, context: Context) {
        var body = range
        if kind == .closure, let signatureEnd = closureSignature(range) { body = (signatureEnd + 1)..<range.upperBound }
        let statements = split(body, kind: kind)
        // A dropped pattern can only fall to a `default:` (without one the switch is no longer exhaustive).
        let hasDefault = statements.contains { statement in
            statement.kind == .label
                && leadIndex(statement.range.lowerBound, limit: statement.range.upperBound).map {
                    t[$0].isWord("default")
                }
                    == true
        }
        for statement in statements {
            if statement.kind == .normal { analyze(statement.range, in: kind, context: context) }
            if statement.kind == .label, hasDefault { caseItems(statement.range, context: context) }
        }
        guard kind.isCode else { return }
        // Deletions and swaps, per run of statements between switch labels.
        var run: [Statement] = []
        for statement in statements + [Statement(range: 0...0, kind: .label)] {
            if statement.kind == .normal {
                run.append(statement)
                continue
            }
            effects(run, alone: lone(kind, context: context), context: context)
            run = []
        }
    }

    /// `case .a, .b, .c:`: each plain `.name` pattern of a label with several may be dropped.
    mutating func caseItems(_ label: ClosedRange<Int>, context: Context) {
        guard let lead = leadIndex(label.lowerBound, limit: label.upperBound), t[lead].isWord("case") else { return }
        var items: [Range<Int>] = []
        var start = lead + 1
        while start < label.upperBound {
            let end = first(in: start..<label.upperBound, where: { $0.isPunctuation(",") }) ?? label.upperBound
            items.append(start..<end)
            start = end + 1
        }
        guard items.count >= 2 else { return }
        for (index, item) in items.enumerated()
        where item.count == 2 && t[item.lowerBound].isPunctuation(".") && t[item.lowerBound + 1].kind == .word {
            let from = t[item.lowerBound].start
            let to = t[item.upperBound - 1].end
            // The pattern and the comma after it, or for the last one the comma before it.
            let removal =
                index + 1 < items.count
                ? from..<t[items[index + 1].lowerBound].start
                : t[items[index - 1].upperBound].start..<to
            let labelText = text(label)
            let without = items.enumerated().filter { $0.offset != index }.map {
                spanText(t[$0.element.lowerBound].start, t[$0.element.upperBound - 1].end)
            }
            add(
                .dropCase, context, line: t[item.lowerBound].line, original: labelText,
                mutated: "case " + without.joined(separator: ", ") + ":",
                change: .dropCase(start: from, end: to, removal: removal),
                key: tokenText(label) + " − " + tokenText(item))
        }
    }

    /// Whether a block's only statement may be deleted: a statement-level `if`/`switch` body or a
    /// function without a result, never a closure or an expression's branch (it may be the value).
    func lone(_ kind: BlockKind, context: Context) -> Bool {
        switch kind {
        case .control, .switchBlock: return true
        case .function: return !context.returnsValue
        default: return false
        }
    }

    /// `{ a, b in` / `{ [weak self] (x) -> T in`: the index of `in` when the closure starts with a signature.
    func closureSignature(_ range: Range<Int>) -> Int? {
        guard let start = range.first, !["for", "if", "guard", "while", "switch"].contains(t[start].text) else {
            return nil
        }
        var index = start
        while index < range.upperBound {
            if index > start, t[index].newlineBefore { return nil }
            if t[index].isWord("in") { return index }
            index = step(index)
        }
        return nil
    }

    func split(_ range: Range<Int>, kind: BlockKind) -> [Statement] {
        var statements: [Statement] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if t[index].isPunctuation(";") {
                index += 1
                continue
            }
            let start = index
            if kind == .switchBlock || kind == .switchBranch, let lead = leadIndex(start, limit: range.upperBound),
                t[lead].isWord("case") || t[lead].isWord("default"),
                let colon = first(in: lead..<range.upperBound, where: { $0.isPunctuation(":") })
            {
                statements.append(Statement(range: start...colon, kind: .label))
                index = colon + 1
                continue
            }
            var end = start
            var cursor = start
            while cursor < range.upperBound {
                end = isOpen(cursor) ? match[cursor] : cursor
                let next = end + 1
                if next >= range.upperBound || t[next].isPunctuation(";") { break }
                if t[next].newlineBefore, !continues(after: end, next: next) { break }
                cursor = next
            }
            statements.append(Statement(range: start...end, kind: .normal))
            index = end + 1
        }
        return statements
    }

    /// Whether the line starting at `next` continues the statement that so far ends at `last`.
    func continues(after last: Int, next: Int) -> Bool {
        let previous = t[last]
        let following = t[next]
        if previous.kind == .op && previous.spaceBefore { return true }
        if previous.kind == .punctuation, [",", ".", ":", "@"].contains(previous.text) { return true }
        if isAttributeEnd(last) { return true }
        if following.kind == .punctuation, [".", ":", "{"].contains(following.text) { return true }
        if following.kind == .op && following.spaceAfter { return true }
        if following.kind == .word, ["else", "catch", "where", "async", "throws", "rethrows"].contains(following.text) {
            return true
        }
        return false
    }

    /// `@Attribute` or `@Attribute(…)` ends at `index`.
    func isAttributeEnd(_ index: Int) -> Bool {
        var word = index
        if t[index].isPunctuation(")") || t[index].isPunctuation("]") { word = match[index] - 1 }
        return word >= 1 && t[word].kind == .word && t[word - 1].isPunctuation("@")
    }

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "convenience", "required", "nonisolated",
        "dynamic", "indirect", "optional", "prefix", "postfix", "infix", "consuming", "borrowing",
    ]

    /// The first word of a statement after its attributes and modifiers.
    func leadIndex(_ start: Int, limit: Int) -> Int? {
        var index = start
        while index < limit {
            if t[index].isPunctuation("@") {
                index += 2
                if index < limit, t[index].isPunctuation("(") { index = match[index] + 1 }
                continue
            }
            if t[index].kind == .word, Self.modifiers.contains(t[index].text) {
                index += 1
                if index < limit, t[index].isPunctuation("(") { index = match[index] + 1 }
                continue
            }
            if t[index].isWord("class"), index + 1 < limit,
                ["func", "var", "let", "subscript"].contains(t[index + 1].text)
            {
                index += 1
                continue
            }
            return index
        }
        return nil
    }

    mutating func analyze(_ range: ClosedRange<Int>, in kind: BlockKind, context: Context) {
        let limit = range.upperBound + 1
        guard let lead = leadIndex(range.lowerBound, limit: limit) else { return }
        let word = t[lead].kind == .word ? t[lead].text : ""
        switch word {
        case "struct", "class", "enum", "extension", "protocol", "actor":
            guard let brace = first(in: lead..<limit, where: { $0.isPunctuation("{") }) else { return }
            let name =
                word == "extension"
                ? (lead + 1..<brace).map { t[$0].text }.joined(separator: " ")
                : (lead + 1 < limit ? t[lead + 1].text : "?")
            block((brace + 1)..<match[brace], kind: .type, context: context.entering(name))
        case "func", "init", "deinit", "subscript":
            guard let brace = first(in: lead..<limit, where: { $0.isPunctuation("{") }) else { return }
            let returns = first(in: lead..<brace, where: { $0.isOperator("->") }) != nil
            block(
                (brace + 1)..<match[brace], kind: .function,
                context: context.entering(
                    functionName(lead, limit: brace), initializer: word == "init", returnsValue: returns))
        case "var" where !kind.isCode, "let" where !kind.isCode:
            let name = lead + 1 < limit ? t[lead + 1].text : "?"
            if let equals = first(in: lead..<limit, where: { $0.isOperator("=") }) {
                expression((equals + 1)..<limit, code: false, typeLevelText: true, context: context.entering(name))
            } else if let brace = first(in: lead..<limit, where: { $0.isPunctuation("{") }) {
                block((brace + 1)..<match[brace], kind: .accessor, context: context.entering(name, returnsValue: true))
            }
        case "get" where kind == .accessor, "set" where kind == .accessor, "didSet" where kind == .accessor,
            "willSet" where kind == .accessor:
            if let brace = first(in: lead..<limit, where: { $0.isPunctuation("{") }) {
                var accessor = context
                accessor.returnsValue = word == "get"
                block((brace + 1)..<match[brace], kind: .function, context: accessor)
            }
        case "if", "guard", "while", "for", "switch", "do", "repeat", "defer", "else", "catch":
            guard kind.isCode else { return }
            control(lead..<limit, context: context)
        case "typealias", "import", "case", "associatedtype", "operator", "precedencegroup", "break", "continue",
            "fallthrough":
            return
        default:
            guard kind.isCode else { return }
            expression(lead..<limit, code: true, typeLevelText: false, context: context)
        }
    }

    /// `name(label:_:)` for a function, `init(…)`, `subscript(…)`, or an operator's symbol.
    func functionName(_ lead: Int, limit: Int) -> String {
        var index = lead + 1
        var name = t[lead].text == "func" ? "" : t[lead].text
        if t[lead].text == "func", index < limit {
            name = t[index].text
            index += 1
        }
        while index < limit, !t[index].isPunctuation("(") { index += 1 }
        guard index < limit, match[index] > index else { return name }
        var labels: [String] = []
        var parameter = index + 1
        while parameter < match[index] {
            let words = (parameter..<match[index]).prefix { !t[$0].isPunctuation(":") && !t[$0].isPunctuation(",") }
            if let label = words.first { labels.append(t[label].text + ":") }
            parameter =
                first(in: parameter..<match[index], where: { $0.isPunctuation(",") }).map { $0 + 1 } ?? match[index]
        }
        return name + "(" + labels.joined() + ")"
    }

    /// An `if`/`guard`/loop/`switch`/`do` statement: its conditions are code (and `if`/`guard`
    /// clauses can be negated), its braces are blocks.
    mutating func control(_ range: Range<Int>, context: Context) {
        var index = range.lowerBound
        var segment = index
        var keyword = t[index].text
        while index < range.upperBound {
            if t[index].isPunctuation("{") {
                if keyword == "if" || keyword == "guard" {
                    conditions((segment + 1)..<index, context: context)
                } else {
                    expression(segment..<index, code: true, typeLevelText: false, context: context)
                }
                block((index + 1)..<match[index], kind: keyword == "switch" ? .switchBlock : .control, context: context)
                index = match[index] + 1
                segment = index
                if index < range.upperBound { keyword = t[index].text }
                continue
            }
            if keyword == "guard", t[index].isWord("else") {
                conditions((segment + 1)..<index, context: context)
                segment = index
                keyword = "else"
            }
            if t[index].isWord("if"), keyword == "else" {
                segment = index
                keyword = "if"
            }
            index = step(index)
        }
        if segment < range.upperBound {
            expression(segment..<range.upperBound, code: true, typeLevelText: false, context: context)
        }
    }

    /// The clauses of an `if` or `guard`, each scanned and, when it is a Boolean test, negated.
    mutating func conditions(_ range: Range<Int>, context: Context) {
        var start = range.lowerBound
        while start < range.upperBound {
            let end = first(in: start..<range.upperBound, where: { $0.isPunctuation(",") }) ?? range.upperBound
            if start < end {
                expression(start..<end, code: true, typeLevelText: false, context: context)
                negation(start..<end, context: context)
            }
            start = end + 1
        }
    }

    mutating func negation(_ clause: Range<Int>, context: Context) {
        var body = clause.lowerBound
        if t[body].isWord("try") || t[body].isWord("await") {
            if body + 1 < clause.upperBound, t[body + 1].kind == .op { return }  // try? / try!
            body += 1
        }
        guard body < clause.upperBound else { return }
        let lead = t[body]
        if lead.kind == .word, ["let", "var", "case"].contains(lead.text) { return }
        if lead.kind == .pound { return }
        // `!x` and a single `a == b` already have their own mutants (drop-not, equality).
        var index = body
        var infix: [String] = []
        while index < clause.upperBound {
            if t[index].kind == .op, t[index].spaceBefore, t[index].spaceAfter { infix.append(t[index].text) }
            if t[index].kind == .word, ["let", "var"].contains(t[index].text) { return }
            index = step(index)
        }
        if lead.isOperator("!"), infix.isEmpty { return }
        if infix.count == 1, infix[0] == "==" || infix[0] == "!=" { return }
        let start = t[clause.lowerBound].start
        let end = t[clause.upperBound - 1].end
        let text = spanText(start, end)
        let bodyText = spanText(t[body].start, end)
        let prefix = spanText(start, t[body].start)
        add(
            .negateCondition, context, line: t[clause.lowerBound].line, original: text,
            mutated: prefix + "!(" + bodyText + ")", change: .negate(start: start, end: end, body: t[body].start),
            key: tokenText(clause))
    }

    // MARK: Expressions

    /// Operators, literals and closures of an expression; `code` says whether it runs (false for a
    /// stored property's initializer, where only texts and closures count).
    mutating func expression(_ range: Range<Int>, code: Bool, typeLevelText: Bool, context: Context) {
        var index = range.lowerBound
        var pendingBlock: BlockKind = .closure
        while index < range.upperBound {
            let token = t[index]
            if token.isPunctuation("{") {
                block((index + 1)..<match[index], kind: pendingBlock, context: context)
                pendingBlock = .closure
                index = match[index] + 1
                continue
            }
            if token.isPunctuation("(") || token.isPunctuation("[") {
                expression((index + 1)..<match[index], code: code, typeLevelText: typeLevelText, context: context)
                index = match[index] + 1
                continue
            }
            if token.isWord("switch") { pendingBlock = .switchBranch }
            if token.isWord("if") { pendingBlock = .branch }
            if code { operatorPoint(index, context: context) }
            if token.kind == .string, code || typeLevelText { textPoint(index, context: context) }
            index += 1
        }
    }

    static let infixSwaps: [String: (String, String, TokenSchema.Operands, MutationOperator)] = [
        "==": ("!=", "ComparisonPrecedence", .equatable, .flipEquality),
        "!=": ("==", "ComparisonPrecedence", .equatable, .flipEquality),
        "<": ("<=", "ComparisonPrecedence", .comparable, .shiftBoundary),
        "<=": ("<", "ComparisonPrecedence", .comparable, .shiftBoundary),
        ">": (">=", "ComparisonPrecedence", .comparable, .shiftBoundary),
        ">=": (">", "ComparisonPrecedence", .comparable, .shiftBoundary),
        "&&": ("||", "LogicalConjunctionPrecedence", .boolean, .flipLogic),
        "||": ("&&", "LogicalDisjunctionPrecedence", .boolean, .flipLogic),
    ]

    mutating func operatorPoint(_ index: Int, context: Context) {
        let token = t[index]
        if token.kind == .op, token.spaceBefore, token.spaceAfter, let swap = Self.infixSwaps[token.text] {
            addToken(
                index, swap.3, replacement: swap.0,
                schema: .infix(original: token.text, precedence: swap.1, operands: swap.2), context: context)
        } else if token.isOperator("!"), !token.spaceAfter, prefixPosition(index) {
            addToken(index, .dropNot, replacement: "", schema: .prefixNot, context: context)
        } else if token.isWord("true") || token.isWord("false"), index == 0 || !t[index - 1].isWord("while") {
            // `while true` stays: the compiler knows that loop only ends by a return.
            addToken(
                index, .flipBoolean, replacement: token.text == "true" ? "false" : "true", schema: .literal,
                context: context)
        }
    }

    /// Swift's rule: an operator with space (or an opening bracket, a comma…) before it and none
    /// after it is a prefix operator.
    func prefixPosition(_ index: Int) -> Bool {
        if t[index].spaceBefore || index == 0 { return true }
        let previous = t[index - 1]
        return previous.kind == .punctuation && ["(", "[", "{", ",", ":", ";"].contains(previous.text)
    }

    mutating func textPoint(_ index: Int, context: Context) {
        let token = t[index]
        guard let literal = StringLiteralEdit(token.text), let shortened = literal.droppingLastCharacter() else {
            return
        }
        guard allTexts || literal.content.hasSuffix(":") else { return }
        addToken(index, .changeText, replacement: shortened, schema: .literal, context: context)
    }

    mutating func addToken(
        _ index: Int, _ op: MutationOperator, replacement: String, schema: TokenSchema, context: Context
    ) {
        let token = t[index]
        let (lineStart, lineEnd) = lineSpan(of: token)
        let line = spanText(lineStart, lineEnd)
        let mutatedLine = spanText(lineStart, token.start) + replacement + spanText(token.end, lineEnd)
        // Which of the equal tokens on the line: counted on the line's tokens.
        let sameLine = t.indices.filter { t[$0].line == token.line && t[$0].text == token.text }
        let ordinal = sameLine.firstIndex(of: index) ?? 0
        add(
            op, context, line: token.line, original: Self.collapsed(line), mutated: Self.collapsed(mutatedLine),
            change: .token(start: token.start, end: token.end, replacement: replacement, schema: schema),
            key: lineKey(token.line) + " #\(ordinal)")
    }

    // MARK: Deletions and swaps

    /// The statements of one run that can be deleted (and swapped with a neighbour): calls and
    /// assignments, never declarations, and never the only statement of a block (it may be its value).
    mutating func effects(_ run: [Statement], alone: Bool, context: Context) {
        guard run.count >= (alone ? 1 : 2) else { return }
        let deletable = run.map { isEffect($0.range, context: context) }
        for (statement, effect) in zip(run, deletable) where effect {
            let range = statement.range
            add(
                .deleteStatement, context, line: t[range.lowerBound].line, original: text(range), mutated: "",
                change: .delete(start: t[range.lowerBound].start, end: t[range.upperBound].end),
                key: tokenText(range.lowerBound..<(range.upperBound + 1)))
        }
        // Swaps: two neighbouring calls (two assignments in the other order are rarely a mistake anyone makes).
        let calls = run.map { isCall($0.range) }
        var index = 0
        while index + 1 < run.count {
            let (first, second) = (run[index].range, run[index + 1].range)
            guard deletable[index], deletable[index + 1], calls[index], calls[index + 1],
                tokenText(first) != tokenText(second)
            else {
                index += 1
                continue
            }
            add(
                .swapStatements, context, line: t[first.lowerBound].line, original: text(first) + " ⏎ " + text(second),
                mutated: text(second) + " ⏎ " + text(first),
                change: .swap(
                    first: t[first.lowerBound].start..<t[first.upperBound].end,
                    second: t[second.lowerBound].start..<t[second.upperBound].end),
                key: tokenText(first) + " ⇄ " + tokenText(second))
            index += 2
        }
    }

    /// A statement that is a call, not an assignment.
    func isCall(_ range: ClosedRange<Int>) -> Bool {
        var index = range.lowerBound
        var call = false
        while index <= range.upperBound {
            if t[index].kind == .op, t[index].spaceBefore, t[index].text.hasSuffix("="),
                !["==", "!=", "<=", ">=", "==="].contains(t[index].text)
            {
                return false
            }
            if t[index].isPunctuation("(") { call = true }
            index = step(index)
        }
        return call
    }

    func isEffect(_ range: ClosedRange<Int>, context: Context) -> Bool {
        if context.inInit { return false }
        var lead = range.lowerBound
        while t[lead].isWord("try") || t[lead].isWord("await") {
            guard lead < range.upperBound else { return false }
            lead += 1
        }
        let token = t[lead]
        guard token.kind == .word, !token.isKeyword || token.isWord("self") else { return false }
        if token.isWord("self") || token.isWord("super"), lead + 2 <= range.upperBound, t[lead + 2].isWord("init") {
            return false
        }
        // `x = …` may be the only initialisation of a `let x: T` declared before: never deleted.
        if lead + 1 <= range.upperBound, t[lead + 1].isOperator("="), deferredConstants.contains(token.text) {
            return false
        }
        var index = lead
        var effect = false
        while index <= range.upperBound {
            if t[index].isPunctuation("(") { effect = true }
            if t[index].kind == .op, t[index].spaceBefore, t[index].text.hasSuffix("="),
                !["==", "!=", "<=", ">=", "==="].contains(t[index].text)
            {
                effect = true
            }
            index = step(index)
        }
        return effect
    }

    // MARK: Texts

    mutating func add(
        _ op: MutationOperator, _ context: Context, line: Int, original: String, mutated: String, change: Change,
        key: String
    ) {
        found.append(
            Candidate(
                op: op, declaration: context.declaration, line: line, original: Self.collapsed(original),
                mutated: Self.collapsed(mutated), change: change, key: key))
    }

    func spanText(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

    func text(_ range: ClosedRange<Int>) -> String { spanText(t[range.lowerBound].start, t[range.upperBound].end) }

    func tokenText(_ range: ClosedRange<Int>) -> String { tokenText(range.lowerBound..<(range.upperBound + 1)) }

    func tokenText(_ range: Range<Int>) -> String { range.map { t[$0].text }.joined(separator: " ") }

    func lineKey(_ line: Int) -> String { t.filter { $0.line == line }.map(\.text).joined(separator: " ") }

    /// The byte span of the token's line, without its line break.
    func lineSpan(of token: SwiftToken) -> (Int, Int) {
        var start = token.start
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = token.end
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return (start, end)
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}
