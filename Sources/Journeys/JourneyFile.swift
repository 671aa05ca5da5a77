/// A journey file (spec/08 §1.1): a `name`, a `description` and the `<action>` prose, each text decoded
/// and whitespace-normalised, each action with the line and column of its tag.
///
/// This is the front half of `simctl journey run`: `JourneyFile.parse` reads the file's text,
/// `JourneyAction.split` turns one action into its sub-actions (`JourneyStep`), each with its
/// recognised `JourneyForm`; `JourneyPlaceholders` binds `<name>` placeholders and `JourneyScreens` /
/// `JourneyIdentifiers` give the `index.json` phrases and ids. Nothing here touches a process or the disk.
public struct JourneyFile: Sendable, Equatable {
    /// One `<action>`: its 1-based number, its normalised text and where its tag starts.
    public struct Action: Sendable, Equatable {
        public let number: Int
        public let text: String
        public let line: Int
        public let column: Int

        public init(number: Int, text: String, line: Int, column: Int) {
            self.number = number
            self.text = text
            self.line = line
            self.column = column
        }
    }

    /// The root's `name` attribute, normalised.
    public let name: String
    /// The `<description>` text, normalised; empty when the file has none.
    public let description: String
    /// The actions in document order.
    public let actions: [Action]

    /// Reads a journey file's text. Every usage error of spec/08 §1.1 rule 3 — malformed XML, a root other
    /// than `journey`, a missing or empty `name`, no `<actions>` or `<action>`, an empty action, any other
    /// element, attribute or stray text, `<description>` after `<actions>` — throws with its line and column.
    /// `<description>` may be absent (rule 3 does not require it); CDATA counts as text; comments are ignored.
    public static func parse(_ text: String) throws(JourneyFileError) -> JourneyFile {
        let root = try XMLReader.read(text)
        guard root.name == "journey" else { throw JourneyFileError(at: root.position, .rootNotJourney(root.name)) }
        var name: String?
        for attribute in root.attributes {
            guard attribute.name == "name" else {
                throw JourneyFileError(at: attribute.position, .unexpectedAttribute(attribute.name, element: "journey"))
            }
            name = normalise(attribute.value)
            if name?.isEmpty == true { throw JourneyFileError(at: attribute.position, .nameEmpty) }
        }
        guard let name else { throw JourneyFileError(at: root.position, .nameMissing) }

        var description: String?
        var actionsElement: XMLReader.Element?
        for child in root.children {
            switch child {
            case .text(let text, let position):
                try requireWhitespace(text, at: position, parent: "journey")
            case .element(let element):
                switch element.name {
                case "description":
                    guard description == nil else {
                        throw JourneyFileError(at: element.position, .duplicateElement("description"))
                    }
                    guard actionsElement == nil else {
                        throw JourneyFileError(at: element.position, .wrongOrder("description", after: "actions"))
                    }
                    try requireTextOnly(element)
                    description = normalise(element.text)
                case "actions":
                    guard actionsElement == nil else {
                        throw JourneyFileError(at: element.position, .duplicateElement("actions"))
                    }
                    try requireNoAttributes(element)
                    actionsElement = element
                default:
                    throw JourneyFileError(at: element.position, .unexpectedElement(element.name, parent: "journey"))
                }
            }
        }
        guard let actionsElement else { throw JourneyFileError(at: root.position, .noActions) }

        var actions: [Action] = []
        for child in actionsElement.children {
            switch child {
            case .text(let text, let position):
                try requireWhitespace(text, at: position, parent: "actions")
            case .element(let element):
                guard element.name == "action" else {
                    throw JourneyFileError(at: element.position, .unexpectedElement(element.name, parent: "actions"))
                }
                try requireTextOnly(element)
                let number = actions.count + 1
                let text = normalise(element.text)
                guard !text.isEmpty else { throw JourneyFileError(at: element.position, .emptyAction(number: number)) }
                actions.append(
                    Action(number: number, text: text, line: element.position.line, column: element.position.column))
            }
        }
        guard !actions.isEmpty else { throw JourneyFileError(at: actionsElement.position, .noAction) }
        return JourneyFile(name: name, description: description ?? "", actions: actions)
    }

    /// Trims and turns every run of whitespace, line breaks included, into one space (spec/08 §1.1 rule 2).
    static func normalise(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func requireWhitespace(
        _ text: String, at position: XMLReader.Position, parent: String
    ) throws(JourneyFileError) {
        guard let offset = text.firstIndex(where: { !$0.isWhitespace }) else { return }
        var at = position
        for character in text[..<offset] {
            if character.isNewline {
                at.line += 1
                at.column = 1
            } else {
                at.column += 1
            }
        }
        throw JourneyFileError(at: at, .unexpectedText(parent: parent))
    }

    private static func requireTextOnly(_ element: XMLReader.Element) throws(JourneyFileError) {
        try requireNoAttributes(element)
        for case .element(let child) in element.children {
            throw JourneyFileError(at: child.position, .unexpectedElement(child.name, parent: element.name))
        }
    }

    private static func requireNoAttributes(_ element: XMLReader.Element) throws(JourneyFileError) {
        if let attribute = element.attributes.first {
            throw JourneyFileError(at: attribute.position, .unexpectedAttribute(attribute.name, element: element.name))
        }
    }
}
