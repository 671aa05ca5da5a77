/// Ring's persisted app store (the sandbox document `store`, deleted on uninstall): onboarding,
/// the ordered pubky map and settings. Secrets never live here.
public struct RingStore: Codable, Sendable, Equatable {
    public static let document = "store"

    public var onboarded: Bool
    /// Display order = map order.
    public var entries: [PubkyEntry]

    public init(onboarded: Bool = false, entries: [PubkyEntry] = []) {
        self.onboarded = onboarded
        self.entries = entries
    }

    /// The index of `pubky`'s entry.
    public func index(of pubky: String) -> Int? { entries.firstIndex { $0.pubky == pubky } }

    /// The entry of `pubky`.
    public func entry(_ pubky: String) -> PubkyEntry? { index(of: pubky).map { entries[$0] } }

    /// The entry a CLI reference names: a key, a name, a display name or `#N`.
    public func entry(reference: String) -> PubkyEntry? {
        RingReferences.entry(reference, in: entries).flatMap { entry($0) }
    }

    /// Every pubky Ring lists, owned or adopted.
    public var pubkys: Set<String> { Set(entries.map(\.pubky)) }
}
