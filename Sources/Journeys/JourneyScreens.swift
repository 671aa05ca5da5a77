/// The `screens` of a journey's `index.json` entry (spec/08 §1.2): the "the/a/its … screen|sheet" phrases.
public enum JourneyScreens {
    /// Phrases matched by `\b(?:the|a|its)\s+((?:[\w-]+\s+){0,4}?(?:screen|sheet))\b`, case-insensitive,
    /// in the given texts (the actions), group 1 lowercased, deduplicated, first-seen order.
    public static func phrases(in texts: [String]) -> [String] {
        let pattern = Pattern(##"\b(?:the|a|its)\s+((?:[\w-]+\s+){0,4}?(?:screen|sheet))\b"##, ignoringCase: true)
        var seen: Set<String> = []
        var phrases: [String] = []
        for text in texts {
            for match in text.matches(of: pattern) {
                let phrase = match[1].lowercased()
                if seen.insert(phrase).inserted { phrases.append(phrase) }
            }
        }
        return phrases
    }
}
