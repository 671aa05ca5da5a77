/// What a sharing call found or did, as the journal's `result` of a `sharing` event records it: the
/// meanings both platforms reduce to, never a status code or a cursor.
public enum SharingResult: String, Sendable, CaseIterable {
    /// A listing that succeeded (its records are the event's `records`, possibly none).
    case listed
    /// The identity or its secret is there (and the secret passed the reader's check).
    case found
    /// Definitely not there: the only answer a source-loss or prune decision may rest on.
    case absent
    /// Could not be told right now (locked, not entitled, malformed, a failing call): keep everything.
    case unknown
    /// A write or removal that took effect.
    case done
    /// A write or removal that did not (the reason is the event's `detail`).
    case failed
}
