/// A check as a person reads it (spec/08 §2.4.2–§2.4.4): conjuncts that must each hold, each a choice
/// of alternatives, read from the current screen or from the latest snapshot record (§2.4.7).
public struct JourneyCheck: Sendable, Equatable {
    /// What the check reads.
    public enum Source: Sendable, Equatable {
        /// The current screen.
        case screen
        /// The latest snapshot or layout dump the journey took (`from the snapshot …`).
        case snapshot
    }

    public var conjuncts: [JourneyConjunct]
    public var source: Source
    /// `while <process> is pending|running` without a timing clause: finished → timing `already finished`.
    public var whileRunning: JourneyProcess?

    public init(_ conjuncts: [JourneyConjunct], source: Source = .screen, whileRunning: JourneyProcess? = nil) {
        self.conjuncts = conjuncts
        self.source = source
        self.whileRunning = whileRunning
    }

    /// Every named element is shown (§2.2 row 4): one conjunct per element; `showing` picks among elements
    /// sharing an id.
    public static func visible(_ mentions: [ElementMention], showing: String? = nil) -> JourneyCheck {
        JourneyCheck(
            mentions.map { JourneyConjunct(JourneyClaim(.elements([$0], showing: showing), .shown)) })
    }

    /// None of the named elements is shown (§2.2 row 5).
    public static func absent(_ mentions: [ElementMention]) -> JourneyCheck {
        JourneyCheck(
            mentions.map { JourneyConjunct(JourneyClaim(.elements([$0], showing: nil), .shown, negative: true)) })
    }

    /// The element is disabled, or enabled (§2.2 row 6).
    public static func disabled(_ mention: ElementMention, _ disabled: Bool) -> JourneyCheck {
        JourneyCheck([
            JourneyConjunct(JourneyClaim(.elements([mention], showing: nil), disabled ? .disabled : .enabled))
        ])
    }

    /// The element's text, or any text of the screen, contains `text` (§2.2 row 7).
    public static func text(_ mention: ElementMention?, _ text: String) -> JourneyCheck {
        JourneyCheck([
            JourneyConjunct(
                JourneyClaim(mention.map { .elements([$0], showing: nil) } ?? .screen, .contains(.text(text))))
        ])
    }
}

/// One conjunct of a check: it holds when one of its alternatives does (`A or B`).
public struct JourneyConjunct: Sendable, Equatable {
    public var alternatives: [JourneyClaim]
    /// The conjunct as written, for the report (`held: no row shows a spinner`); not part of its meaning.
    public var text: String

    public init(_ alternatives: [JourneyClaim], text: String = "") {
        self.alternatives = alternatives
        self.text = text
    }

    public init(_ claim: JourneyClaim, text: String = "") {
        self.alternatives = [claim]
        self.text = text
    }

    /// Two conjuncts mean the same when their alternatives do, however they were worded.
    public static func == (lhs: JourneyConjunct, rhs: JourneyConjunct) -> Bool {
        lhs.alternatives == rhs.alternatives
    }
}

/// One claim about the screen: a subject, what is said of it, and its polarity (§2.4.2). A negative
/// claim holds when none of its subject's elements is shown or its property fails.
public struct JourneyClaim: Sendable, Equatable {
    public var subject: JourneySubject
    public var predicate: JourneyPredicate
    public var negative: Bool

    public init(_ subject: JourneySubject, _ predicate: JourneyPredicate, negative: Bool = false) {
        self.subject = subject
        self.predicate = predicate
        self.negative = negative
    }
}
