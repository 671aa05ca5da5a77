import ContractNames
import IdentitySharing
import Keychain
import PubkyCrypto

/// Pubky Ring's side of the shared keychain group (spec/01 §11): the native calls, whose errors are
/// `Keychain error <status>`, and the application layer's secret check. Every query names
/// `synchronizable = false`; each call reports one `SharingEvent` after its keychain calls.
public struct RingKeychainExchange: IdentitySharing {
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
    private let report: SharingReport
    /// False for the named defect `ring-wipe-removes-bitkit-records`: removing all owned records
    /// deletes every record of the group.
    public var removesOnlyOwn = true

    public var policy: SharingPolicy { .iOS }
    public var ownSourceApp: String { SharedContract.ringSourceApp }

    public init(
        keychain: Keychain, service: String = SharedContract.service, report: @escaping SharingReport = { _ in }
    ) {
        self.keychain = keychain
        self.service = service
        self.report = report
    }

    private func query(account: String? = nil) -> KeychainQuery {
        KeychainQuery(service: service, account: account, accessGroup: SharedContract.accessGroup, synchronizable: .no)
    }

    private static func ownAccount(_ pubky: String) -> String {
        SharedContract.account(sourceApp: SharedContract.ringSourceApp, pubky: pubky)
    }

    private func event(
        _ op: SharingOp, record: String? = nil, records: [String]? = nil, _ result: SharingResult,
        _ detail: String? = nil
    ) {
        report(SharingEvent(op: op, peer: "bitkit", record: record, records: records, result: result, detail: detail))
    }

    // MARK: The seam

    public func listPeers() -> SharingListing {
        do throws(Failure) {
            return .listed(try listExternal())
        } catch {
            return .unknown(error.description)
        }
    }

    /// `getExternalSecretKey` as a meaning: absent when the record is not there; any other failure
    /// (unreadable, malformed, another key's secret) is unknown, with the native message.
    public func readSecret(_ identity: SharedIdentity) -> SecretRead {
        let (status, raw) = rawSecret(identity)
        let read: SecretRead
        switch Self.checked(status: status, raw: raw, pubky: identity.pubky) {
        case .success(let secret): read = .found(secret)
        case .failure where status == .itemNotFound: read = .absent
        case .failure(let failure): read = .unknown(failure.description)
        }
        reportCredential(identity.record, read)
        return read
    }

    /// Ring never asks whether one record is there; a single-account lookup answers the same way.
    public func presence(of identity: SharedIdentity) -> Presence {
        let status = keychain.copyMatching(query(account: identity.record), limit: .one, returnData: false).status
        switch status {
        case .success:
            event(.presence, record: identity.record, .found)
            return .present
        case .itemNotFound:
            event(.presence, record: identity.record, .absent)
            return .absent
        default:
            let reason = Failure.keychain(status).description
            event(.presence, record: identity.record, .unknown, reason)
            return .unknown(reason)
        }
    }

    public func offer(pubky: String, secret: String, between: () -> Void) -> SharingWrite {
        do throws(Failure) {
            try setOwned(pubky: pubky, secretKey: secret, between: between)
            return .done
        } catch {
            return .failed(error.description)
        }
    }

    public func withdraw(pubky: String) -> SharingWrite {
        do throws(Failure) {
            try removeOwned(pubky: pubky)
            return .done
        } catch {
            return .failed(error.description)
        }
    }

    public func withdrawAll(before: (SharedIdentity) -> Void) -> Withdrawal {
        var tried: [SharedIdentity] = []
        do throws(Failure) {
            try removeAllOwned { account in
                let identity = SharedIdentity(
                    pubky: String(account.dropFirst(SharedContract.ringSourceApp.count + 1)),
                    sourceApp: SharedContract.ringSourceApp)
                tried.append(identity)
                before(identity)
            }
            return Withdrawal(tried: tried)
        } catch {
            return Withdrawal(tried: tried, failure: error.description)
        }
    }

    // MARK: Native layer (spec/01 §11; `ring-sim keychain …`)

    /// Bitkit records in keychain order: for each account the first of `to.bitkit:`,
    /// `to.bitkit.tnet:`, `to.bitkit.dev:` that prefixes it. Not-found is an empty list.
    public func listExternal() throws(Failure) -> [SharedIdentity] {
        let result = keychain.copyMatching(query(), limit: .all, returnData: false)
        if result.status == .itemNotFound {
            event(.list, records: [], .listed)
            return []
        }
        guard result.status == .success else {
            event(.list, .unknown, Failure.keychain(result.status).description)
            throw .keychain(result.status)
        }
        let records = result.items.compactMap { item -> SharedIdentity? in
            for source in SharedContract.bitkitSourceApps where item.account.hasPrefix(source + ":") {
                return SharedIdentity(pubky: String(item.account.dropFirst(source.count + 1)), sourceApp: source)
            }
            return nil
        }
        event(.list, records: records.map(\.record), .listed)
        return records
    }

    /// The raw string stored for `<sourceApp>:<pubky>`: "" when absent or undecodable; no validation.
    public func getExternalSecret(pubky: String, sourceApp: String) throws(Failure) -> String {
        let identity = SharedIdentity(pubky: pubky, sourceApp: sourceApp)
        let (status, raw) = rawSecret(identity)
        switch status {
        case .success:
            event(
                .credential, record: identity.record, raw.isEmpty ? .unknown : .found,
                raw.isEmpty ? Failure.missingOrMalformed.description : nil)
        case .itemNotFound: event(.credential, record: identity.record, .absent)
        default: event(.credential, record: identity.record, .unknown, Failure.keychain(status).description)
        }
        guard status == .success || status == .itemNotFound else { throw .keychain(status) }
        return raw
    }

    /// The validated secret of an adopted Bitkit pubky (spec/01 §4, Ring's check).
    public func getExternalSecretKey(pubky: String, sourceApp: String) throws(Failure) -> String {
        let identity = SharedIdentity(pubky: pubky, sourceApp: sourceApp)
        let (status, raw) = rawSecret(identity)
        let checked = Self.checked(status: status, raw: raw, pubky: pubky)
        switch checked {
        case .success(let secret): reportCredential(identity.record, .found(secret))
        case .failure where status == .itemNotFound: reportCredential(identity.record, .absent)
        case .failure(let failure): reportCredential(identity.record, .unknown(failure.description))
        }
        return try checked.get()
    }

    /// Publishes Ring's record: delete (status ignored), then add. Not atomic: `between` runs while
    /// the record is absent, which is where the other app can interleave.
    public func setOwned(pubky: String, secretKey: String, between: () -> Void = {}) throws(Failure) {
        let account = Self.ownAccount(pubky)
        _ = keychain.delete(query(account: account))
        between()
        let status = keychain.add(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: service, account: account,
                data: Array(secretKey.utf8), accessibility: .whenUnlockedThisDeviceOnly, synchronizable: false))
        guard status == .success else {
            event(.offer, record: account, records: [], .failed, Failure.keychain(status).description)
            throw .keychain(status)
        }
        event(.offer, record: account, records: [account], .done)
    }

    /// Deletes Ring's record for `pubky`; success and not-found are both fine.
    public func removeOwned(pubky: String) throws(Failure) {
        let account = Self.ownAccount(pubky)
        let status = keychain.delete(query(account: account))
        switch status {
        case .success: event(.withdraw, record: account, records: [account], .done)
        case .itemNotFound: event(.withdraw, record: account, records: [], .done)
        default:
            event(.withdraw, record: account, records: [], .failed, Failure.keychain(status).description)
            throw .keychain(status)
        }
    }

    /// Deletes every `app.pubkyring:` record, continuing after failures; throws the last failing
    /// status (other than not-found). Never touches `to.bitkit*:` records.
    public func removeAllOwned(between: (String) -> Void = { _ in }) throws(Failure) {
        let result = keychain.copyMatching(query(), limit: .all, returnData: false)
        if result.status == .itemNotFound {
            event(.withdrawAll, records: [], .done)
            return
        }
        guard result.status == .success else {
            event(.withdrawAll, records: [], .failed, Failure.keychain(result.status).description)
            throw .keychain(result.status)
        }
        var lastFailure: OSStatus?
        var removed: [String] = []
        let prefix = SharedContract.ringSourceApp + ":"
        for account in result.items.map(\.account) where account.hasPrefix(prefix) || !removesOnlyOwn {
            between(account)
            let status = keychain.delete(query(account: account))
            if status == .success { removed.append(account) }
            if status != .success && status != .itemNotFound { lastFailure = status }
        }
        if let lastFailure {
            event(.withdrawAll, records: removed, .failed, Failure.keychain(lastFailure).description)
            throw .keychain(lastFailure)
        }
        event(.withdrawAll, records: removed, .done)
    }

    // MARK: Reading

    private func rawSecret(_ identity: SharedIdentity) -> (OSStatus, String) {
        let result = keychain.copyMatching(query(account: identity.record), limit: .one, returnData: true)
        guard result.status == .success else { return (result.status, "") }
        return (result.status, result.items.first.flatMap { String(validating: $0.data, as: UTF8.self) } ?? "")
    }

    /// Ring's check of spec/01 §4 on a native read.
    private static func checked(status: OSStatus, raw: String, pubky: String) -> Result<String, Failure> {
        guard status == .success || status == .itemNotFound else { return .failure(.keychain(status)) }
        guard Hex.isSecret(raw) else { return .failure(.missingOrMalformed) }
        guard let pair = Ed25519KeyPair(secretHex: raw), pair.pubky == pubky else { return .failure(.doesNotBelong) }
        return .success(raw)
    }

    private func reportCredential(_ record: String, _ read: SecretRead) {
        report(.credential(peer: "bitkit", record: record, read))
    }
}
