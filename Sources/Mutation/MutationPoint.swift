/// One mutant: a single small change at one place of a source file, with an id that stays the same
/// while the code around it changes (derived from the enclosing declaration, the operator and the
/// mutated text, never from a line number).
public struct MutationPoint: Sendable, Encodable, Equatable {
    /// `<operator>-<10 hex digits>`, e.g. `equality-3f2a9c01b7`.
    public var id: String
    public var op: MutationOperator
    /// The file, relative to the repository (`Sources/IdentitySharing/iOS/BitkitKeychainExchange.swift`).
    public var file: String
    /// The module folder under `Sources/` and the campaign group it counts in (`sharing`, `behaviour`, `audit`).
    public var module: String
    public var group: String
    /// The code runs only as the audit closing every scenario (`closing-audit` in the scope).
    public var closingAudit = false
    /// The enclosing declarations, outermost first (`BitkitKeychainExchange.secret(of:)`).
    public var declaration: String
    /// The line the change starts on today (for reading only: the id does not depend on it).
    public var line: Int
    /// The text that changes and what it becomes, one line each (whitespace collapsed).
    public var original: String
    public var mutated: String
    /// Where the change is in the file; not part of the JSON.
    var change: Change

    enum CodingKeys: String, CodingKey {
        case id, op, file, module, group, closingAudit, declaration, line, original, mutated
    }

    init(
        id: String, op: MutationOperator, file: String, declaration: String, line: Int, original: String,
        mutated: String, change: Change
    ) {
        self.id = id
        self.op = op
        self.file = file
        self.module = ""
        self.group = ""
        self.declaration = declaration
        self.line = line
        self.original = original
        self.mutated = mutated
        self.change = change
    }
}

/// A mutant's change as byte ranges of its file: what the textual mutant and the schema rewrite
/// both start from.
enum Change: Sendable, Equatable {
    /// An operator token (`==`, `&&`, `<`, a prefix `!`), a string literal or `true`/`false`
    /// replaced; `schema` says how the switch is written.
    case token(start: Int, end: Int, replacement: String, schema: TokenSchema)
    /// A condition clause negated; `body` is where the clause starts after a leading `try` or `await`.
    case negate(start: Int, end: Int, body: Int)
    /// A statement deleted.
    case delete(start: Int, end: Int)
    /// Two neighbouring statements swapped.
    case swap(first: Range<Int>, second: Range<Int>)
    /// One pattern of a case label dropped: the pattern `start..<end`; `removal` is the text the
    /// plain mutant deletes (the pattern with one neighbouring comma).
    case dropCase(start: Int, end: Int, removal: Range<Int>)

    /// The bytes the change covers.
    var span: Range<Int> {
        switch self {
        case .token(let start, let end, _, _), .negate(let start, let end, _), .delete(let start, let end),
            .dropCase(let start, let end, _):
            return start..<end
        case .swap(let first, let second): return first.lowerBound..<second.upperBound
        }
    }
}

/// How a replaced token becomes a switch in the schema.
enum TokenSchema: Sendable, Equatable {
    /// An infix operator turned into a custom operator of the same precedence.
    case infix(original: String, precedence: String, operands: Operands)
    /// A prefix `!` turned into a custom prefix operator.
    case prefixNot
    /// A literal (string or Boolean) turned into `(__m(id) ? mutated : original)`.
    case literal

    enum Operands: Sendable, Equatable {
        case equatable, comparable, boolean
    }
}
