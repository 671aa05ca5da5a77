/// A small XML reader for journey files: elements, attributes, text, CDATA, comments and an optional
/// `<?xml …?>` declaration. Written here rather than with XMLParser so every error, and every node, carries
/// the line and column a usage error must name (spec/08 §1.1 rule 3).
struct XMLReader {
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    struct Attribute {
        let name: String
        let value: String
        let position: Position
    }

    struct Element {
        let name: String
        let position: Position
        var attributes: [Attribute] = []
        var children: [Node] = []

        /// The text of the element's text children, in order (CDATA included; comments were dropped).
        var text: String {
            children.reduce(into: "") { result, child in
                if case .text(let text, _) = child { result += text }
            }
        }
    }

    enum Node {
        case element(Element)
        case text(String, Position)
    }

    private let characters: [Character]
    private var index = 0
    private var position = Position(line: 1, column: 1)

    private init(_ text: String) {
        characters = Array(text)
    }

    /// The root element of `text`, or the first error in it.
    static func read(_ text: String) throws(JourneyFileError) -> Element {
        var reader = XMLReader(text)
        return try reader.document()
    }

    // MARK: Document

    private mutating func document() throws(JourneyFileError) -> Element {
        if peek() == "\u{FEFF}" { advance() }
        if starts(with: "<?xml"), let next = peek(offset: 5), next.isWhitespace || next == "?" {
            try declaration()
        }
        while true {
            skipWhitespace()
            guard let character = peek() else { throw error(.noRootElement) }
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                throw error(.unsupportedMarkup("a processing instruction"))
            } else if starts(with: "<!") {
                throw error(.unsupportedMarkup("a DOCTYPE or other declaration"))
            } else if character == "<" {
                break
            } else {
                throw error(.malformed("text occurs before the root element"))
            }
        }
        let root = try element()
        while true {
            skipWhitespace()
            if peek() == nil { return root }
            if starts(with: "<!--") {
                try comment()
            } else {
                throw error(.contentAfterRoot)
            }
        }
    }

    private mutating func declaration() throws(JourneyFileError) {
        let start = position
        advance(5)
        while !starts(with: "?>") {
            if peek() == nil {
                throw JourneyFileError(at: start, .unexpectedEnd(expected: "the end of the XML declaration, ?>"))
            }
            advance()
        }
        advance(2)
    }

    private mutating func comment() throws(JourneyFileError) {
        let start = position
        advance(4)
        while !starts(with: "-->") {
            if peek() == nil {
                throw JourneyFileError(at: start, .unexpectedEnd(expected: "the end of this comment, -->"))
            }
            advance()
        }
        advance(3)
    }

    // MARK: Elements

    /// Reads one element and everything inside it; an explicit stack keeps deep nesting off the call stack.
    private mutating func element() throws(JourneyFileError) -> Element {
        var stack: [Element] = []
        var text = ""
        var textStart = position

        func flush(into element: inout Element) {
            if !text.isEmpty { element.children.append(.text(text, textStart)) }
            text = ""
        }

        let (first, firstIsEmpty) = try startTag()
        if firstIsEmpty { return first }
        stack.append(first)
        textStart = position

        while true {
            guard let character = peek() else {
                let open = stack[stack.count - 1]
                throw JourneyFileError(at: open.position, .unclosedElement(open.name))
            }
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<![CDATA[") {
                let start = position
                if text.isEmpty { textStart = start }
                advance(9)
                while !starts(with: "]]>") {
                    guard let inside = peek() else {
                        throw JourneyFileError(
                            at: start, .unexpectedEnd(expected: "the end of this CDATA section, ]]>"))
                    }
                    text.append(inside)
                    advance()
                }
                advance(3)
            } else if starts(with: "<?") {
                throw error(.unsupportedMarkup("a processing instruction"))
            } else if starts(with: "<!") {
                throw error(.unsupportedMarkup("a DOCTYPE or other declaration"))
            } else if starts(with: "</") {
                let closeAt = position
                advance(2)
                let name = try self.name(after: "</")
                skipWhitespace()
                guard peek() == ">" else { throw error(.malformed("expected > to end the close tag </\(name)>")) }
                advance()
                var closed = stack.removeLast()
                guard closed.name == name else {
                    throw JourneyFileError(
                        at: closeAt,
                        .mismatchedClose(
                            found: name, open: closed.name, openedLine: closed.position.line,
                            openedColumn: closed.position.column))
                }
                flush(into: &closed)
                if stack.isEmpty { return closed }
                stack[stack.count - 1].children.append(.element(closed))
                textStart = position
            } else if character == "<" {
                flush(into: &stack[stack.count - 1])
                let (child, isEmpty) = try startTag()
                if isEmpty {
                    stack[stack.count - 1].children.append(.element(child))
                } else {
                    stack.append(child)
                }
                textStart = position
            } else if character == "&" {
                if text.isEmpty { textStart = position }
                text.append(try entity())
            } else {
                if text.isEmpty { textStart = position }
                text.append(character)
                advance()
            }
        }
    }

    /// `<name attr="v" …>` or `<name …/>`; returns the element and whether it was empty (`/>`).
    private mutating func startTag() throws(JourneyFileError) -> (Element, Bool) {
        let start = position
        advance()
        var element = Element(name: try name(after: "<"), position: start)
        while true {
            let hadSpace = skipWhitespace()
            guard let character = peek() else {
                throw JourneyFileError(at: start, .unexpectedEnd(expected: "the end of the tag <\(element.name)>"))
            }
            if character == ">" {
                advance()
                return (element, false)
            }
            if starts(with: "/>") {
                advance(2)
                return (element, true)
            }
            guard hadSpace else { throw error(.malformed("expected a space, > or /> in the tag <\(element.name)>")) }
            let attributeAt = position
            let attributeName = try name(after: "an attribute of <\(element.name)>")
            skipWhitespace()
            guard peek() == "=" else { throw error(.malformed("expected = after attribute \(attributeName)")) }
            advance()
            skipWhitespace()
            guard let quote = peek(), quote == "\"" || quote == "'" else {
                throw error(.malformed("expected a quoted value for attribute \(attributeName)"))
            }
            advance()
            var value = ""
            while true {
                guard let inside = peek() else {
                    throw JourneyFileError(
                        at: attributeAt, .unexpectedEnd(expected: "the closing quote of attribute \(attributeName)"))
                }
                if inside == quote {
                    advance()
                    break
                }
                if inside == "<" { throw error(.malformed("< may not occur in an attribute value (write &lt;)")) }
                if inside == "&" {
                    value.append(try entity())
                } else {
                    value.append(inside)
                    advance()
                }
            }
            if element.attributes.contains(where: { $0.name == attributeName }) {
                throw JourneyFileError(at: attributeAt, .duplicateAttribute(attributeName))
            }
            element.attributes.append(Attribute(name: attributeName, value: value, position: attributeAt))
        }
    }

    private mutating func name(after context: String) throws(JourneyFileError) -> String {
        var name = ""
        while let character = peek(), isNameCharacter(character, first: name.isEmpty) {
            name.append(character)
            advance()
        }
        guard !name.isEmpty else { throw error(.malformed("expected a name after \(context)")) }
        return name
    }

    private func isNameCharacter(_ character: Character, first: Bool) -> Bool {
        if character.isLetter || character == "_" || character == ":" { return true }
        return !first && (character.isNumber || character == "-" || character == ".")
    }

    // MARK: Entities

    /// Decodes `&lt; &gt; &amp; &quot; &apos; &#NN; &#xNN;` at the current `&`.
    private mutating func entity() throws(JourneyFileError) -> Character {
        let start = position
        advance()
        var body = ""
        while let character = peek(), character != ";", body.count <= 10 {
            guard character.isLetter || character.isNumber || character == "#" else { break }
            body.append(character)
            advance()
        }
        guard peek() == ";" else { throw JourneyFileError(at: start, .badEntity("&\(body)")) }
        advance()
        switch body {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        var code: UInt32?
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            code = UInt32(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("#") {
            code = UInt32(body.dropFirst(), radix: 10)
        }
        guard let code, code != 0, let scalar = Unicode.Scalar(code) else {
            throw JourneyFileError(at: start, .badEntity("&\(body);"))
        }
        return Character(scalar)
    }

    // MARK: Characters

    private func peek(offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private func starts(with prefix: String) -> Bool {
        var offset = 0
        for character in prefix {
            guard peek(offset: offset) == character else { return false }
            offset += 1
        }
        return true
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < characters.count {
            if characters[index].isNewline {
                position.line += 1
                position.column = 1
            } else {
                position.column += 1
            }
            index += 1
        }
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        var skipped = false
        while let character = peek(), character.isWhitespace {
            advance()
            skipped = true
        }
        return skipped
    }

    private func error(_ reason: JourneyFileError.Reason) -> JourneyFileError {
        JourneyFileError(at: position, reason)
    }
}

extension JourneyFileError {
    init(at position: XMLReader.Position, _ reason: Reason) {
        self.init(line: position.line, column: position.column, reason: reason)
    }
}
