/// One token of a Swift source file, with where it sits and how it is spaced: enough for the scanner
/// to find statements, conditions and operators without a Swift parser.
public struct SwiftToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A name (`foo`, `$0`, `` `default` ``) or a keyword (`if`, `return`): `SwiftToken.isKeyword` tells.
        case word
        /// A run of operator characters (`==`, `&&`, `!`, `..<`, `->`).
        case op
        /// `( ) [ ] { } , : ; .` and `@`.
        case punctuation
        /// A whole string literal, interpolations included (`"a \(b) c"`, `"""…"""`, `#"…"#`).
        case string
        case number
        /// `#if`, `#else`, `#elseif`, `#endif`, `#available`, …
        case pound
        case comment
    }

    public var kind: Kind
    /// The token's text.
    public var text: String
    /// UTF-8 offsets of the token in the file: `start..<end`.
    public var start: Int
    public var end: Int
    /// 1-based line of the token's first character.
    public var line: Int
    /// Whitespace (or a comment) right before / after the token; a newline right before it.
    public var spaceBefore: Bool
    public var spaceAfter: Bool
    public var newlineBefore: Bool

    public init(
        kind: Kind, text: String, start: Int, end: Int, line: Int, spaceBefore: Bool = false,
        spaceAfter: Bool = false, newlineBefore: Bool = false
    ) {
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end
        self.line = line
        self.spaceBefore = spaceBefore
        self.spaceAfter = spaceAfter
        self.newlineBefore = newlineBefore
    }

    public func isWord(_ word: String) -> Bool { kind == .word && text == word }
    public func isPunctuation(_ mark: String) -> Bool { kind == .punctuation && text == mark }
    public func isOperator(_ op: String) -> Bool { kind == .op && text == op }

    /// Whether the token is one of Swift's keywords that start or shape a statement.
    public var isKeyword: Bool { kind == .word && Self.keywords.contains(text) }

    static let keywords: Set<String> = [
        "actor", "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue",
        "convenience", "default", "defer", "deinit", "do", "dynamic", "else", "enum", "extension",
        "fallthrough", "false", "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in",
        "indirect", "infix", "init", "inout", "internal", "is", "lazy", "let", "mutating", "nil",
        "nonisolated", "nonmutating", "open", "operator", "optional", "override", "package", "postfix",
        "precedencegroup", "prefix", "private", "protocol", "public", "repeat", "required", "rethrows",
        "return", "set", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "unowned", "var", "weak", "where", "while", "willSet", "didSet",
        "consuming", "borrowing", "any",
    ]
}
