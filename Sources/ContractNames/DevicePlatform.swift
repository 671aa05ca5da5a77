/// The phone platform a world simulates (spec/07 §0): both apps follow it for the world's lifetime.
/// On iOS they share identities through one keychain access group; on Android through each owner's
/// content provider.
public enum DevicePlatform: String, Codable, Sendable, CaseIterable {
    case ios, android

    /// The name shown in output.
    public var displayName: String {
        switch self {
        case .ios: return "iOS"
        case .android: return "Android"
        }
    }
}
