import Foundation

/// A regular expression compiled once, for the reader's many small matches. Swift's `Regex` literals
/// compile their program on every use (milliseconds each), which made reading one action cost tens of
/// milliseconds; an `NSRegularExpression` is immutable, shared as a `static let`, and matches in
/// microseconds. Word boundaries (`\b`) are ICU's simple ones: `identity's` ends its word at the `'`.
struct Pattern: Sendable {
    private let expression: NSRegularExpression
    private let source: String
    private let options: NSRegularExpression.Options

    /// `source` in ICU syntax (`\x{201C}` for a code point); `ignoringCase` as Swift's `.ignoresCase()`.
    init(_ source: String, ignoringCase: Bool = false) {
        self.source = source
        options = ignoringCase ? [.caseInsensitive] : []
        expression = Self.compile(source, options)
    }

    private static func compile(_ source: String, _ options: NSRegularExpression.Options) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: source, options: options)
        } catch {
            // A pattern is a literal of this module: one that does not compile is a programming error.
            fatalError("invalid pattern \(source): \(error)")
        }
    }

    /// Whether it matches anywhere in `text`.
    func test(_ text: some StringProtocol) -> Bool {
        first(in: text) != nil
    }

    /// The first match in `text`.
    func first<Text: StringProtocol>(in text: Text) -> PatternMatch<Text>? {
        all(in: text, limit: 1).first
    }

    /// A match that starts where `text` starts.
    func prefix<Text: StringProtocol>(of text: Text) -> PatternMatch<Text>? {
        let string = String(text)
        guard
            let result = expression.firstMatch(
                in: string, options: [.anchored], range: NSRange(location: 0, length: string.utf16.count))
        else { return nil }
        return PatternMatch(result, in: text)
    }

    /// A match of all of `text` (every alternative and repetition tried to fill it, as `wholeMatch`).
    func whole<Text: StringProtocol>(_ text: Text) -> PatternMatch<Text>? {
        let string = String(text)
        guard
            let result = Self.compile("^(?:" + source + ")$", options).firstMatch(
                in: string, range: NSRange(location: 0, length: string.utf16.count))
        else { return nil }
        return PatternMatch(result, in: text)
    }

    /// Every match in `text`, in order.
    func all<Text: StringProtocol>(in text: Text, limit: Int = .max) -> [PatternMatch<Text>] {
        let string = String(text)
        var matches: [PatternMatch<Text>] = []
        expression.enumerateMatches(in: string, range: NSRange(location: 0, length: string.utf16.count)) {
            result, _, stop in
            if let result { matches.append(PatternMatch(result, in: text)) }
            if matches.count >= limit { stop.pointee = true }
        }
        return matches
    }

    /// `text` with every match replaced by `template` (`$1` for a group).
    func replacing(in text: String, with template: String) -> String {
        expression.stringByReplacingMatches(
            in: text, range: NSRange(location: 0, length: text.utf16.count), withTemplate: template)
    }

    /// The parts of `text` between its matches.
    func split(_ text: String) -> [String] {
        var parts: [String] = []
        var start = text.startIndex
        for match in all(in: text) {
            parts.append(String(text[start..<match.range.lowerBound]))
            start = match.range.upperBound
        }
        parts.append(String(text[start...]))
        return parts
    }
}

/// One match of a `Pattern`: its range in the text matched, and its groups.
struct PatternMatch<Text: StringProtocol> {
    let range: Range<String.Index>
    let text: Substring
    private let groups: [Range<String.Index>?]
    private let base: Text

    fileprivate init(_ result: NSTextCheckingResult, in base: Text) {
        func range(_ ns: NSRange) -> Range<String.Index>? {
            guard ns.location != NSNotFound else { return nil }
            let utf16 = base.utf16
            let lower = utf16.index(base.startIndex, offsetBy: ns.location)
            let upper = utf16.index(lower, offsetBy: ns.length)
            return lower..<upper
        }
        self.base = base
        let whole = range(result.range) ?? base.startIndex..<base.startIndex
        self.range = whole
        text = Substring(base[whole])
        groups = (0..<result.numberOfRanges).map { range(result.range(at: $0)) }
    }

    /// Group `index` (0: the whole match); empty when it did not take part.
    subscript(index: Int) -> Substring { optional(index) ?? "" }

    /// Group `index`, nil when it did not take part (an optional group).
    func optional(_ index: Int) -> Substring? {
        guard groups.indices.contains(index), let range = groups[index] else { return nil }
        return Substring(base[range])
    }
}

extension StringProtocol {
    /// Whether `pattern` matches anywhere in the text.
    func contains(_ pattern: Pattern) -> Bool { pattern.test(self) }

    /// The first match of `pattern`.
    func firstMatch(of pattern: Pattern) -> PatternMatch<Self>? { pattern.first(in: self) }

    /// A match of `pattern` that starts where the text starts.
    func prefixMatch(of pattern: Pattern) -> PatternMatch<Self>? { pattern.prefix(of: self) }

    /// A match of `pattern` that is the whole text.
    func wholeMatch(of pattern: Pattern) -> PatternMatch<Self>? { pattern.whole(self) }

    /// Every match of `pattern`.
    func matches(of pattern: Pattern) -> [PatternMatch<Self>] { pattern.all(in: self) }

    /// The text with every match of `pattern` replaced by `template` (`$1` for a group).
    func replacing(_ pattern: Pattern, with template: String) -> String {
        pattern.replacing(in: String(self), with: template)
    }

    /// The parts of the text between the matches of `pattern`.
    func split(separator pattern: Pattern) -> [String] { pattern.split(String(self)) }
}
