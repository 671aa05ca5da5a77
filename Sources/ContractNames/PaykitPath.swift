/// Where Paykit keeps its files on a homeserver (spec/04 §13, spec/05 §1): the one definition the
/// app, `simctl issuer` and the tests build their paths from.
public enum PaykitPath {
    /// The root of every Paykit path.
    public static let root = "/pub/paykit/v0/"
    /// Private data addressed to other pubkys: `/pub/paykit/v0/private/`.
    public static let privateData = root + "private/"
    /// Bitkit's own public endpoints: `/pub/paykit/v0/bitkit/wallet/endpoints/`.
    public static let bitkitWalletEndpoints = endpoints(receiverPath: "bitkit/wallet")
    /// The pubky.app follows folder Bitkit reads contacts from.
    public static let follows = "/pub/pubky.app/follows/"

    /// The public endpoints folder of a receiver path (`bitkit/server`, `bitkit/wallet`).
    public static func endpoints(receiverPath: String) -> String { root + receiverPath + "/endpoints/" }

    /// The file of one endpoint.
    public static func endpoint(receiverPath: String, identifier: String) -> String {
        endpoints(receiverPath: receiverPath) + identifier
    }

    /// The payment requests an issuer addresses to `recipient` (bare z-base-32).
    public static func requests(to recipient: String) -> String { privateData + recipient + "/requests/" }
}
