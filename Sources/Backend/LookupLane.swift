import Foundation

/// How a client runs a set of profile lookups together: at most `width` at once, each cut off `cap`
/// seconds after it obtained its slot (nil: never). Bitkit's two lanes are spec/09 §1.5's.
public struct LookupLane: Codable, Sendable, Equatable {
    /// How many lookups run at once.
    public var width: Int
    /// How long one lookup may take from when it obtained a slot; nil for no limit.
    public var cap: TimeInterval?

    /// A lane; `width` below 1 counts as 1.
    public init(width: Int, cap: TimeInterval?) {
        self.width = max(1, width)
        self.cap = cap
    }

    /// The contact-import preview's lookups: at most 6 at once, 10 s each from when it gets a slot.
    public static let interactive = LookupLane(width: 6, cap: 10)
    /// The Contacts list's background refresh: at most 4 at once, no limit.
    public static let bulk = LookupLane(width: 4, cap: nil)
}
