import ContractNames
import Device
import Keychain
import PubkyCrypto

/// Pubky Ring's shared-record operations (spec/01 §11): the native layer, whose errors are
/// `Keychain error <status>`, and the application layer with its secret checks. Every query names
/// `synchronizable = false`.
public struct RingSharedPubky: Sendable {
    /// A Bitkit record Ring can offer or has adopted.
    public struct ExternalRecord: Sendable, Equatable, Codable {
        public var pubky: String
        public var sourceApp: String
        public init(pubky: String, sourceApp: String) {
            self.pubky = pubky
            self.sourceApp = sourceApp
        }
    }

    /// Errors of the native module (reject code `shared_pubky`) and of the secret checks.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case keychain(OSStatus)
        case missingOrMalformed
        case doesNotBelong
        case moduleUnavailable

        public var description: String {
            switch self {
            case .keychain(let status): return "Keychain error \(status.rawValue)"
            case .missingOrMalformed: return "Shared record is missing or malformed"
            case .doesNotBelong: return "Shared record does not belong to this pubky"
            case .moduleUnavailable: return "SharedPubky native module unavailable"
            }
        }
    }

    public let keychain: Keychain
    public let service: String

    public init(keychain: Keychain, service: String = SharedContract.service) {
        self.keychain = keychain
        self.service = service
    }

    private func query(account: String? = nil) -> KeychainQuery {
        KeychainQuery(service: service, account: account, accessGroup: SharedContract.accessGroup, synchronizable: .no)
    }

    private static func ownAccount(_ pubky: String) -> String {
        SharedContract.account(sourceApp: SharedContract.ringSourceApp, pubky: pubky)
    }

    // MARK: Native layer

    /// Bitkit records in keychain order: for each account the first of `to.bitkit:`,
    /// `to.bitkit.tnet:`, `to.bitkit.dev:` that prefixes it. Not-found is an empty list.
    public func listExternal() throws(Failure) -> [ExternalRecord] {
        let result = keychain.copyMatching(query(), limit: .all, returnData: false)
        if result.status == .itemNotFound { return [] }
        guard result.status == .success else { throw .keychain(result.status) }
        return result.items.compactMap { item in
            for source in SharedContract.bitkitSourceApps where item.account.hasPrefix(source + ":") {
                return ExternalRecord(pubky: String(item.account.dropFirst(source.count + 1)), sourceApp: source)
            }
            return nil
        }
    }

    /// The raw string stored for `<sourceApp>:<pubky>`: "" when absent or undecodable; no validation.
    public func getExternalSecret(pubky: String, sourceApp: String) throws(Failure) -> String {
        let account = SharedContract.account(sourceApp: sourceApp, pubky: pubky)
        let result = keychain.copyMatching(query(account: account), limit: .one, returnData: true)
        if result.status == .itemNotFound { return "" }
        guard result.status == .success else { throw .keychain(result.status) }
        return result.items.first.flatMap { String(validating: $0.data, as: UTF8.self) } ?? ""
    }

    /// Publishes Ring's record: delete (status ignored), then add. Not atomic: `between` runs while
    /// the record is absent, which is where the other app can interleave.
    public func setOwned(pubky: String, secretKey: String, between: () -> Void = {}) throws(Failure) {
        _ = keychain.delete(query(account: Self.ownAccount(pubky)))
        between()
        let status = keychain.add(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: service, account: Self.ownAccount(pubky),
                data: Array(secretKey.utf8), accessibility: .whenUnlockedThisDeviceOnly, synchronizable: false))
        guard status == .success else { throw .keychain(status) }
    }

    /// Deletes Ring's record for `pubky`; success and not-found are both fine.
    public func removeOwned(pubky: String) throws(Failure) {
        let status = keychain.delete(query(account: Self.ownAccount(pubky)))
        guard status == .success || status == .itemNotFound else { throw .keychain(status) }
    }

    /// Deletes every `app.pubkyring:` record, continuing after failures; throws the last failing
    /// status (other than not-found). Never touches `to.bitkit*:` records.
    public func removeAllOwned(between: (String) -> Void = { _ in }) throws(Failure) {
        let result = keychain.copyMatching(query(), limit: .all, returnData: false)
        if result.status == .itemNotFound { return }
        guard result.status == .success else { throw .keychain(result.status) }
        var lastFailure: OSStatus?
        let prefix = SharedContract.ringSourceApp + ":"
        for account in result.items.map(\.account) where account.hasPrefix(prefix) {
            between(account)
            let status = keychain.delete(query(account: account))
            if status != .success && status != .itemNotFound { lastFailure = status }
        }
        if let lastFailure { throw .keychain(lastFailure) }
    }

    // MARK: Application layer

    /// The validated secret of an adopted Bitkit pubky (spec/01 §4, Ring's check).
    public func getExternalSecretKey(pubky: String, sourceApp: String) throws(Failure) -> String {
        let secret = try getExternalSecret(pubky: pubky, sourceApp: sourceApp)
        guard Hex.isSecret(secret) else { throw .missingOrMalformed }
        guard let pair = Ed25519KeyPair(secretHex: secret), pair.pubky == pubky else { throw .doesNotBelong }
        return secret
    }

    /// Drops records whose pubky Ring already lists (owned or adopted), ignoring the source app.
    public static func filterUnadoptedExternal(_ records: [ExternalRecord], ringPubkys: Set<String>) -> [ExternalRecord]
    {
        records.filter { !ringPubkys.contains($0.pubky) }
    }
}
