import PubkyProtocol

/// The homeservers Ring knows by name (spec/03 §7).
public enum RingHomeservers {
    public static let production = "8um71us3fyw6h8wbcxb5ar3rwusy1a6u49956ikzojg3gcwd1dty"
    public static let staging = "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"
    /// Staging: the simulator's Homegate and the catalogue's `HS` (spec/06 §0.1).
    public static let defaultHomeserver = staging

    /// `staging`, `production` or a bare z-base-32 key; nil for anything else.
    public static func resolve(_ text: String) -> String? {
        switch text.lowercased() {
        case "staging": return staging
        case "production": return production
        default: return PublicKey(z32: text)?.z32
        }
    }
}
