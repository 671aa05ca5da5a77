/// How an app learns of the other app's pubkys, reads one secret just in time, and offers and
/// withdraws its own: the one seam between app behaviour and the platform that carries it (an
/// iOS keychain access group, Android content providers). Every answer is a meaning — found,
/// definitely absent, unknown — never a status code or a cursor, and every call reports one
/// `SharingEvent`.
public protocol IdentitySharing: Sendable {
    /// The rules that differ by platform.
    var policy: SharingPolicy { get }
    /// This app's owner prefix (`app.pubkyring`, or the Bitkit build's flavour).
    var ownSourceApp: String { get }

    /// The other app's shared identities, in the platform's order, unvalidated.
    func listPeers() -> SharingListing
    /// The secret of one of the other app's identities, read now and checked against its pubky.
    func readSecret(_ identity: SharedIdentity) -> SecretRead
    /// Whether the other app still shares `identity` (no secret crosses).
    func presence(of identity: SharedIdentity) -> Presence
    /// Makes this app's own identity visible to the other app. `between` runs inside the call
    /// where the platform's write is not one step (iOS Ring: between its delete and its add).
    func offer(pubky: String, secret: String, between: () -> Void) -> SharingWrite
    /// Stops sharing one of this app's own identities.
    func withdraw(pubky: String) -> SharingWrite
    /// Stops sharing every identity of this app (and only this app's); `before` runs before each
    /// single withdrawal.
    func withdrawAll(before: (SharedIdentity) -> Void) -> Withdrawal
}
