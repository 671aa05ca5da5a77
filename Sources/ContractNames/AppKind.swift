/// The two apps of the simulated device.
public enum AppKind: String, Codable, Sendable, CaseIterable {
    case bitkit, ring

    /// The iOS bundle id: every Bitkit flavour is `to.bitkit` (spec/02 §1).
    public var bundleID: String {
        switch self {
        case .bitkit: return "to.bitkit"
        case .ring: return "app.pubkyring"
        }
    }

    /// The name shown in output.
    public var displayName: String {
        switch self {
        case .bitkit: return "Bitkit"
        case .ring: return "Pubky Ring"
        }
    }

    /// The folder name of the app's sandbox.
    public var sandboxName: String { bundleID }

    /// Parses `bitkit` / `ring` (and the bundle ids).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "bitkit", "to.bitkit": self = .bitkit
        case "ring", "pubkyring", "pubky-ring", "app.pubkyring": self = .ring
        default: return nil
        }
    }
}
