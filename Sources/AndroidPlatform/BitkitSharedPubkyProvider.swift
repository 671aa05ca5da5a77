import ContractNames
import IdentitySharing
import PubkyCrypto

/// Bitkit's provider `<package>.sharedpubky` (spec/07 §2): it serves the wallet's own key, read
/// live from the private keychain at every query (never cached, no copy elsewhere), 0 or 1 rows.
public struct BitkitSharedPubkyProvider: ContentProvider {
    /// Why `PUBKY_SECRET_KEY` could not be loaded.
    public struct LoadFailure: Error, Sendable {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    /// Loads `PUBKY_SECRET_KEY` now: nil when absent.
    let loadSecretKey: @Sendable () throws(LoadFailure) -> String?
    /// Logs a line of the provider (`Served shared pubky '<redacted>'`).
    let log: @Sendable (String) -> Void

    public init(
        loadSecretKey: @escaping @Sendable () throws(LoadFailure) -> String?,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.loadSecretKey = loadSecretKey
        self.log = log
    }

    public func query(path: String, callerTrusted: Bool) throws(ProviderException) -> ProviderAnswer {
        guard callerTrusted else { throw .security(AndroidContract.bitkitCallerMismatch) }
        let requested = Self.credentialPubky(path)
        guard path == AndroidContract.pathIdentities || requested != nil else { return .null }
        let stored: String?
        do {
            stored = try loadSecretKey()
        } catch {
            return .null
        }
        // Absent, blank, not 64 lowercase hex as a whole, or not deriving: an empty cursor.
        guard let secret = stored, Hex.isSecret(secret), let pubky = Ed25519KeyPair(secretHex: secret)?.pubky else {
            return .rows([])
        }
        let served: ProviderRow
        if let requested {
            guard Self.bare(requested) == pubky else { return .rows([]) }
            served = ProviderRow([AndroidContract.columnPubky: pubky, AndroidContract.columnSecretKey: secret])
        } else {
            served = ProviderRow([AndroidContract.columnPubky: pubky])
        }
        log("Served shared pubky '<redacted>'")
        return .rows([served])
    }

    /// A pubky with its `pubky` prefix stripped, as the provider compares them.
    static func bare(_ pubky: String) -> String {
        pubky.count == 57 && pubky.hasPrefix("pubky") ? String(pubky.dropFirst(5)) : pubky
    }
}
