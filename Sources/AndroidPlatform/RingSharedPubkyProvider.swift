import ContractNames
import IdentitySharing

/// Ring's provider `app.pubkyring.sharedpubky` (spec/07 §3): one row per `shared_pubky` entry (even
/// one that no longer decrypts), and the credential of an entry that exists and decrypts; nothing
/// validated.
public struct RingSharedPubkyProvider: ContentProvider {
    let store: SharedPubkyStore

    public init(store: SharedPubkyStore) { self.store = store }

    public func query(path: String, callerTrusted: Bool) throws(ProviderException) -> ProviderAnswer {
        guard callerTrusted else { throw .security(AndroidContract.ringCallerMismatch) }
        let entries: [SharedPubkyStore.Entry]
        do {
            entries = try store.entries()
        } catch {
            throw ProviderException("IllegalStateException", error.message)
        }
        if path == AndroidContract.pathIdentities {
            return .rows(entries.map { ProviderRow([AndroidContract.columnPubky: $0.pubky]) })
        }
        guard let pubky = Self.credentialPubky(path) else { return .null }
        guard let entry = entries.last(where: { $0.pubky == pubky }), let secret = store.decrypt(entry.value) else {
            return .rows([])
        }
        return .rows([ProviderRow([AndroidContract.columnPubky: pubky, AndroidContract.columnSecretKey: secret])])
    }
}
