import Foundation
import PubkyProtocol

/// The contact import Bitkit prepared after an adoption (spec/09 §2.1): the adopted identity, its
/// profile's name and its follows sorted by name, each with the name the import saves it under. It
/// lives in app memory only: a kill drops it.
public struct ContactImportPreview: Codable, Sendable, Equatable {
    /// One follow of the preview.
    public struct Follow: Codable, Sendable, Equatable {
        /// The bare key as listed (an alias stays as spelled).
        public var pubky: String
        /// The profile's name, or the placeholder's truncated key.
        public var name: String

        public init(pubky: String, name: String) {
            self.pubky = pubky
            self.name = name
        }
    }

    /// The adopted identity's bare key: the owner of the contacts the import saves.
    public var owner: String
    /// The adopted identity's profile name (the overview's profile row).
    public var profileName: String
    /// In preview order: by name, case-insensitive, digits first.
    public var follows: [Follow]
    /// The follows checked on the selection screen, in preview order (all on entry, spec/09 §2.3).
    public var selected: [String]

    public init(owner: String, profileName: String, follows: [Follow]) {
        self.owner = owner
        self.profileName = profileName
        self.follows = follows.sorted(by: Self.previewOrder)
        self.selected = self.follows.map(\.pubky)
    }

    /// The overview's summary: the string has no singular form (`1 friends`, spec/09 §2.2).
    public var summary: String { "\(follows.count) friends" }

    /// The selection footer.
    public var selectedSummary: String { "\(selected.count) selected" }

    /// The follows the selection keeps, in preview order.
    public var selectedFollows: [Follow] { follows.filter { selected.contains($0.pubky) } }

    /// Names compared case-insensitively (digits sort before letters); the key breaks a tie.
    static func previewOrder(_ lhs: Follow, _ rhs: Follow) -> Bool {
        let left = lhs.name.lowercased()
        let right = rhs.name.lowercased()
        return left == right ? lhs.pubky < rhs.pubky : left < right
    }
}

/// The profiles Bitkit looked up this session (spec/09 §2.4–2.5), each stamped with the device
/// clock; they belong to one identity and one session generation, so a sign-out, a wipe or another
/// identity's activation leaves them unused.
public struct SessionProfiles: Codable, Sendable, Equatable {
    /// A profile found, and when.
    public struct Entry: Codable, Sendable, Equatable {
        public var profile: ProfileSummary
        public var stamp: Date

        public init(profile: ProfileSummary, stamp: Date) {
            self.profile = profile
            self.stamp = stamp
        }
    }

    /// How long a session profile keeps a contact from being looked up again (spec/09 §2.5.3).
    public static let freshness: TimeInterval = 600

    /// The identity (`pubky<z32>`) and session generation the profiles were found for.
    public var owner: String
    public var generation: Int
    public var entries: [String: Entry]

    public init(owner: String, generation: Int, entries: [String: Entry] = [:]) {
        self.owner = owner
        self.generation = generation
        self.entries = entries
    }

    /// Whether `pubky` has a profile younger than ten minutes at `now`.
    public func isFresh(_ pubky: String, at now: Date) -> Bool {
        guard let entry = entries[pubky] else { return false }
        return now.timeIntervalSince(entry.stamp) < Self.freshness
    }
}

/// Add Contact as a contact link opened it (spec/09 §4.4): the key and the looked-up name.
public struct AddContactDraft: Codable, Sendable, Equatable {
    /// Bare key.
    public var pubky: String
    /// The profile's name, or the placeholder's.
    public var name: String

    public init(pubky: String, name: String) {
        self.pubky = pubky
        self.name = name
    }
}
