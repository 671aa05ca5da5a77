import Foundation
import PubkyCrypto

/// An open backend database: the world-level view used by `simctl` (knobs, homeservers, inspection)
/// and, underneath, by `BackendClient`. One per process; not thread-safe.
public final class BackendStore {
    /// The database file.
    public let path: String
    let database: Database

    init(path: String, database: Database) {
        self.path = path
        self.database = database
    }

    /// Runs `work` and maps every failure to a `BackendError` (corruption → `databaseCorrupt`).
    func perform<T>(_ work: (Database) throws -> T) throws(BackendError) -> T {
        do { return try work(database) } catch { throw BackendError(error, path: path) }
    }

    // MARK: Knobs

    /// The current network conditions.
    public func knobs() throws(BackendError) -> BackendKnobs {
        try perform { database in
            try database.transaction(.deferred) { try BackendKnobs.load(database) }
        }
    }

    /// Replaces every knob.
    public func setKnobs(_ knobs: BackendKnobs) throws(BackendError) {
        try perform { database in try database.transaction(.immediate) { try knobs.save(database) } }
    }

    /// Changes some knobs atomically (other processes' concurrent changes are not lost) and returns the
    /// result.
    @discardableResult
    public func updateKnobs(
        _ change: (inout BackendKnobs) -> Void
    ) throws(BackendError)
        -> BackendKnobs
    {
        try perform { database in
            try database.transaction(.immediate) {
                var knobs = try BackendKnobs.load(database)
                change(&knobs)
                try knobs.save(database)
                return knobs
            }
        }
    }

    // MARK: Homeservers

    /// Every homeserver of the world, production and staging first.
    public func homeservers() throws(BackendError) -> [HomeserverSettings] {
        try perform { database in
            try database.query(
                "SELECT \(HomeserverSettings.columns) FROM homeservers ORDER BY created_at, pubky"
            ) {
                HomeserverSettings(row: $0)
            }
        }
    }

    /// Adds a homeserver; its key must be a valid z-base-32 public key not already in the world.
    public func addHomeserver(_ settings: HomeserverSettings, now: Date) throws(BackendError) {
        guard Keys.isPublicKey(settings.pubky) else {
            throw .invalidInput("\(settings.pubky) is not a valid z-base-32 public key")
        }
        try perform { database in
            try database.transaction(.immediate) {
                guard try HomeserverSettings.load(database, pubky: settings.pubky) == nil else {
                    throw BackendError.invalidInput("homeserver \(settings.pubky) already exists")
                }
                try settings.insert(database, now: now)
            }
        }
    }
}

extension BackendStore {
    // MARK: World actions

    /// Mints a fresh signup token valid on `homeserver` (the world action "issue a signup token").
    public func issueSignupToken(
        homeserver: String, issuer: String = "simctl", random: inout some RandomSource,
        now: Date
    ) throws(BackendError) -> String {
        try perform { database in
            try database.transaction(.immediate) {
                guard try HomeserverSettings.load(database, pubky: homeserver) != nil else {
                    throw BackendError.invalidInput("homeserver \(homeserver) is not part of this world")
                }
                return try SignupTokens.issue(
                    homeserver: homeserver, issuer: issuer, database, now: now.microseconds, random: &random)
            }
        }
    }

    /// Mines `count` regtest blocks; the first confirms every payment waiting in the mempool. Returns
    /// the new tip height.
    @discardableResult
    public func mineBlocks(_ count: Int) throws(BackendError) -> Int {
        try perform { database in try Ledger.mine(count, database) }
    }
}
