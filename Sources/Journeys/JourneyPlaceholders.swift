/// `<name>` placeholders in decoded journey text (spec/08 §2.3): finding, binding and the unbound ones.
///
/// A name is what stands between the brackets (`ring-pubky-a`, `UDID`, `current address`); bindings are
/// keyed by it, without brackets, as `--bind NAME=VALUE` gives them.
public enum JourneyPlaceholders {
    /// Where a placeholder stands: an unbound one inside an id mention, backticks or quotes is a usage
    /// error (exit 2); in prose it stays as written.
    public enum Context: Sendable, Equatable {
        case idMention
        case backticks
        case quotes
        case prose
    }

    /// One placeholder where it stands.
    public struct Occurrence: Sendable, Equatable {
        public let name: String
        public let context: Context

        public init(name: String, context: Context) {
            self.name = name
            self.context = context
        }
    }

    /// The unbound placeholders of a text, each listed once in first-seen order.
    public struct Unbound: Sendable, Equatable {
        /// Inside an id mention, backticks or quotes: the runner must stop with a usage error naming them.
        public let usageErrors: [String]
        /// Only in prose: left as written.
        public let inProse: [String]
    }

    /// The placeholder names in `text`, first-seen order, each once.
    public static func names(in text: String) -> [String] {
        unique(occurrences(in: text).map(\.name))
    }

    /// Every placeholder in `text` with its context, in order.
    public static func occurrences(in text: String) -> [Occurrence] {
        let spans = contextSpans(in: text)
        return text.matches(of: pattern).map { match in
            let context = spans.first(where: { $0.range.contains(match.range.lowerBound) })?.context ?? .prose
            return Occurrence(name: String(match[1]), context: context)
        }
    }

    /// The placeholders of `text` that `values` does not bind, split into usage errors and prose.
    public static func unbound(in text: String, values: [String: String]) -> Unbound {
        let missing = occurrences(in: text).filter { values[$0.name] == nil }
        return Unbound(
            usageErrors: unique(missing.filter { $0.context != .prose }.map(\.name)),
            inProse: unique(missing.filter { $0.context == .prose }.map(\.name))
                .filter { name in !missing.contains { $0.name == name && $0.context != .prose } })
    }

    /// `text` with every bound placeholder replaced by its value; unbound ones stay as written. Inside a
    /// `PubkyChoiceRing_` or `PubkyChoiceRingLookup_` id a value's `pubky` prefix is dropped; inside a
    /// `Contact_` id it is added when neither the value nor the id already has it.
    public static func bind(_ text: String, values: [String: String]) -> String {
        let mentions = ElementMention.mentionRanges(in: text)
        var result = ""
        var cursor = text.startIndex
        for match in text.matches(of: pattern) {
            result += text[cursor..<match.range.lowerBound]
            cursor = match.range.upperBound
            guard var value = values[String(match[1])] else {
                result += text[match.range]
                continue
            }
            if let mention = mentions.first(where: { $0.range.contains(match.range.lowerBound) }) {
                let id = mention.mention.value
                if id.hasPrefix("PubkyChoiceRing_") || id.hasPrefix("PubkyChoiceRingLookup_") {
                    if value.hasPrefix("pubky") { value.removeFirst(5) }
                } else if id.hasPrefix("Contact_"), !value.hasPrefix("pubky"), !result.hasSuffix("pubky") {
                    value = "pubky" + value
                }
            }
            result += value
        }
        result += text[cursor...]
        return result
    }

    private static var pattern: Pattern { Pattern(##"<([A-Za-z][A-Za-z0-9 _.-]*)>"##) }

    /// Ranges of id mentions, backticks and other quotes, mentions first (their values are quoted too).
    private static func contextSpans(in text: String) -> [(range: Range<String.Index>, context: Context)] {
        var spans = ElementMention.mentionRanges(in: text).map { (range: $0.range, context: Context.idMention) }
        spans += text.matches(of: Pattern(##"`[^`]*`"##)).map { (range: $0.range, context: Context.backticks) }
        spans += text.matches(of: Pattern(##""[^"]*"|\x{201C}[^\x{201D}]*\x{201D}"##)).map {
            (range: $0.range, context: Context.quotes)
        }
        return spans
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
