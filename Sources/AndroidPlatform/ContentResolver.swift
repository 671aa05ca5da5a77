import ContractNames
import IdentitySharing
import PubkyCrypto

/// The calling app's view of the package manager and content resolver (spec/07 §1.3–§1.4): which
/// package an authority resolves to, whether it is same-signed, the system's permission check, and
/// the call itself, which runs the owning app's provider code. Each query is journalled (`record`)
/// and passes a scheduling point (`pass`) after the system's checks, before the provider runs.
public struct ContentResolver: Sendable {
    /// An installed package as the package manager knows it.
    public struct Package: Sendable {
        public var name: String
        public var certificate: String
        /// The provider it exports, nil when it exports none.
        public var provider: (any ContentProvider)?

        public init(name: String, certificate: String, provider: (any ContentProvider)?) {
            self.name = name
            self.certificate = certificate
            self.provider = provider
        }
    }

    /// A fault armed on one provider path (`simctl provider fault`).
    public enum Fault: Sendable, Equatable {
        case nullCursor
        case exception(String)
    }

    /// One provider call, as the journal records it.
    public struct Call: Sendable, Equatable {
        public var authority: String
        public var path: String
        public var caller: String
        public var provider: String?
        /// `rows`, `empty`, `null` or `exception`.
        public var outcome: String
        public var pubkys: [String]
        public var count: Int
        public var message: String?
        /// The caller's certificate and the provider package's (nil when none resolved): the
        /// journal keeps both so the audit can check that rows only reach same-signed callers.
        public var callerCertificate: String
        public var providerCertificate: String?
        /// For credential rows served: whether every row's `secret_key` derives its pubky; nil when
        /// no row carried a secret. Bookkeeping for the audit, which must never see the secret.
        public var derives: Bool?
    }

    /// The calling package and its certificate.
    public let caller: Package
    /// The package whose provider owns `authority`, nil when none is installed (or not visible).
    let resolve: @Sendable (String) -> Package?
    /// Whether the caller holds `permission` (the system grants a signature permission only to a
    /// same-signed app; a grant can be revoked).
    let granted: @Sendable (_ permission: String, _ owner: Package) -> Bool
    let fault: @Sendable (_ authority: String, _ path: String) -> Fault?
    let pass: @Sendable (_ authority: String, _ path: String, _ provider: String) -> Void
    let record: @Sendable (Call) -> Void

    public init(
        caller: Package, resolve: @escaping @Sendable (String) -> Package?,
        granted: @escaping @Sendable (String, Package) -> Bool,
        fault: @escaping @Sendable (String, String) -> Fault? = { _, _ in nil },
        pass: @escaping @Sendable (String, String, String) -> Void = { _, _, _ in },
        record: @escaping @Sendable (Call) -> Void = { _ in }
    ) {
        self.caller = caller
        self.resolve = resolve
        self.granted = granted
        self.fault = fault
        self.pass = pass
        self.record = record
    }

    /// The resolver of `caller` under the system's grant rule (spec/07 §1.4): a signature permission
    /// is granted only to a caller signed with the owner's certificate, and only while `revoked` does
    /// not say the caller lost it (a world switch). A world's device and a phone in memory both
    /// build their resolvers here, so the rule is one.
    public init(
        caller: Package, resolve: @escaping @Sendable (String) -> Package?,
        revoked: @escaping @Sendable (_ permission: String) -> Bool,
        fault: @escaping @Sendable (String, String) -> Fault? = { _, _ in nil },
        pass: @escaping @Sendable (String, String, String) -> Void = { _, _, _ in },
        record: @escaping @Sendable (Call) -> Void = { _ in }
    ) {
        self.init(
            caller: caller, resolve: resolve,
            granted: { permission, owner in owner.certificate == caller.certificate && !revoked(permission) },
            fault: fault, pass: pass, record: record)
    }

    /// `resolveContentProvider(authority)` names `package` and that package is same-signed with the
    /// caller: the client's trust check before any query (spec/07 §4, §5).
    public func isTrusted(_ authority: String, package: String) -> Bool {
        guard let owner = resolve(authority), owner.name == package, owner.provider != nil else { return false }
        return owner.certificate == caller.certificate
    }

    /// `ContentResolver.query(content://<authority>/<path>)`: null when nothing resolves; the
    /// system's `SecurityException` without the permission; then the provider's own answer.
    public func query(_ authority: String, _ path: String) throws(ProviderException) -> ProviderAnswer {
        guard let owner = resolve(authority), let provider = owner.provider else {
            record(call(authority, path, provider: nil, outcome: "null"))
            return .null
        }
        do throws(ProviderException) {
            let permission = AndroidContract.permission(of: owner.name)
            guard granted(permission, owner) else {
                throw ProviderException.security(
                    AndroidContract.permissionDenial(authority: authority, permission: permission))
            }
            // Mid-call: the Binder transaction is under way; the provider has not read its store yet.
            pass(authority, path, owner.name)
            let answer: ProviderAnswer
            switch fault(authority, path) {
            case .nullCursor?: answer = .null
            case .exception(let message)?: throw ProviderException("RuntimeException", message)
            case nil: answer = try provider.query(path: path, callerTrusted: owner.certificate == caller.certificate)
            }
            switch answer {
            case .null:
                record(call(authority, path, provider: owner, outcome: "null"))
            case .rows(let rows):
                var served = call(authority, path, provider: owner, outcome: rows.isEmpty ? "empty" : "rows")
                served.pubkys = rows.compactMap { $0[AndroidContract.columnPubky] }
                served.count = rows.count
                served.derives = Self.derives(rows)
                record(served)
            }
            return answer
        } catch {
            var failed = call(authority, path, provider: owner, outcome: "exception")
            failed.message = "\(error.kind): \(error.message)"
            record(failed)
            throw error
        }
    }

    /// A call of this caller without rows yet.
    private func call(_ authority: String, _ path: String, provider: Package?, outcome: String) -> Call {
        Call(
            authority: authority, path: path, caller: caller.name, provider: provider?.name, outcome: outcome,
            pubkys: [], count: 0, message: nil, callerCertificate: caller.certificate,
            providerCertificate: provider?.certificate, derives: nil)
    }

    /// Whether every row holding a `secret_key` holds 64 lowercase hex deriving the row's pubky
    /// (bare or `pubky`-prefixed, as Bitkit's `isValidSecret` compares); nil when none holds one.
    static func derives(_ rows: [ProviderRow]) -> Bool? {
        let credentials = rows.filter { $0[AndroidContract.columnSecretKey] != nil }
        guard !credentials.isEmpty else { return nil }
        return credentials.allSatisfy { row in
            guard let secret = row[AndroidContract.columnSecretKey], Hex.isSecret(secret),
                let derived = Ed25519KeyPair(secretHex: secret)?.pubky, let pubky = row[AndroidContract.columnPubky]
            else { return false }
            return derived == BitkitSharedPubkyProvider.bare(pubky)
        }
    }
}
