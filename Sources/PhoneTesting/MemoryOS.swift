import ContractNames
import IdentitySharing

/// What differs by platform on a phone in memory: the apps' real exchanges and how Bitkit's key
/// becomes visible to Ring. One implementation per platform (`MemoryIOS`, `MemoryAndroid`), chosen
/// once when a `MemoryPhone` is made, as `PlatformOS` chooses a world's `PhoneOS`.
protocol MemoryOS: Sendable {
    /// The platform, taken from the real OS it borrows its facts from.
    var platform: Platform { get }
    var policy: SharingPolicy { get }
    /// Bitkit's real exchange as the build of `package` makes it.
    func bitkit(package: String) -> any IdentitySharing
    /// Ring's real exchange.
    func ring() -> any IdentitySharing
    /// Bitkit `package` makes `secret`'s pubky visible to Ring, as that app does on this platform.
    func bitkitShares(pubky: String, secret: String, package: String)
    /// Bitkit `package` stops making its key visible.
    func bitkitStopsSharing(package: String)
    /// `app` loses its access to the other app's records (a missing entitlement or grant).
    func revokeAccess(of app: AppKind)
    /// Installs (or re-signs) `package` with `certificate`.
    func install(_ package: String, certificate: String)
    /// What the other app could read now, `<owner>:<pubky>` → the secret it would get, read past
    /// every app (the inspector's `SK` view).
    var sharedRecords: [String: String] { get }
}
