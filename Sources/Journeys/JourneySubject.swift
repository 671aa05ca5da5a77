/// What a claim or a tap is about (spec/08 §2.4.2–§2.4.3): elements named by id, a label, the screen, a
/// place, or rows picked by a referent phrase.
public indirect enum JourneySubject: Sendable, Equatable {
    /// Elements named by their ids (a set placeholder such as `<ring-pubky>` stays in the id, quantified
    /// when evaluated); `showing` picks among elements sharing an id (`showing "TKRQ...P7QY"`).
    case elements([ElementMention], showing: String?)
    /// The elements whose id starts with a quoted prefix (`the "PubkyChoiceRing_" rows`).
    case idPrefix(String)
    /// An element by its visible label, written without quotes (`Save is no longer disabled`).
    case label(String)
    /// Any text of the screen.
    case screen
    /// A place of the place table (`Pubky Choice is still shown`), by its name there.
    case place(String)
    /// Rows picked by a referent (`it`, `that row`, `the first row`, `the row for …`), within the elements
    /// of an id mention when one is written (`(testTag "PubkyChoiceIdentity")`).
    case referent(JourneyReferent, within: ElementMention?)
    /// Rows quantified over (`each row whose …`, `no row`, `one row per Ring identity`).
    case rows(JourneyQuantifier, within: ElementMention?)
    /// What the last confirmed deletion removed (`the deleted profile`): its name, key and caption.
    case deleted
}

/// A referent kept across actions (spec/08 §2.4.3), re-found on the current screen when used.
public enum JourneyReferent: Sendable, Equatable {
    /// `it`, `that row`, `its`: what the last step or condition named.
    case focus
    /// `the tapped row`: what the last tap tapped.
    case lastTap
    /// `them`, `those rows`: what the last plural named.
    case lastPlural
    /// `the first|second|last row`: by display order (1-based; -1 is the last).
    case ordinal(Int)
    /// `the row for <key>`: the row of that key (bare z32 or `pubky…`), or of the member of a placeholder
    /// name still unresolved when read (`named-ring-pubky` for `the named identity`).
    case forKey(String)
    /// `the row showing "T"`: the row whose title or caption is T.
    case showing(String)
    /// `a different row`, `another row`, `one of the other rows`: the first that is not the last tap
    /// (else not the focus).
    case different
    /// `a row whose P` in an interaction: the first row with P.
    case firstWhose(JourneyRowFilter)
}

/// How a check ranges over rows (spec/08 §2.4.3, §2.4.5).
public enum JourneyQuantifier: Sendable, Equatable {
    /// `each|every|all rows [whose P]`, `any|a row whose P` in a check: every row (with P).
    case every(JourneyRowFilter?)
    /// `no row …`: none.
    case none(JourneyRowFilter?)
    /// `one <noun> per <set noun>`: exactly one element per member of the set, no other.
    case onePer(set: String)
    /// `only the tapped row …`: it has it, no other row does.
    case only(JourneyReferent)
    /// `<screen> actions` (`the Profile actions are disabled`): the screen's buttons but Back.
    case actions
}

/// `whose P` (spec/08 §2.4.3): a property read from the world, not the screen.
public enum JourneyRowFilter: Sendable, Equatable {
    /// `whose lookup runs|is still running` (`false`: `whose lookup finished`).
    case lookupRunning(Bool)
    /// `whose name has not arrived`.
    case nameNotArrived
    /// `whose identity has no|lacks a published name` (`false`: has one).
    case noPublishedName(Bool)
    /// Any other P, as written: only a person can judge it.
    case other(String)
}

/// A background process of Bitkit a journey may wait for or name (spec/08 §2.4.9).
public enum JourneyProcess: String, Sendable, Equatable, CaseIterable {
    case adoption
    case lookups
    case deletion
    case sync
}
