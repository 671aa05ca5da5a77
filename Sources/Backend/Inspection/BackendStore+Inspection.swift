import Foundation
import PubkyCrypto
import PubkyProtocol

extension BackendStore {
    /// Homeservers, accounts and signup tokens.
    public func accounts() throws(BackendError) -> AccountsView {
        try perform { database in
            try database.transaction(.deferred) {
                let knobs = try BackendKnobs.load(database)
                let homeservers = try database.query(
                    "SELECT \(HomeserverSettings.columns), "
                        + "(SELECT count(*) FROM accounts a WHERE a.homeserver = h.pubky) "
                        + "FROM homeservers h ORDER BY created_at, pubky"
                ) { row in
                    let settings = HomeserverSettings(row: row)
                    return AccountsView.Homeserver(
                        pubky: settings.pubky, name: settings.name, signupMode: settings.signupMode,
                        maxFileBytes: settings.maxFileBytes, quotaBytes: settings.quotaBytes,
                        down: knobs.homeserversDown.contains(settings.pubky),
                        storageReadFault: knobs.storageReadFaults.contains(settings.pubky),
                        accountCount: row.int(5))
                }
                let accounts = try database.query(
                    "SELECT homeserver, pubky, created_at, created_by, signup_token, used_bytes FROM accounts "
                        + "ORDER BY created_at, homeserver, pubky"
                ) {
                    AccountsView.Account(
                        homeserver: $0.text(0), pubky: $0.text(1), createdAt: Date(microseconds: $0.int64(2)),
                        createdBy: $0.text(3), signupToken: $0.optionalText(4), usedBytes: $0.int(5))
                }
                let tokens = try database.query(
                    "SELECT token, homeserver, issued_by, issued_at, used_by, used_at FROM signup_tokens "
                        + "ORDER BY issued_at, token"
                ) {
                    AccountsView.SignupToken(
                        token: $0.text(0), homeserver: $0.text(1), issuedBy: $0.text(2),
                        issuedAt: Date(microseconds: $0.int64(3)), usedBy: $0.optionalText(4),
                        usedAt: $0.optionalInt64(5).map(Date.init(microseconds:)))
                }
                return AccountsView(homeservers: homeservers, accounts: accounts, signupTokens: tokens)
            }
        }
    }

    /// Live sessions, optionally of one user only.
    public func sessions(pubky: String? = nil) throws(BackendError) -> [SessionRecord] {
        try perform { database in
            try database.query(
                "SELECT homeserver, pubky, secret, capabilities, user_agent, created_at FROM sessions "
                    + "WHERE ?1 IS NULL OR pubky = ?1 ORDER BY created_at, secret", [SQLValue(pubky)]
            ) {
                SessionRecord(
                    homeserver: $0.text(0), pubky: $0.text(1), cookie: "\($0.text(1))=\($0.text(2))",
                    capabilities: $0.text(3), userAgent: $0.text(4),
                    createdAt: Date(microseconds: $0.int64(5)))
            }
        }
    }

    /// Every packet in the relay and DHT stores, optionally of one user only.
    public func pkarrRecords(pubky: String? = nil) throws(BackendError) -> [PkarrStoreRecord] {
        try perform { database in
            try database.query(
                "SELECT store, pubky, timestamp, published_at, published_by, packet FROM pkarr_records "
                    + "WHERE ?1 IS NULL OR pubky = ?1 ORDER BY pubky, store", [SQLValue(pubky)]
            ) { row in
                let bytes = row.blob(5)
                let packet = try? PkarrPacket(encoded: bytes)
                return PkarrStoreRecord(
                    store: row.text(0), pubky: row.text(1), homeserver: packet?.homeserverTarget,
                    timestamp: UInt64(max(0, row.int64(2))), publishedAt: Date(microseconds: row.int64(3)),
                    publishedBy: row.text(4), valid: packet != nil, packetHex: Hex.encode(bytes))
            }
        }
    }

    /// Stored files, optionally of one user only, in path order.
    public func storage(pubky: String? = nil) throws(BackendError) -> [StorageRecord] {
        try perform { database in
            try database.query(
                "SELECT homeserver, pubky, path, length(data), updated_at, updated_by, "
                    + "CASE WHEN length(data) <= 4096 THEN data END FROM storage "
                    + "WHERE ?1 IS NULL OR pubky = ?1 ORDER BY pubky, homeserver, path", [SQLValue(pubky)]
            ) { row in
                StorageRecord(
                    homeserver: row.text(0), pubky: row.text(1), path: row.text(2), size: row.int(3),
                    updatedAt: Date(microseconds: row.int64(4)), updatedBy: row.text(5),
                    text: row.isNull(6) ? nil : String(validating: row.blob(6), as: UTF8.self))
            }
        }
    }

    /// Relay messages (decoded where the requester's secret is known) and requester requests; `now`
    /// decides which messages have expired.
    public func relay(now: Date) throws(BackendError) -> RelayView {
        try perform { database in
            try database.transaction(.deferred) {
                let oldest = now.microseconds - Int64(HTTPRelay.retention * 1_000_000)
                let messages = try database.query(
                    "SELECT m.channel, m.body, m.posted_at, m.posted_by, r.secret FROM relay_messages m "
                        + "LEFT JOIN auth_requests r ON r.channel = m.channel ORDER BY m.posted_at, m.channel"
                ) { row in
                    let body = row.blob(1)
                    let token =
                        row.isNull(4)
                        ? nil
                        : (try? RelayChannel.open(body, secret: row.blob(4))).flatMap {
                            try? AuthToken(bytes: $0)
                        }
                    return RelayView.Message(
                        channel: row.text(0), size: body.count, postedAt: Date(microseconds: row.int64(2)),
                        postedBy: row.text(3), expired: row.int64(2) < oldest, tokenPubky: token?.publicKey.z32,
                        tokenCapabilities: token?.capabilitiesText, tokenTimestamp: token?.timestamp)
                }
                let requests = try database.query(
                    "SELECT channel, link, intent, capabilities, homeserver, signup_token, created_at, created_by, "
                        + "approved_by, approved_at FROM auth_requests ORDER BY created_at, channel"
                ) {
                    RelayView.Request(
                        channel: $0.text(0), link: $0.text(1), intent: $0.text(2), capabilities: $0.text(3),
                        homeserver: $0.optionalText(4), signupToken: $0.optionalText(5),
                        createdAt: Date(microseconds: $0.int64(6)), createdBy: $0.text(7),
                        approvedBy: $0.optionalText(8),
                        approvedAt: $0.optionalInt64(9).map(Date.init(microseconds:)))
                }
                return RelayView(messages: messages, requests: requests)
            }
        }
    }

    /// The regtest tip and all payments.
    public func ledger() throws(BackendError) -> LedgerView {
        try perform { database in
            try database.transaction(.deferred) {
                LedgerView(
                    height: try Ledger.height(database), onchain: try Ledger.onchainPayments(database),
                    lightning: try Ledger.lightningPayments(database))
            }
        }
    }
}
