/// A single-line string literal's text split into its delimiters and content, so a text mutant can
/// drop one character that a reader sees (never part of an escape or an interpolation).
struct StringLiteralEdit {
    /// `#"` / `"` and `"#` / `"`.
    var opening: String
    var closing: String
    var content: String

    /// Nil for a multi-line literal or anything that is not one string literal.
    init?(_ literal: String) {
        var hashes = ""
        for character in literal {
            guard character == "#" else { break }
            hashes.append(character)
        }
        opening = hashes + "\""
        closing = "\"" + hashes
        guard literal.count >= opening.count + closing.count, literal.hasPrefix(opening), literal.hasSuffix(closing),
            !literal.hasPrefix(hashes + "\"\"\"")
        else { return nil }
        content = String(literal.dropFirst(opening.count).dropLast(closing.count))
    }

    /// The literal with its last plain character removed (nil when it has none).
    func droppingLastCharacter() -> String? {
        let escape = "\\" + String(opening.dropLast())
        var plain: [String.Index] = []
        var index = content.startIndex
        while index < content.endIndex {
            if content[index...].hasPrefix(escape) {
                index = content.index(index, offsetBy: escape.count)
                guard index < content.endIndex else { break }
                if content[index] == "(" {
                    index = Self.skipParentheses(content, from: index)
                } else if content[index] == "u", content.index(after: index) < content.endIndex,
                    content[content.index(after: index)] == "{"
                {
                    index = content[index...].firstIndex(of: "}").map { content.index(after: $0) } ?? content.endIndex
                } else {
                    index = content.index(after: index)
                }
                continue
            }
            plain.append(index)
            index = content.index(after: index)
        }
        guard let last = plain.last else { return nil }
        var shortened = content
        shortened.remove(at: last)
        return opening + shortened + closing
    }

    /// From a `(` to just after its partner, stepping over nested string literals.
    private static func skipParentheses(_ text: String, from start: String.Index) -> String.Index {
        var depth = 0
        var inString = false
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" {
                    index = text.index(after: index)
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return text.index(after: index) }
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return text.endIndex
    }
}
