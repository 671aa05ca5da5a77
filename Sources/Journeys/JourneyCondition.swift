/// The condition of `If …` (§2.2 row 9, §2.4.1).
public enum JourneyCondition: Sendable, Equatable {
    /// Any check (`appears`, `shows`, `is gone`), evaluated on the current screen without waiting.
    case check(JourneyCheck)
    /// A prompt the simulator never shows, so the condition is false: `"PIN screen"`, `"camera permission"`
    /// or `"notification permission"`.
    case promptNeverShown(String)
    /// `If nothing happens`: true when the last performed interaction left the screen unchanged.
    case nothingHappened
    /// `If adoption ended first`, `if the lookups still run`: whether Bitkit has that process in flight.
    case process(JourneyProcess, running: Bool)
    /// Any other condition, as written (its steps need a person; a timing sentence's cannot be evaluated).
    case other(String)

    /// Classifies the text of `If <text>, …`.
    public init(_ written: String) {
        let text = Prose.possessivesApart(written)
        let lower = text.lowercased()
        if lower.contains(Pattern(##"\bnothing\s+(?:happens|happened|changes|changed)\b"##)) {
            self = .nothingHappened
        } else if lower.contains(Pattern(##"\bpin\b|\bpasscode\b"##)) {
            self = .promptNeverShown("PIN screen")
        } else if lower.contains("camera") {
            self = .promptNeverShown("camera permission")
        } else if lower.contains("notification") && (lower.contains("permission") || lower.contains("prompt")) {
            self = .promptNeverShown("notification permission")
        } else if let process = Self.process(lower) {
            self = process
        } else {
            let check = CheckReader.read(text)
            let decidable =
                !check.conjuncts.isEmpty
                && check.conjuncts.allSatisfy { conjunct in
                    conjunct.alternatives.allSatisfy { claim in
                        switch (claim.subject, claim.predicate) {
                        case (_, .needsEyes), (.label, _): false
                        case (.rows(.every(.other?), _), _), (.rows(.none(.other?), _), _): false
                        default: true
                        }
                    }
                }
            let saysWhatShows = lower.contains(
                Pattern(
                    ##"\b(?:appears?|appeared|shows?|shown|visible|displayed|listed|present|open|opens|gone|disappears?|disappeared|hidden|missing|absent|disabled|enabled|tappable|titled|captioned|reads|says|contains|spinner)\b"##
                )
            )
            self = decidable && saysWhatShows && Self.namesScreenThing(text) ? .check(check) : .other(written)
        }
    }

    /// `adoption ended first`, `the lookups are still running`, `sync finished`.
    private static func process(_ lower: String) -> JourneyCondition? {
        guard let process = JourneyProcess(named: lower) else { return nil }
        if lower.contains(Pattern(##"\b(?:ended|ends|finished|finishes|completed|completes|done|over|succeeded)\b"##)) {
            return .process(process, running: false)
        }
        if lower.contains(Pattern(##"\b(?:running|runs|pending|in\s+flight|in\s+progress|still|underway)\b"##)) {
            return .process(process, running: true)
        }
        return nil
    }

    /// A condition settles on the screen only when it names an element, a quoted text, a place or a referent.
    private static func namesScreenThing(_ text: String) -> Bool {
        if !ElementMention.all(in: text).isEmpty || text.contains("\"") { return true }
        let lower = text.lowercased()
        if lower.contains(Pattern(##"\b(?:it|its|that\s+row|the\s+(?:first|last|tapped)\s+row|rows?)\b"##)) {
            return true
        }
        let subject = lower.replacing(
            Pattern(
                ##"\s+(?:is|are)\s+(?:still\s+)?(?:shown|open|visible|displayed)\b.*$|\s+(?:appears|shows|opens).*$"##),
            with: "")
        return JourneyPlaces.checkPlace(in: subject) != nil
    }
}
