import ContractNames
import IdentitySharing

/// An exported, read-only content provider (spec/07 §2, §3): the owning app's code, run for a
/// caller the package manager has let in.
public protocol ContentProvider: Sendable {
    /// Answers a query of `path`; `callerTrusted` is the per-call check that every package of the
    /// calling UID is same-signed with the provider's package.
    func query(path: String, callerTrusted: Bool) throws(ProviderException) -> ProviderAnswer
}

extension ContentProvider {
    /// The pubky of `v1/identities/<pubky>/credential`, nil for `v1/identities` and any other path
    /// (which both providers answer with a null cursor).
    static func credentialPubky(_ path: String) -> String? {
        let prefix = AndroidContract.pathIdentities + "/"
        let suffix = "/" + AndroidContract.pathCredential
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.count > prefix.count + suffix.count else {
            return nil
        }
        let pubky = String(path.dropFirst(prefix.count).dropLast(suffix.count))
        return pubky.contains("/") ? nil : pubky
    }
}
