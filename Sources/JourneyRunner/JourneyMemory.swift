import AppSupport
import Journeys

/// What a journey remembers from one action to the next (spec/08 §2.4.3, §2.4.7): its referents as
/// identities to re-find on the current screen, what was noted, the snapshots it took, what its last
/// confirmed deletion removed.
struct JourneyMemory {
    /// A row or element as a referent keeps it: its ids, the key it stands for, what it showed.
    struct Identity: Sendable, Equatable {
        var app: JourneyApp
        var id: String
        var testTag: String?
        var key: String?
        var caption: String?
        var title: String?

        init(app: JourneyApp, element: ShownElement, key: String?) {
            self.app = app
            id = element.id
            testTag = element.testTag
            self.key = key
            caption = element.caption
            title = element.title
        }

        /// Whether `element` (standing for `key`) is this identity: same id, unless the id is shared
        /// (Android's `PubkyChoiceIdentity`), then same key or caption.
        func matches(_ element: ShownElement, key elementKey: String?) -> Bool {
            guard element.id == id else { return false }
            if let own = self.key, let elementKey { return own == elementKey }
            if let caption, element.caption != nil { return caption == element.caption }
            return true
        }
    }

    /// A screen recorded by `Take a snapshot` (its Targets leave disabled elements out) with the
    /// process states of its moment.
    struct Snapshot {
        var app: JourneyApp
        var screen: Screen
        var bitkitState: [String: Any]?
        var kinds: [String]
    }

    /// What the last deletion removed: the profile's (or pubky's) name, key and caption.
    struct Deleted: Sendable, Equatable {
        var what: String
        var name: String?
        var key: String?
        var caption: String?
    }

    /// `it`, `that row`, `its`: what the last step or condition named.
    var focus: [Identity] = []
    /// `the tapped row`.
    var lastTap: Identity?
    /// `them`, `those rows`.
    var lastPlural: [Identity] = []
    var deleted: Deleted?
    var snapshots: [Snapshot] = []
    /// `Note the <noun>`: the noted value by noun.
    var notes: [String: String] = [:]

    /// Remembers what a step named: the focus, and the plural when several.
    mutating func named(_ identities: [Identity]) {
        guard !identities.isEmpty else { return }
        focus = identities
        if identities.count > 1 { lastPlural = identities }
    }

    /// The noted value whose noun is `noun`, or ends like it (`the noted name` after `Note the row's name`).
    func noted(_ noun: String) -> String? {
        let wanted = noun.lowercased()
        if let exact = notes[wanted] { return exact }
        return notes.first { $0.key.hasSuffix(wanted) || wanted.hasSuffix($0.key) }?.value
    }
}
