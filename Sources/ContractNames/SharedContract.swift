/// Constants of the shared-record contract (spec/01 §1), used by both apps and the tools.
public enum SharedContract {
    /// `kSecAttrService` of every shared record.
    public static let service = "pubky.shared.v1"
    /// The service Bitkit's automated tests use instead, so they never touch the real one.
    public static let unitTestService = "unit-tests.pubky.shared.v1"
    /// The team prefix of every access group of both apps.
    public static let teamPrefix = "KYH47R284B"
    /// The shared access group.
    public static let accessGroup = teamPrefix + ".pubky.shared"
    /// Pubky Ring's source app (owner prefix without the colon).
    public static let ringSourceApp = "app.pubkyring"
    /// Bitkit's source apps in the fixed order Ring recognises them (spec/01 §3 rule 5): mainnet,
    /// testnet and signet, regtest.
    public static let bitkitSourceApps = ["to.bitkit", "to.bitkit.tnet", "to.bitkit.dev"]
    /// Ring's private access group (assumed: team prefix plus bundle id).
    public static let ringPrivateGroup = teamPrefix + ".app.pubkyring"
    /// The prefix every Bitkit private group starts with (one group per network build).
    public static let bitkitPrivateGroupPrefix = teamPrefix + ".to.bitkit"

    /// `<sourceApp>:<pubky>`.
    public static func account(sourceApp: String, pubky: String) -> String { "\(sourceApp):\(pubky)" }

    /// The owner prefix of `account` among the known ones (exact match on `<prefix>:`), or nil.
    public static func owner(ofAccount account: String) -> String? {
        ([ringSourceApp] + bitkitSourceApps).first { account.hasPrefix($0 + ":") }
    }
}
