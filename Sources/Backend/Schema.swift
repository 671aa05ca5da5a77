/// The versioned schema of `backend.sqlite`. `PRAGMA application_id` marks the file as ours and
/// `PRAGMA user_version` holds the schema version; migration `n` takes version `n` to `n + 1`.
enum Schema {
    /// `PUBK` in ASCII: tells our database apart from any other sqlite file.
    static let applicationID: Int64 = 0x5055_424B

    /// The schema version this build writes.
    static var currentVersion: Int { migrations.count }

    /// Migration scripts, oldest first. Never edit a released entry; append a new one.
    static let migrations: [String] = [
        // 0 → 1: the initial world.
        """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE knobs(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE homeservers(
            pubky TEXT PRIMARY KEY, name TEXT NOT NULL, signup_mode TEXT NOT NULL,
            max_file_bytes INTEGER NOT NULL, quota_bytes INTEGER NOT NULL, created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE accounts(
            homeserver TEXT NOT NULL, pubky TEXT NOT NULL, created_at INTEGER NOT NULL, signup_token TEXT,
            created_by TEXT NOT NULL, used_bytes INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(homeserver, pubky)
        ) WITHOUT ROWID;
        CREATE TABLE signup_tokens(
            token TEXT PRIMARY KEY, homeserver TEXT NOT NULL, issued_by TEXT NOT NULL,
            issued_at INTEGER NOT NULL, used_by TEXT, used_at INTEGER
        ) WITHOUT ROWID;
        CREATE TABLE sessions(
            secret TEXT PRIMARY KEY, homeserver TEXT NOT NULL, pubky TEXT NOT NULL,
            capabilities TEXT NOT NULL, user_agent TEXT NOT NULL, created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX sessions_by_user ON sessions(homeserver, pubky);
        CREATE TABLE used_auth_tokens(
            homeserver TEXT NOT NULL, pubky TEXT NOT NULL, timestamp INTEGER NOT NULL,
            PRIMARY KEY(homeserver, pubky, timestamp)
        ) WITHOUT ROWID;
        CREATE TABLE token_clock(pubky TEXT PRIMARY KEY, last INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE storage(
            homeserver TEXT NOT NULL, pubky TEXT NOT NULL, path TEXT NOT NULL, data BLOB NOT NULL,
            updated_at INTEGER NOT NULL, updated_by TEXT NOT NULL, PRIMARY KEY(homeserver, pubky, path)
        ) WITHOUT ROWID;
        CREATE TABLE pkarr_records(
            store TEXT NOT NULL, pubky TEXT NOT NULL, timestamp INTEGER NOT NULL, packet BLOB NOT NULL,
            published_at INTEGER NOT NULL, published_by TEXT NOT NULL, PRIMARY KEY(store, pubky)
        ) WITHOUT ROWID;
        CREATE TABLE relay_messages(
            channel TEXT PRIMARY KEY, body BLOB NOT NULL, posted_at INTEGER NOT NULL, posted_by TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE auth_requests(
            channel TEXT PRIMARY KEY, link TEXT NOT NULL, secret BLOB NOT NULL, capabilities TEXT NOT NULL,
            relay TEXT NOT NULL, intent TEXT NOT NULL, homeserver TEXT, signup_token TEXT,
            created_at INTEGER NOT NULL, created_by TEXT NOT NULL,
            approved_by TEXT, approved_capabilities TEXT, approved_at INTEGER, token BLOB
        ) WITHOUT ROWID;
        CREATE TABLE onchain_payments(
            txid TEXT PRIMARY KEY, address TEXT NOT NULL, amount_sat INTEGER NOT NULL, network TEXT NOT NULL,
            block_height INTEGER, payer TEXT NOT NULL, created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE lightning_payments(
            payment_hash TEXT PRIMARY KEY, invoice TEXT NOT NULL, amount_msat INTEGER NOT NULL,
            preimage TEXT, payer TEXT NOT NULL, created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        """
    ]

    /// Reads the file's identity and version without changing anything.
    static func inspect(_ database: Database) throws -> (applicationID: Int64, version: Int) {
        let id = try database.queryFirst("PRAGMA application_id") { $0.int64(0) } ?? 0
        let version = try database.queryFirst("PRAGMA user_version") { $0.int(0) } ?? 0
        return (id, version)
    }

    /// Brings a database at `version` up to `target` inside the caller's transaction.
    static func migrate(
        _ database: Database, from version: Int, to target: Int = currentVersion,
        using scripts: [String] = migrations
    ) throws {
        guard version < target else { return }
        for step in version..<target { try database.execute(scripts[step]) }
        try database.execute("PRAGMA user_version = \(target)")
    }
}
