/// A usage error of a journey file (spec/08 §1.1 rule 3): where it is and what is wrong, in one sentence.
///
/// `description` is `line L, column C: message`, the form `simctl journey run` prints before exiting 2.
public struct JourneyFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong; each case says enough to write the message.
    public enum Reason: Sendable, Equatable {
        /// The file has no root element at all.
        case noRootElement
        /// The file ends inside a tag, a comment, a CDATA section or the declaration (what was expected).
        case unexpectedEnd(expected: String)
        /// An element opened here is never closed.
        case unclosedElement(String)
        /// A close tag names another element than the one open (`opened` is where that one starts).
        case mismatchedClose(found: String, open: String, openedLine: Int, openedColumn: Int)
        /// A close tag with no element open.
        case unexpectedClose(String)
        /// An entity other than the five of XML and numeric character references, or a bare `&`.
        case badEntity(String)
        /// Any other syntax error, with what was expected or found.
        case malformed(String)
        /// Markup no journey uses: a DOCTYPE, a processing instruction other than the declaration.
        case unsupportedMarkup(String)
        /// Text or an element after the root element closed.
        case contentAfterRoot
        /// The same attribute twice on one element.
        case duplicateAttribute(String)
        /// The root element is not `journey`.
        case rootNotJourney(String)
        /// `<journey>` has no `name` attribute.
        case nameMissing
        /// `name` is empty once whitespace is normalised.
        case nameEmpty
        /// `<journey>` has no `<actions>`.
        case noActions
        /// `<actions>` has no `<action>`.
        case noAction
        /// An `<action>` whose text is empty once whitespace is normalised (its 1-based number).
        case emptyAction(number: Int)
        /// An element that may not occur here (its name, its parent's name).
        case unexpectedElement(String, parent: String)
        /// An attribute that may not occur here (its name, its element's name).
        case unexpectedAttribute(String, element: String)
        /// Text directly inside an element that holds only elements.
        case unexpectedText(parent: String)
        /// `<description>` after `<actions>`.
        case wrongOrder(String, after: String)
        /// A second `<description>` or `<actions>`.
        case duplicateElement(String)

        /// One sentence, no position.
        public var message: String {
            switch self {
            case .noRootElement: return "the file has no root element"
            case .unexpectedEnd(let expected): return "the file ends where \(expected) was expected"
            case .unclosedElement(let name): return "<\(name)> is never closed"
            case .mismatchedClose(let found, let open, let line, let column):
                return "</\(found)> closes <\(open)>, opened at line \(line), column \(column)"
            case .unexpectedClose(let name): return "</\(name)> closes no open element"
            case .badEntity(let entity): return "\(entity) is not an XML entity (write & as &amp;)"
            case .malformed(let detail): return detail
            case .unsupportedMarkup(let what): return "\(what) does not occur in journey files"
            case .contentAfterRoot: return "there is content after the root element"
            case .duplicateAttribute(let name): return "attribute \(name) is given twice"
            case .rootNotJourney(let name): return "the root element is <\(name)>, not <journey>"
            case .nameMissing: return "<journey> has no name attribute"
            case .nameEmpty: return "the journey's name is empty"
            case .noActions: return "<journey> has no <actions>"
            case .noAction: return "<actions> has no <action>"
            case .emptyAction(let number): return "action \(number) is empty"
            case .unexpectedElement(let name, let parent): return "<\(name)> may not occur in <\(parent)>"
            case .unexpectedAttribute(let name, let element): return "<\(element)> may not have attribute \(name)"
            case .unexpectedText(let parent): return "text may not occur directly in <\(parent)>"
            case .wrongOrder(let name, let after): return "<\(name)> must come before <\(after)>"
            case .duplicateElement(let name): return "<\(name)> occurs twice"
            }
        }
    }

    /// 1-based line of the offending place.
    public let line: Int
    /// 1-based column (in characters) of the offending place.
    public let column: Int
    /// What is wrong.
    public let reason: Reason

    public init(line: Int, column: Int, reason: Reason) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// One sentence, no position.
    public var message: String { reason.message }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
