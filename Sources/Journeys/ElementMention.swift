/// How an action names a UI element (spec/08 §2.1). Values are verbatim: placeholders such as
/// `<ring-pubky-a>` stay in them until `JourneyPlaceholders.bind` substitutes them.
public enum ElementMention: Sendable, Equatable, Hashable {
    /// `(id "X")`: an iOS accessibility identifier (Android files use it too, meaning the testTag).
    case id(String)
    /// `(identifier "X")`: the alternate iOS spelling.
    case identifier(String)
    /// `(testTag "X")`: an Android Compose testTag.
    case testTag(String)
    /// `(testID "X")`: a Pubky Ring React Native testID, on both platforms.
    case testID(String)
    /// A visible label: `(no testTag; titled "Import")`, or the quoted label of `Tap "Yes, Delete"`.
    case label(String)

    /// The identifier or label as written.
    public var value: String {
        switch self {
        case .id(let value), .identifier(let value), .testTag(let value), .testID(let value), .label(let value):
            return value
        }
    }

    /// Every mention in `text`, in order: `id`, `identifier`, `testTag`, `testID` followed by a quoted value,
    /// and `no testTag; titled "X"` as a label. Keywords are case-sensitive, as the real indexers' are.
    public static func all(in text: String) -> [ElementMention] {
        mentionRanges(in: text).map(\.mention)
    }

    /// The mentions with the range each occupies (keyword to closing quote), for callers that must tell a
    /// mention's quoted value from other quoted text.
    static func mentionRanges(in text: String) -> [(mention: ElementMention, range: Range<String.Index>)] {
        let pattern = Pattern(
            ##"(?:\bno (?:testTag|id|identifier);\s*titled|\b(id|identifier|testTag|testID)) "([^"]*)""##)
        return text.matches(of: pattern).map { match in
            let value = String(match[2])
            let mention: ElementMention
            switch match[1] {
            case "id": mention = .id(value)
            case "identifier": mention = .identifier(value)
            case "testTag": mention = .testTag(value)
            case "testID": mention = .testID(value)
            default: mention = .label(value)
            }
            return (mention, match.range)
        }
    }
}
