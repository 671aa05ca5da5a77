/// A screen of Ring's navigation stack.
public enum RingRoute: Codable, Sendable, Equatable {
    case onboarding
    case home
    case detail(pubky: String)
    case settings
    /// The encrypted-file backup screen of an owned pubky (spec/03 §14).
    case backupFile(pubky: String)
    /// The recovery-phrase screen of an owned pubky.
    case recoveryPhrase(pubky: String)

    /// The `Screen.route` name.
    public var name: String {
        switch self {
        case .onboarding: return "onboarding"
        case .home: return "home"
        case .detail: return "detail"
        case .settings: return "settings"
        case .backupFile, .recoveryPhrase: return "backup"
        }
    }

    /// The pubky the screen is about, if any.
    public var pubky: String? {
        switch self {
        case .detail(let pubky), .backupFile(let pubky), .recoveryPhrase(let pubky): return pubky
        case .onboarding, .home, .settings: return nil
        }
    }
}
