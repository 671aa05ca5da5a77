import IdentitySharing

/// A dashed offer card: a Bitkit record Ring does not list (spec/03 §4.1).
public struct RingOffer: Codable, Sendable, Equatable {
    public var pubky: String
    public var sourceApp: String
    /// `pubky #<N+1> (Bitkit)`, N = the entries Ring lists; every card carries the same number.
    public var name: String

    public var record: SharedIdentity { .init(pubky: pubky, sourceApp: sourceApp) }

    /// `filterUnadoptedExternal` (spec/01 §11): drops records whose pubky Ring already lists (owned
    /// or adopted), ignoring the source app.
    public static func filterUnadoptedExternal(_ records: [SharedIdentity], ringPubkys: Set<String>) -> [SharedIdentity]
    {
        records.filter { !ringPubkys.contains($0.pubky) }
    }
}
