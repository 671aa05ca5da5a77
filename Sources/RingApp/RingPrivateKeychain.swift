import ContractNames
import Keychain

/// Ring's private keychain group `KYH47R284B.app.pubkyring` (spec/01 §12, spec/03 §2.1): one item per
/// owned pubky (service = bare pubky) and one per homeserver session
/// (`pubky-session:<pubky>:<sessionId>`), all `AfterFirstUnlock` and non-synchronizable. The account
/// repeats the service (assumed).
public struct RingPrivateKeychain: RingPrivateStore {
    public static let group = SharedContract.ringPrivateGroup
    /// The prefix of every session item's service.
    public static let sessionPrefix = "pubky-session:"

    public let keychain: Keychain

    public init(keychain: Keychain) { self.keychain = keychain }

    /// The service of a session item.
    public static func sessionService(pubky: String, sessionID: String) -> String {
        "\(sessionPrefix)\(pubky):\(sessionID)"
    }

    /// Writes the secret of `pubky`, replacing an existing value.
    public func saveSecret(_ secret: RingStoredSecret, pubky: String) throws(RingStoreError) {
        try write(service: pubky, data: secret.encoded)
    }

    /// The stored secret of `pubky`, nil when there is none. A legacy hex value is migrated to JSON.
    public func loadSecret(pubky: String) throws(RingStoreError) -> RingStoredSecret? {
        let result = keychain.copyMatching(query(service: pubky), limit: .one, returnData: true)
        if result.status == .itemNotFound { return nil }
        guard result.status == .success, let item = result.items.first else { throw .status(result.status.rawValue) }
        guard let (secret, legacy) = RingStoredSecret.decode(item.data) else { throw .malformedSecret }
        if legacy { _ = keychain.update(query(service: pubky), data: secret.encoded) }
        return secret
    }

    /// Deletes the secret of `pubky`; a missing item is fine.
    public func deleteSecret(pubky: String) throws(RingStoreError) {
        try delete(service: pubky)
    }

    /// Stores a session secret (the exported `<pubky>:<secret>` string).
    public func saveSession(pubky: String, sessionID: String, exported: String) throws(RingStoreError) {
        try write(service: Self.sessionService(pubky: pubky, sessionID: sessionID), data: Array(exported.utf8))
    }

    /// Deletes every `pubky-session:<pubky>:*` item, continuing after failures; throws the last one.
    public func deleteSessions(pubky: String) throws(RingStoreError) {
        try deleteSessions(pubkys: [pubky])
    }

    /// Deletes the session items of every pubky in `pubkys` with one enumeration.
    public func deleteSessions(pubkys: Set<String>) throws(RingStoreError) {
        var failure: RingStoreError?
        for service in try services() where service.hasPrefix(Self.sessionPrefix) {
            let rest = service.dropFirst(Self.sessionPrefix.count)
            guard let colon = rest.firstIndex(of: ":"), pubkys.contains(String(rest[..<colon])) else { continue }
            do throws(RingStoreError) { try delete(service: service) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Every service present in the private group, in keychain order.
    public func services() throws(RingStoreError) -> [String] {
        let result = keychain.copyMatching(
            KeychainQuery(accessGroup: Self.group, synchronizable: .no), limit: .all, returnData: false)
        if result.status == .itemNotFound { return [] }
        guard result.status == .success else { throw .status(result.status.rawValue) }
        return result.items.map(\.service)
    }

    /// The keychain reset of a wipe: deletes every private item one by one, skipping the service
    /// `pubky.shared.v1` entirely (spec/03 §9 step 2). Continues after failures; throws the last one.
    public func reset() throws(RingStoreError) {
        let result = keychain.copyMatching(
            KeychainQuery(accessGroup: Self.group, synchronizable: .no), limit: .all, returnData: false)
        if result.status == .itemNotFound { return }
        guard result.status == .success else { throw .status(result.status.rawValue) }
        var failure: RingStoreError?
        for item in result.items where item.service != SharedContract.service {
            let status = keychain.delete(
                KeychainQuery(
                    service: item.service, account: item.account, accessGroup: Self.group, synchronizable: .no))
            if status != .success && status != .itemNotFound { failure = .status(status.rawValue) }
        }
        if let failure { throw failure }
    }

    private func query(service: String) -> KeychainQuery {
        KeychainQuery(service: service, account: service, accessGroup: Self.group, synchronizable: .no)
    }

    private func write(service: String, data: [UInt8]) throws(RingStoreError) {
        let status = keychain.add(
            NewKeychainItem(
                accessGroup: Self.group, service: service, account: service, data: data,
                accessibility: .afterFirstUnlock, synchronizable: false))
        if status == .success { return }
        guard status == .duplicateItem else { throw .status(status.rawValue) }
        let updated = keychain.update(query(service: service), data: data)
        guard updated == .success else { throw .status(updated.rawValue) }
    }

    private func delete(service: String) throws(RingStoreError) {
        let status = keychain.delete(query(service: service))
        guard status == .success || status == .itemNotFound else { throw .status(status.rawValue) }
    }
}
