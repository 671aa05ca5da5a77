/// One of the two phones a report draws side by side: Bitkit on the left, Pubky Ring on the right.
public enum Phone: String, Sendable, Equatable, Hashable, CaseIterable {
    case bitkit
    case ring

    /// The name a person knows the app by.
    public var displayName: String {
        switch self {
        case .bitkit: return "Bitkit"
        case .ring: return "Pubky Ring"
        }
    }
}
