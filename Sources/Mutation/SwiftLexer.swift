/// Splits Swift source into tokens. It knows what the mutation scanner needs and no more: comments
/// (nested block comments too), string literals with their interpolations, raw and multi-line
/// strings as single tokens, numbers, names, operators and punctuation, and the spacing around each
/// token (Swift decides whether an operator is prefix, postfix or infix by it).
public enum SwiftLexer {
    /// Refused input: the scanner skips a file it cannot read rather than guess.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func tokens(_ source: String) throws(Failure) -> [SwiftToken] {
        var lexer = Cursor(bytes: Array(source.utf8))
        return try lexer.run()
    }

    private static let operatorCharacters: Set<UInt8> = Set("/=-+!*%<>&|^~?".utf8)
    private static let punctuation: Set<UInt8> = Set("()[]{},:;@\\".utf8)

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var tokens: [SwiftToken] = []
        var pendingSpace = true
        var pendingNewline = true

        init(bytes: [UInt8]) { self.bytes = bytes }

        func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        mutating func run() throws(Failure) -> [SwiftToken] {
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    index += 1
                    markSpace(newline: true)
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                    markSpace(newline: false)
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                    let start = index
                    while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
                    append(.comment, from: start, line: line)
                    markSpace(newline: false)
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    let start = index
                    let startLine = line
                    try skipBlockComment()
                    append(.comment, from: start, line: startLine)
                    markSpace(newline: false)
                case UInt8(ascii: "\""):
                    let start = index
                    let startLine = line
                    try skipString(hashes: 0)
                    append(.string, from: start, line: startLine)
                case UInt8(ascii: "#"):
                    let start = index
                    var hashes = 0
                    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if peek(hashes) == UInt8(ascii: "\"") {
                        let startLine = line
                        index += hashes
                        try skipString(hashes: hashes)
                        append(.string, from: start, line: startLine)
                    } else {
                        index += 1
                        while let next = peek(), Self.isIdentifier(next) { index += 1 }
                        append(.pound, from: start, line: line)
                    }
                case UInt8(ascii: "`"):
                    let start = index
                    index += 1
                    while let next = peek(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { index += 1 }
                    index += 1
                    append(.word, from: start, line: line)
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let start = index
                    scanNumber()
                    append(.number, from: start, line: line)
                case UInt8(ascii: "."):
                    let start = index
                    if peek(1) == UInt8(ascii: ".") {
                        while let next = peek(),
                            next == UInt8(ascii: ".") || SwiftLexer.operatorCharacters.contains(next)
                        { index += 1 }
                        append(.op, from: start, line: line)
                    } else {
                        index += 1
                        append(.punctuation, from: start, line: line)
                    }
                case _ where SwiftLexer.punctuation.contains(byte):
                    let start = index
                    index += 1
                    append(.punctuation, from: start, line: line)
                case _ where SwiftLexer.operatorCharacters.contains(byte):
                    let start = index
                    while let next = peek(), SwiftLexer.operatorCharacters.contains(next) {
                        // A comment opener ends the operator.
                        if next == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") {
                            break
                        }
                        index += 1
                    }
                    append(.op, from: start, line: line)
                case _ where Self.isIdentifierStart(byte):
                    let start = index
                    index += 1
                    while let next = peek(), Self.isIdentifier(next) { index += 1 }
                    append(.word, from: start, line: line)
                default:
                    throw Failure(line: line, message: "unexpected character \(Character(Unicode.Scalar(byte)))")
                }
            }
            if !tokens.isEmpty { tokens[tokens.count - 1].spaceAfter = true }
            return tokens
        }

        mutating func markSpace(newline: Bool) {
            pendingSpace = true
            if newline { pendingNewline = true }
            if !tokens.isEmpty { tokens[tokens.count - 1].spaceAfter = true }
        }

        mutating func append(_ kind: SwiftToken.Kind, from start: Int, line: Int) {
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if kind == .comment {
                // A comment counts as space for its neighbours but is kept so the writer can skip it.
                tokens.append(
                    SwiftToken(
                        kind: .comment, text: text, start: start, end: index, line: line, spaceBefore: true,
                        spaceAfter: true, newlineBefore: pendingNewline))
                pendingSpace = true
                return
            }
            tokens.append(
                SwiftToken(
                    kind: kind, text: text, start: start, end: index, line: line, spaceBefore: pendingSpace,
                    newlineBefore: pendingNewline))
            pendingSpace = false
            pendingNewline = false
        }

        mutating func skipBlockComment() throws(Failure) {
            var depth = 0
            repeat {
                if peek() == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if peek() == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                } else if let byte = peek() {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                } else {
                    throw Failure(line: line, message: "a block comment is never closed")
                }
            } while depth > 0
        }

        /// At the opening quote(s); ends after the closing quote(s) and `hashes` `#`.
        mutating func skipString(hashes: Int) throws(Failure) {
            let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            while true {
                guard let byte = peek() else { throw Failure(line: line, message: "a string literal is never closed") }
                if byte == UInt8(ascii: "\n") {
                    guard multiline else { throw Failure(line: line, message: "a string literal is never closed") }
                    line += 1
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "\\") && escapes(after: index + 1, hashes: hashes) {
                    index += 1 + hashes
                    if peek() == UInt8(ascii: "(") {
                        try skipInterpolation()
                    } else {
                        index += 1
                    }
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    let closes =
                        (0..<quotes).allSatisfy { peek($0) == UInt8(ascii: "\"") }
                        && (0..<hashes).allSatisfy { peek(quotes + $0) == UInt8(ascii: "#") }
                    if closes {
                        index += quotes + hashes
                        return
                    }
                }
                index += 1
            }
        }

        func escapes(after position: Int, hashes: Int) -> Bool {
            (0..<hashes).allSatisfy { position + $0 < bytes.count && bytes[position + $0] == UInt8(ascii: "#") }
        }

        /// At `(` of `\(`: skips to its matching `)`, stepping over nested strings.
        mutating func skipInterpolation() throws(Failure) {
            var depth = 0
            repeat {
                guard let byte = peek() else {
                    throw Failure(line: line, message: "a string interpolation is never closed")
                }
                switch byte {
                case UInt8(ascii: "("):
                    depth += 1
                    index += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    index += 1
                case UInt8(ascii: "\""): try skipString(hashes: 0)
                case UInt8(ascii: "\n"):
                    line += 1
                    index += 1
                default: index += 1
                }
            } while depth > 0
        }

        mutating func scanNumber() {
            while let next = peek() {
                if Self.isIdentifier(next) {
                    index += 1
                } else if next == UInt8(ascii: "."), let after = peek(1),
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(after)
                {
                    index += 1
                } else {
                    return
                }
            }
        }

        static func isIdentifierStart(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
        }

        static func isIdentifier(_ byte: UInt8) -> Bool {
            isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
