/// Ring's five native calls one at a time, as `ring-sim keychain …` makes them: the keychain
/// group's on iOS (spec/01 §11), its `SharedPubky` module over content providers on Android
/// (spec/07 §3, §5). Failures are the platform's own messages, as the JavaScript layer sees them.
public protocol RingNativeCalls: Sendable {
    /// `listExternal()`: Bitkit's records, or why the call rejected.
    func listExternal() -> Result<[SharedIdentity], NativeCallFailure>
    /// `getExternalSecret`, then Ring's check of what it returned (spec/01 §4).
    func externalSecret(_ identity: SharedIdentity) -> ExternalSecret
    /// `setOwned`: publish Ring's record (on iOS delete then add, passing
    /// `ring.setOwned.between-delete-and-add` between the two).
    func setOwned(pubky: String, secret: String) -> SharingWrite
    /// `removeOwned`: not-found counts as done.
    func removeOwned(pubky: String) -> SharingWrite
    /// `removeAllOwned`: every record of Ring's (on iOS passing `ring.removeAllOwned.before-delete`
    /// before each delete); the last failure.
    func removeAllOwned() -> SharingWrite
}

/// Why a native call rejected, in the platform's words.
public struct NativeCallFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// What `getExternalSecret` answered and what Ring's check made of it.
public enum ExternalSecret: Sendable, Equatable {
    /// The call itself rejected.
    case failed(NativeCallFailure)
    /// The call returned `raw`; the check found the secret, or failed with its message.
    case returned(raw: String, checked: Result<String, NativeCallFailure>)
}
