/// The simulated services of the outside world.
public enum BackendService: String, Codable, Sendable, CaseIterable {
    /// A homeserver: accounts, sessions and `/pub/` storage.
    case homeserver
    /// Homegate: hands out signup codes.
    case homegate
    /// The PKARR relays (`https://pkarr.pubky.app`, `https://pkarr.pubky.org`).
    case pkarrRelay = "pkarr-relay"
    /// The Mainline DHT holding PKARR records.
    case pkarrDHT = "pkarr-dht"
    /// The HTTP relay that carries AuthTokens of `pubkyauth://` flows.
    case httpRelay = "http-relay"
    /// The regtest chain and Lightning network of the Paykit journey.
    case ledger

    /// A short human name for messages.
    public var displayName: String {
        switch self {
        case .homeserver: return "homeserver"
        case .homegate: return "Homegate"
        case .pkarrRelay: return "PKARR relay"
        case .pkarrDHT: return "DHT"
        case .httpRelay: return "HTTP relay"
        case .ledger: return "ledger"
        }
    }
}
