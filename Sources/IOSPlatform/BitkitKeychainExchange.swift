import ContractNames
import IdentitySharing
import Keychain
import PubkyCrypto

/// Bitkit's side of the shared keychain group (spec/01 §10): every query names class, service and
/// access group (and the account when it targets one record), and each call reports one
/// `SharingEvent` after the keychain calls it made.
public struct BitkitKeychainExchange: IdentitySharing {
    public let keychain: Keychain
    /// This build's owner prefix (`to.bitkit`, `to.bitkit.tnet` or `to.bitkit.dev`).
    public let ownSourceApp: String
    public let service: String
    private let report: SharingReport
    /// False for the named defect `no-derivation-check`: any 64-character hex secret is accepted.
    public var checksDerivation = true
    /// False for the named defect `choice-lists-bitkit-records`: every owned record is listed.
    public var listsOnlyRing = true

    public var policy: SharingPolicy { .iOS }

    public init(
        keychain: Keychain, ownSourceApp: String, service: String = SharedContract.service,
        report: @escaping SharingReport = { _ in }
    ) {
        self.keychain = keychain
        self.ownSourceApp = ownSourceApp
        self.service = service
        self.report = report
    }

    private func query(account: String? = nil) -> KeychainQuery {
        KeychainQuery(service: service, account: account, accessGroup: SharedContract.accessGroup)
    }

    private func event(
        _ op: SharingOp, record: String? = nil, records: [String]? = nil, _ result: SharingResult,
        _ detail: String? = nil
    ) {
        report(SharingEvent(op: op, peer: "ring", record: record, records: records, result: result, detail: detail))
    }

    private static func reason(_ status: OSStatus) -> String { "status \(status.rawValue)" }

    // MARK: The seam

    /// Ring's pubkys: every account starting `app.pubkyring:`, prefix removed, in keychain order, no
    /// validation, no de-duplication. Not-found is an empty listing; any other failure is unknown
    /// (which Bitkit shows as an empty list, spec/01 §9).
    public func listPeers() -> SharingListing {
        let result = keychain.copyMatching(query(), limit: .all, returnData: false)
        let listing: SharingListing
        switch result.status {
        case .success:
            let prefix = SharedContract.ringSourceApp + ":"
            listing = .listed(
                result.items.compactMap {
                    if $0.account.hasPrefix(prefix) {
                        return SharedIdentity(
                            pubky: String($0.account.dropFirst(prefix.count)), sourceApp: SharedContract.ringSourceApp)
                    }
                    guard !listsOnlyRing, let owner = SharedContract.owner(ofAccount: $0.account) else { return nil }
                    return SharedIdentity(pubky: String($0.account.dropFirst(owner.count + 1)), sourceApp: owner)
                })
        case .itemNotFound: listing = .listed([])
        default: listing = .unknown(Self.reason(result.status))
        }
        switch listing {
        case .listed(let identities): event(.list, records: identities.map(\.record), .listed)
        case .unknown(let reason): event(.list, .unknown, reason)
        }
        return listing
    }

    /// The secret of `<sourceApp>:<pubky>` with Bitkit's checks (spec/01 §4, §10 `readSecret`):
    /// absent only for not-found; unreadable, malformed or another key's secret is unknown.
    public func readSecret(_ identity: SharedIdentity) -> SecretRead {
        let read = secret(of: identity)
        report(.credential(peer: "ring", record: identity.record, read))
        return read
    }

    private func secret(of identity: SharedIdentity) -> SecretRead {
        let result = keychain.copyMatching(query(account: identity.record), limit: .one, returnData: true)
        if result.status == .itemNotFound { return .absent }
        guard result.status == .success else {
            return .unknown("failed to load the shared record (\(Self.reason(result.status)))")
        }
        guard let item = result.items.first, !item.data.isEmpty,
            let text = String(validating: item.data, as: UTF8.self), Hex.isSecret(text)
        else { return .unknown("the shared record is not a 64-character lowercase hex secret") }
        if !checksDerivation { return .found(text) }
        // A derivation failure counts as a mismatch.
        guard let pair = Ed25519KeyPair(secretHex: text), pair.pubky == identity.pubky else {
            return .unknown("the shared record holds another key's secret")
        }
        return .found(text)
    }

    /// `isDefinitelyMissing` as a meaning: absent only when the keychain answers errSecItemNotFound
    /// for the exact account.
    public func presence(of identity: SharedIdentity) -> Presence {
        let status = keychain.copyMatching(query(account: identity.record), limit: .one, returnData: false).status
        let presence: Presence
        switch status {
        case .success: presence = .present
        case .itemNotFound: presence = .absent
        default: presence = .unknown(Self.reason(status))
        }
        switch presence {
        case .present: event(.presence, record: identity.record, .found)
        case .absent: event(.presence, record: identity.record, .absent)
        case .unknown(let reason): event(.presence, record: identity.record, .unknown, reason)
        }
        return presence
    }

    public func offer(pubky: String, secret: String, between: () -> Void) -> SharingWrite {
        let status = publishOwn(pubky: pubky, secretHex: secret)
        return status == .success ? .done : .failed(Self.reason(status))
    }

    public func withdraw(pubky: String) -> SharingWrite {
        let status = removeOwn(pubky: pubky)
        return status == .success || status == .itemNotFound ? .done : .failed(Self.reason(status))
    }

    public func withdrawAll(before: (SharedIdentity) -> Void) -> Withdrawal {
        let result = keychain.copyMatching(query(), limit: .all, returnData: false)
        guard result.status == .success else {
            // Nothing is deleted when the enumeration fails (spec/01 §10).
            let reason = result.status == .itemNotFound ? nil : Self.reason(result.status)
            event(.withdrawAll, records: [], reason == nil ? .done : .failed, reason)
            return Withdrawal(tried: [], failure: reason)
        }
        let prefix = ownSourceApp + ":"
        let accounts = result.items.map(\.account).filter { $0.hasPrefix(prefix) }
        var removed: [String] = []
        var failure: String?
        for account in accounts {
            before(SharedIdentity(pubky: String(account.dropFirst(prefix.count)), sourceApp: ownSourceApp))
            let status = keychain.delete(query(account: account))
            if status == .success {
                removed.append(account)
            } else if status != .itemNotFound {
                failure = Self.reason(status)
            }
        }
        event(.withdrawAll, records: removed, failure == nil ? .done : .failed, failure)
        return Withdrawal(
            tried: accounts.map { SharedIdentity(pubky: String($0.dropFirst(prefix.count)), sourceApp: ownSourceApp) },
            failure: failure)
    }

    // MARK: The calls of spec/01 §10 with their statuses (`bitkit-sim keychain …`)

    /// Publishes this build's record for `pubky`: add, or on a duplicate update the data only.
    /// Failures are returned for logging, never thrown.
    @discardableResult
    public func publishOwn(pubky: String, secretHex: String) -> OSStatus {
        let account = SharedContract.account(sourceApp: ownSourceApp, pubky: pubky)
        let data = Array(secretHex.utf8)
        var status = keychain.add(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: service, account: account, data: data,
                accessibility: .whenUnlockedThisDeviceOnly, synchronizable: false))
        if status == .duplicateItem { status = keychain.update(query(account: account), data: data) }
        if status == .success {
            event(.offer, record: account, records: [account], .done)
        } else {
            event(.offer, record: account, records: [], .failed, Self.reason(status))
        }
        return status
    }

    /// Deletes this build's record for `pubky`; the status is only informative.
    @discardableResult
    public func removeOwn(pubky: String) -> OSStatus {
        let account = SharedContract.account(sourceApp: ownSourceApp, pubky: pubky)
        let status = keychain.delete(query(account: account))
        switch status {
        case .success: event(.withdraw, record: account, records: [account], .done)
        case .itemNotFound: event(.withdraw, record: account, records: [], .done)
        default: event(.withdraw, record: account, records: [], .failed, Self.reason(status))
        }
        return status
    }
}
