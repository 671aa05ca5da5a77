import Keychain

/// Bitkit's shared-record calls one at a time, as `bitkit-sim keychain …` makes them (spec/01 §10;
/// spec/07 §4): the reads go through the platform's seam, answered even for a build that never makes
/// them itself; the writes exist where the platform publishes explicitly (iOS), and are refused, with
/// the platform's reason, where it does not (Android's provider serves the stored key live).
public protocol BitkitNativeCalls: Sendable {
    /// The reads (`listRingIdentities`, `loadSecret`, `isDefinitelyMissing`).
    var reads: any IdentitySharing { get }
    /// The prefix this build writes its own records under.
    var ownSourceApp: String { get }
    /// `publishOwnSharedRecord`: add, or update the data on a duplicate; the keychain's status.
    func publishOwn(pubky: String, secretHex: String) -> Result<OSStatus, NativeCallRefusal>
    /// `removeOwnSharedRecord`: the keychain's status (ignored by the app).
    func removeOwn(pubky: String) -> Result<OSStatus, NativeCallRefusal>
    /// `removeAllOwn()`, passing `bitkit.removeAllOwn.before-delete` before each delete.
    func removeAllOwn() -> Result<Withdrawal, NativeCallRefusal>
}

/// A call the platform does not have: the rest of the sentence after the command's name, e.g.
/// "writes the iOS shared group; on Android …".
public struct NativeCallRefusal: Error, Sendable, Equatable {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }
}
