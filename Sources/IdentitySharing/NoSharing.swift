/// A build without identity sharing (Bitkit from before the shared keychain): it has no code for
/// it, so it lists nothing, reads nothing, writes nothing and reports nothing.
public struct NoSharing: IdentitySharing {
    public let ownSourceApp: String
    public let policy: SharingPolicy

    /// `policy` is the platform's: the build runs on it even without sharing code.
    public init(ownSourceApp: String, policy: SharingPolicy) {
        self.ownSourceApp = ownSourceApp
        self.policy = policy
    }

    static let reason = "this build does not share identities"

    public func listPeers() -> SharingListing { .listed([]) }
    public func readSecret(_ identity: SharedIdentity) -> SecretRead { .unknown(Self.reason) }
    public func presence(of identity: SharedIdentity) -> Presence { .unknown(Self.reason) }
    public func offer(pubky: String, secret: String, between: () -> Void) -> SharingWrite { .done }
    public func withdraw(pubky: String) -> SharingWrite { .done }
    public func withdrawAll(before: (SharedIdentity) -> Void) -> Withdrawal { Withdrawal(tried: []) }
}
