import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `open(2)` with O_EXCL, outside `Backend` whose `open(at:)` would shadow the C function.
private func createExclusively(_ path: String) -> Int32 {
    open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
}

/// Creates and opens the world's backend database (`<world>/.sim/backend.sqlite`).
public enum Backend {
    /// The schema version this build reads and writes.
    public static var schemaVersion: Int { Schema.currentVersion }

    /// Creates a new backend database at `path` with the default homeservers and knobs. Fails with
    /// `databaseExists` when any file is already there (it is never overwritten).
    public static func create(
        at path: String, now: Date
    ) throws(BackendError)
        -> BackendStore
    {
        // O_EXCL claims the path atomically, so two concurrent creators cannot both win.
        let descriptor = createExclusively(path)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw .databaseExists(path: path) }
            throw .cannotCreate(path: path, reason: String(cString: strerror(code)))
        }
        close(descriptor)
        do {
            let database = try Database(path: path, mode: .readWrite)
            try database.execute("PRAGMA journal_mode = WAL")
            try configure(database)
            try database.transaction(.immediate) {
                try database.execute("PRAGMA application_id = \(Schema.applicationID)")
                try Schema.migrate(database, from: 0)
                try seed(database, now: now)
            }
            return BackendStore(path: path, database: database)
        } catch {
            // Only the empty file this call created (and its WAL companions) are removed.
            for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
            throw .cannotCreate(path: path, reason: String(describing: error))
        }
    }

    /// Opens the existing backend database at `path`, migrating an older schema. Never creates or
    /// rewrites a file it does not recognise: a missing file is `databaseMissing`, anything that is not
    /// our database is `databaseCorrupt`, a newer schema is `schemaTooNew`.
    public static func open(at path: String) throws(BackendError) -> BackendStore {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .databaseMissing(path: path)
        }
        guard !isDirectory.boolValue else {
            throw .databaseCorrupt(path: path, reason: "it is a directory")
        }
        do {
            let database = try Database(path: path, mode: .readWrite)
            let (applicationID, version) = try database.transaction(.deferred) {
                try Schema.inspect(database)
            }
            guard applicationID == Schema.applicationID else {
                let reason =
                    applicationID == 0 && version == 0
                    ? "it is empty or not a simulator backend database"
                    : "it belongs to another program (application id \(applicationID))"
                throw BackendError.databaseCorrupt(path: path, reason: reason)
            }
            guard version <= Schema.currentVersion else {
                throw BackendError.schemaTooNew(
                    path: path, found: version, supported: Schema.currentVersion)
            }
            try configure(database)
            if version < Schema.currentVersion {
                try database.transaction(.immediate) {
                    // Another process may have migrated while we waited for the write lock.
                    let current = try Schema.inspect(database).version
                    try Schema.migrate(database, from: current)
                }
            }
            return BackendStore(path: path, database: database)
        } catch {
            throw BackendError(error, path: path)
        }
    }

    private static func configure(_ database: Database) throws {
        // WAL keeps readers and the single writer out of each other's way; NORMAL sync is durable
        // across process crashes, which is what the simulator's concurrency tests need.
        try database.execute("PRAGMA synchronous = NORMAL")
    }

    private static func seed(_ database: Database, now: Date) throws {
        for (key, name) in [
            (KnownHomeservers.production, "production"), (KnownHomeservers.staging, "staging"),
        ] {
            try HomeserverSettings(pubky: key, name: name).insert(database, now: now)
        }
        try BackendKnobs().save(database)
        try database.run(
            "INSERT INTO meta(key, value) VALUES('regtest_height', ?1)", [.int(Ledger.initialHeight)])
    }
}

extension BackendError {
    /// Maps any error of a database operation on `path` to a BackendError.
    init(_ error: any Error, path: String) {
        switch error {
        case let error as BackendError: self = error
        case let error as SQLiteError:
            switch error.kind {
            case .notADatabase: self = .databaseCorrupt(path: path, reason: "file is not a database")
            case .corrupt: self = .databaseCorrupt(path: path, reason: "database disk image is malformed")
            case .cannotOpen:
                self = .databaseCorrupt(path: path, reason: "unable to open: \(error.message)")
            default: self = .database(error)
            }
        default: self = .internalFailure(String(describing: error))
        }
    }
}

extension Date {
    /// Microseconds since the Unix epoch, the unit of every timestamp in the protocol and the database.
    var microseconds: Int64 { Int64((timeIntervalSince1970 * 1_000_000).rounded()) }

    init(microseconds: Int64) { self.init(timeIntervalSince1970: Double(microseconds) / 1_000_000) }
}
