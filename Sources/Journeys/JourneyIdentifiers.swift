import ContractNames

/// The identifiers a journey names, as the real `scripts/journeys_index.py` finds them (spec/08 §1.2).
public enum JourneyIdentifiers {
    /// Values of `\bid "([^"]+)"` (iOS) or `\btestTag "([^"]+)"` (Android) in `text`, first-mention order,
    /// each once. Other spellings (`identifier`, `testID`, Android `id`) are not indexed, as upstream.
    public static func mentions(in text: String, platform: Platform) -> [String] {
        let values: [Substring]
        switch platform {
        case .ios: values = text.matches(of: Pattern(##"\bid "([^"]+)""##)).map { $0[1] }
        case .android: values = text.matches(of: Pattern(##"\btestTag "([^"]+)""##)).map { $0[1] }
        }
        var seen: Set<Substring> = []
        return values.filter { seen.insert($0).inserted }.map(String.init)
    }
}
