import PubkyCrypto

extension BackendStore {
    /// A digest of every table's rows (tables by name, rows sorted): two worlds whose outside world
    /// holds the same data have the same digest, whatever the database file's layout. The explorer
    /// counts distinct end states with it.
    public func contentDigest() throws(BackendError) -> String {
        try perform { database in
            try database.transaction(.deferred) {
                var bytes: [UInt8] = []
                let tables = try database.query(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
                ) { $0.text(0) }
                for table in tables {
                    bytes += Array("\u{1}\(table)".utf8)
                    // Every row in a stable order, rowid tables and WITHOUT ROWID ones alike.
                    let rows = try database.query("SELECT * FROM \"\(table)\"") { row in
                        (0..<row.count).map { "\(row.value($0))" }.joined(separator: "\u{2}")
                    }
                    for row in rows.sorted() { bytes += Array("\u{3}\(row)".utf8) }
                }
                return Hex.encode(SHA256.hash(bytes))
            }
        }
    }
}
