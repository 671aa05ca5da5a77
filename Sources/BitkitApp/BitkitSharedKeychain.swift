import ContractNames
import Device
import Keychain
import PubkyCrypto

/// Bitkit's record operations on the shared group, exactly as spec/01 §10 lists them. Every query
/// names class, service and access group (and the account when it targets one record).
public struct BitkitSharedKeychain: Sendable {
    /// Why `readSecret` could not produce a secret although the record may exist.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        /// The keychain answered with a status other than success or not-found.
        case failedToLoad(OSStatus)
        /// The record holds no data, non-UTF-8 data, or not 64 lowercase hex characters.
        case malformed

        public var description: String {
            switch self {
            case .failedToLoad(let status): return "failed to load the shared record (status \(status.rawValue))"
            case .malformed: return "the shared record is not a 64-character lowercase hex secret"
            }
        }
    }

    public let keychain: Keychain
    /// This build's owner prefix (`to.bitkit`, `to.bitkit.tnet` or `to.bitkit.dev`).
    public let ownSourceApp: String
    public let service: String
    /// False for a build from before the shared keychain (`AppBuild.preSharedKeys`): it has no code
    /// for the group, so nothing here touches the keychain — it lists nothing, reads nothing, writes
    /// and deletes nothing.
    public let enabled: Bool

    public init(
        keychain: Keychain, ownSourceApp: String, service: String = SharedContract.service, enabled: Bool = true
    ) {
        self.keychain = keychain
        self.ownSourceApp = ownSourceApp
        self.service = service
        self.enabled = enabled
    }

    private func query(account: String? = nil) -> KeychainQuery {
        KeychainQuery(service: service, account: account, accessGroup: SharedContract.accessGroup)
    }

    /// Ring's pubkys: every account starting `app.pubkyring:`, prefix removed, in keychain order, no
    /// validation, no de-duplication. Any failure (including not-found) is an empty list.
    public func list() -> [String] {
        guard enabled else { return [] }
        let result = keychain.copyMatching(query(), limit: .all, returnData: false)
        guard result.status == .success else { return [] }
        let prefix = SharedContract.ringSourceApp + ":"
        return result.items.compactMap {
            $0.account.hasPrefix(prefix) ? String($0.account.dropFirst(prefix.count)) : nil
        }
    }

    /// The secret of `<sourceApp>:<pubky>`, or nil when it is absent, unreadable or invalid.
    public func loadSecret(sourceApp: String, pubky: String) -> String? {
        (try? readSecret(sourceApp: sourceApp, pubky: pubky)) ?? nil
    }

    /// The secret when valid; nil when absent (-25300) or when it derives another pubky; throws when
    /// the record cannot be read or is malformed (spec/01 §4, §10).
    public func readSecret(sourceApp: String, pubky: String) throws -> String? {
        guard enabled else { return nil }
        let account = SharedContract.account(sourceApp: sourceApp, pubky: pubky)
        let result = keychain.copyMatching(query(account: account), limit: .one, returnData: true)
        if result.status == .itemNotFound { return nil }
        guard result.status == .success else { throw ReadError.failedToLoad(result.status) }
        guard let item = result.items.first, !item.data.isEmpty,
            let text = String(validating: item.data, as: UTF8.self), Hex.isSecret(text)
        else { throw ReadError.malformed }
        // A derivation failure counts as a mismatch.
        guard let pair = Ed25519KeyPair(secretHex: text), pair.pubky == pubky else { return nil }
        return text
    }

    /// True only when the keychain answers errSecItemNotFound for the account.
    public func isDefinitelyMissing(sourceApp: String, pubky: String) -> Bool {
        guard enabled else { return false }
        let account = SharedContract.account(sourceApp: sourceApp, pubky: pubky)
        return keychain.copyMatching(query(account: account), limit: .one, returnData: false).status == .itemNotFound
    }

    /// Publishes this build's record for `pubky`: add, or on a duplicate update the data only.
    /// Failures are returned for logging, never thrown.
    @discardableResult
    public func publishOwn(pubky: String, secretHex: String) -> OSStatus {
        guard enabled else { return .success }
        let account = SharedContract.account(sourceApp: ownSourceApp, pubky: pubky)
        let data = Array(secretHex.utf8)
        let added = keychain.add(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: service, account: account, data: data,
                accessibility: .whenUnlockedThisDeviceOnly, synchronizable: false))
        guard added == .duplicateItem else { return added }
        return keychain.update(query(account: account), data: data)
    }

    /// Deletes this build's record for `pubky`; the status is only informative.
    @discardableResult
    public func removeOwn(pubky: String) -> OSStatus {
        guard enabled else { return .success }
        return keychain.delete(query(account: SharedContract.account(sourceApp: ownSourceApp, pubky: pubky)))
    }

    /// Deletes every record with this build's exact prefix, one account at a time. If the
    /// enumeration fails nothing is deleted. Returns the accounts it tried to delete.
    @discardableResult
    public func removeAllOwn(between: (String) -> Void = { _ in }) -> [String] {
        guard enabled else { return [] }
        let result = keychain.copyMatching(query(), limit: .all, returnData: false)
        guard result.status == .success else { return [] }
        let prefix = ownSourceApp + ":"
        let accounts = result.items.map(\.account).filter { $0.hasPrefix(prefix) }
        for account in accounts {
            between(account)
            _ = keychain.delete(query(account: account))
        }
        return accounts
    }
}
