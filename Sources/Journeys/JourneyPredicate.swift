/// What a claim says of its subject (spec/08 §2.4.4).
public enum JourneyPredicate: Sendable, Equatable {
    /// `is shown`, `appears`, `lists`, `offers`, or a bare mention.
    case shown
    /// `disabled`, `cannot be used`, `ignores taps`.
    case disabled
    /// `enabled`, `tappable`: shown and not disabled.
    case enabled
    /// `shows`, `reads`, `names`, `appears with`, `is <value>`: the title, caption, label or text contains it.
    case contains(JourneyValue)
    /// `title`/`titled`, `caption`/`captioned with`, `label`: that field equals the value.
    case field(JourneyField, JourneyValue)
    /// `shows a spinner|progress indicator`: the named one, else the subject's own (its lookup spinner).
    case spinner(ElementMention?)
    /// `avatar`, `key icon`, `picture`: iOS needs a person; Android's avatar is `PubkyContactAvatar`.
    case avatar
    /// `missing from Targets` (a snapshot's Targets leave disabled elements out).
    case missingFromTargets
    /// `unsigned`: no leading sign.
    case unsigned
    /// `nothing changes[: effects]`: the screen as before the last tap, and no effect named after it.
    case unchanged(effects: [String])
    /// `has not come back`, `does not reappear` (of the deleted profile): none of its name, key or caption.
    case reappeared
    /// A part only eyes on a screenshot can settle, as written.
    case needsEyes(String)
}

/// A field of a row or element compared for equality.
public enum JourneyField: String, Sendable, Equatable {
    case title
    case caption
    case label
}

/// A value a claim compares with (spec/08 §2.4.4): written, or derived from the subject or the world.
public enum JourneyValue: Sendable, Equatable {
    /// A quoted text (placeholders already bound).
    case text(String)
    /// `its key`: the subject's bare z32 key (a text may show it as `pubky<z32>`).
    case key
    /// `its truncated key`: spec/02 §11's truncation, case-insensitive unless `in capitals`/`upper case`.
    case truncatedKey(upperCase: Bool)
    /// `its published name`: the key's homeserver profile name.
    case publishedName
    /// `the saved <X> contact`: that contact's name (`issuer`, or a name).
    case savedContact(String)
    /// `N sats`: the digits, compared ignoring `,`, spaces, U+00A0 and U+202F.
    case sats(String)
    /// `the noted <noun>`: what an earlier `Note the <noun>` recorded.
    case noted(String)
}
