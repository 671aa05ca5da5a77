import Foundation
import PubkyProtocol

/// A follow as Bitkit's lookup left it (spec/09 §1.3): its profile, or none — then it is a
/// **placeholder** named by its truncated key, without bio or image — and when the lookup ran in its
/// lane, in seconds from the start of the set.
public struct FollowProfile: Codable, Sendable, Equatable {
    /// How the lookup ended.
    public enum Outcome: Codable, Sendable, Equatable {
        case found(ProfileSummary)
        /// No profile: both absent, an empty name, or a key without a homeserver record.
        case none
        /// A transport or server error, or a profile that cannot be used (malformed, over the limits).
        case failed(String)
        /// Cancelled at the lane's cap.
        case timedOut
    }

    /// The follow's bare key.
    public var pubky: String
    public var outcome: Outcome
    public var start: TimeInterval
    public var end: TimeInterval

    public init(pubky: String, outcome: Outcome, start: TimeInterval = 0, end: TimeInterval = 0) {
        self.pubky = pubky
        self.outcome = outcome
        self.start = start
        self.end = end
    }

    /// The profile found; nil makes the follow a placeholder.
    public var profile: ProfileSummary? {
        if case .found(let profile) = outcome { return profile }
        return nil
    }

    /// The name a preview shows: the profile's, or the placeholder's.
    public var name: String { profile?.name ?? Self.placeholderName(pubky) }

    /// A placeholder's name: the key truncated as spec/02 §11 does, in lowercase (`8auy...xnfy`).
    public static func placeholderName(_ pubky: String) -> String {
        PubkyKey.bitkitTruncated(pubky).lowercased()
    }
}
