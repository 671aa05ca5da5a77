import Foundation
import PubkyProtocol

/// The `/pub/` storage of a homeserver (spec/04 §7): public reads, session-authorised writes.
extension Homeserver {
    // MARK: Storage

    /// `PUT /pub/…`: needs a session whose capabilities cover the path for writing.
    func put(user: String, secret: String, path: String, data: [UInt8]) throws -> Answer<Void> {
        try serve { settings in
            try database.transaction(.immediate) {
                try validateFilePath(path)
                try authorize(user: user, secret: secret, path: path)
                guard data.count <= settings.maxFileBytes else {
                    throw http(
                        413,
                        "Payload too large: \(data.count) bytes exceeds the \(settings.maxFileBytes)-byte limit"
                    )
                }
                let previous =
                    try database.queryFirst(
                        "SELECT length(data) FROM storage WHERE homeserver = ?1 AND pubky = ?2 AND path = ?3",
                        [.text(key), .text(user), .text(path)]
                    ) { $0.int(0) } ?? 0
                let used =
                    try database.queryFirst(
                        "SELECT used_bytes FROM accounts WHERE homeserver = ?1 AND pubky = ?2",
                        [.text(key), .text(user)]
                    ) { $0.int(0) } ?? 0
                let total = used - previous + data.count
                guard total <= settings.quotaBytes else {
                    throw http(507, "Storage quota exceeded: \(settings.quotaBytes) bytes per user")
                }
                try database.run(
                    "INSERT INTO storage(homeserver, pubky, path, data, updated_at, updated_by) "
                        + "VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(homeserver, pubky, path) "
                        + "DO UPDATE SET data = ?4, updated_at = ?5, updated_by = ?6",
                    [.text(key), .text(user), .text(path), .blob(data), .integer(now), .text(exchange.app)])
                try setUsage(user: user, bytes: total)
            }
        }
    }

    /// `GET /pub/…`: public, no session needed. Missing → 404; the storage-read fault → 500.
    func get(user: String, path: String) throws -> Answer<[UInt8]> {
        try serve(read: true, user: user) { _ in
            try validateFilePath(path)
            let data = try database.queryFirst(
                "SELECT data FROM storage WHERE homeserver = ?1 AND pubky = ?2 AND path = ?3",
                [.text(key), .text(user), .text(path)]
            ) { $0.blob(0) }
            guard let data else { throw http(404, "Not Found") }
            return data
        }
    }

    /// `DELETE /pub/…`: needs write access; missing → 404.
    func delete(user: String, secret: String, path: String) throws -> Answer<Void> {
        try serve { _ in
            try database.transaction(.immediate) {
                try validateFilePath(path)
                try authorize(user: user, secret: secret, path: path)
                let size = try database.queryFirst(
                    "SELECT length(data) FROM storage WHERE homeserver = ?1 AND pubky = ?2 AND path = ?3",
                    [.text(key), .text(user), .text(path)]
                ) { $0.int(0) }
                guard let size else { throw http(404, "Not Found") }
                try database.run(
                    "DELETE FROM storage WHERE homeserver = ?1 AND pubky = ?2 AND path = ?3",
                    [.text(key), .text(user), .text(path)])
                try database.run(
                    "UPDATE accounts SET used_bytes = max(0, used_bytes - ?3) WHERE homeserver = ?1 AND pubky = ?2",
                    [.text(key), .text(user), .int(size)])
            }
        }
    }

    /// `GET /pub/…/` (a directory): `pubky://<user><path>` entries in path order after `cursor`, at
    /// most `limit`; `shallow` lists direct children only (sub-directories end in `/`).
    func list(user: String, directory: String, options: StorageListOptions) throws -> Answer<[String]> {
        try serve(read: true, user: user) { _ in
            guard Self.isDirectoryPath(directory) else { throw http(400, "Invalid path: \(directory)") }
            // Every path under the directory sorts in [directory, directory with its final "/" → "0").
            let upper = String(directory.dropLast()) + "0"
            var cursor = options.cursor.map { Self.path(ofEntry: $0, user: user) }
            if let current = cursor, !current.hasPrefix(directory) { cursor = nil }
            var sql =
                "SELECT path FROM storage WHERE homeserver = ?1 AND pubky = ?2 AND path >= ?3 AND path < ?4"
            var values: [SQLValue] = [.text(key), .text(user), .text(directory), .text(upper)]
            if let cursor {
                sql += options.reverse ? " AND path < ?5" : " AND path > ?5"
                values.append(.text(cursor))
            }
            sql += options.reverse ? " ORDER BY path DESC" : " ORDER BY path"
            let paths = try database.query(sql, values) { $0.text(0) }
            var entries: [String] = []
            var last: String?
            for path in paths {
                var entry = path
                if options.shallow, let slash = path.dropFirst(directory.count).firstIndex(of: "/") {
                    entry = String(path[...slash])
                }
                // A shallow cursor naming a directory skips that whole directory.
                if let cursor, cursor.hasSuffix("/"), entry == cursor { continue }
                if entry == last { continue }
                last = entry
                entries.append("pubky://\(user)\(entry)")
                if entries.count >= options.limit { break }
            }
            return entries
        }
    }

    /// A file path: under `/pub/`, not a directory, no empty, `.` or `..` segments, no control characters.
    private func validateFilePath(_ path: String) throws {
        guard Self.isFilePath(path) else { throw http(400, "Invalid path: \(path)") }
    }

    /// True for a path a file can be stored at.
    static func isFilePath(_ path: String) -> Bool {
        path.hasPrefix("/pub/") && !path.hasSuffix("/") && isCleanPath(path)
    }

    /// True for a directory path that can be listed.
    static func isDirectoryPath(_ path: String) -> Bool {
        path.hasPrefix("/pub/") && path.hasSuffix("/") && isCleanPath(path)
    }

    private static func isCleanPath(_ path: String) -> Bool {
        guard path.utf8.count <= 1024,
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
        else { return false }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let inner = path.hasSuffix("/") ? segments.dropLast() : segments[...]
        return !inner.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// The path of a listing entry or cursor given as a path or a `pubky://<user>/…` URI.
    private static func path(ofEntry entry: String, user: String) -> String {
        let prefix = "pubky://\(user)"
        return entry.hasPrefix(prefix) ? String(entry.dropFirst(prefix.count)) : entry
    }
}
