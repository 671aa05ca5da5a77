import CSQLite
import Foundation

/// One sqlite connection. Statements are prepared once and cached; lock conflicts with other processes
/// are absorbed (busy timeout plus whole-transaction retry), so callers never see SQLITE_BUSY unless
/// the database stays locked for longer than `retryBudget`. Not thread-safe: one connection per thread.
public final class Database {
    /// How to open the file.
    public enum OpenMode: Sendable {
        /// Read and write an existing database; a missing file fails with `cannotOpen`.
        case readWrite
        /// Read and write, creating an empty database when the file does not exist.
        case readWriteCreate
        /// Read only.
        case readOnly
    }

    /// How a transaction takes its locks.
    public enum TransactionKind: Sendable {
        /// Takes a read snapshot on the first read; for read-only work.
        case deferred
        /// Takes the write lock at once, so a transaction that writes can never fail half-way with
        /// a lock upgrade conflict.
        case immediate
    }

    /// The database file.
    public let path: String
    /// How long lock conflicts are retried before they surface as an error.
    public var retryBudget: TimeInterval = 30
    private let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// Opens `path`; `busyTimeout` is how long sqlite itself waits on a lock before reporting it.
    public init(
        path: String, mode: OpenMode = .readWrite, busyTimeout: TimeInterval = 5
    )
        throws(SQLiteError)
    {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_close_v2(connection)
            throw SQLiteError(code: code, message: message, operation: "open \(path)")
        }
        self.path = path
        self.handle = connection
        sqlite3_busy_timeout(connection, Int32(busyTimeout * 1000))
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// True while an explicit transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The number of rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs a script of one or more statements without parameters (schema, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) }
            sqlite3_free(message)
            throw SQLiteError(
                code: sqlite3_extended_errcode(handle), message: text, operation: "execute \"\(sql)\"")
        }
    }

    /// The cached prepared statement for `sql`, compiling it on first use.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(connection: handle, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs one statement with `values` bound to `?1…`; returns the number of changed rows.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws -> Int {
        try retryingOutsideTransaction {
            let statement = try prepare(sql)
            defer { statement.reset() }
            try statement.bind(values)
            while try statement.step() {}
            return changes
        }
    }

    /// Runs a query and maps every row with `transform`.
    public func query<T>(
        _ sql: String, _ values: [SQLValue] = [], _ transform: (Row) throws -> T
    )
        throws -> [T]
    {
        try retryingOutsideTransaction {
            let statement = try prepare(sql)
            defer { statement.reset() }
            try statement.bind(values)
            var rows: [T] = []
            while try statement.step() { rows.append(try transform(Row(statement: statement))) }
            return rows
        }
    }

    /// Runs a query and maps its first row, or returns nil when there is none.
    public func queryFirst<T>(
        _ sql: String, _ values: [SQLValue] = [], _ transform: (Row) throws -> T
    ) throws -> T? {
        try retryingOutsideTransaction {
            let statement = try prepare(sql)
            defer { statement.reset() }
            try statement.bind(values)
            guard try statement.step() else { return nil }
            return try transform(Row(statement: statement))
        }
    }

    /// Runs `body` inside a transaction and commits it. A lock conflict anywhere (begin, body or commit)
    /// rolls back and re-runs the whole body after a short randomised back-off, so `body` must have no
    /// effects outside the database. Inside an open transaction `body` simply joins it.
    @discardableResult
    public func transaction<T>(
        _ kind: TransactionKind = .immediate, _ body: () throws -> T
    ) throws
        -> T
    {
        if isInTransaction { return try body() }
        return try retrying {
            try execute(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
            do {
                let result = try body()
                try execute("COMMIT")
                return result
            } catch {
                if isInTransaction { try? execute("ROLLBACK") }
                throw error
            }
        }
    }

    private func retryingOutsideTransaction<T>(_ work: () throws -> T) throws -> T {
        isInTransaction ? try work() : try retrying(work)
    }

    private func retrying<T>(_ work: () throws -> T) throws -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        var attempt = 0
        while true {
            do {
                return try work()
            } catch let error as SQLiteError where error.isTransient {
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                guard elapsed < retryBudget else { throw error }
                attempt += 1
                // Randomised back-off so two processes that collided do not collide again in lock-step.
                let ceiling = UInt32(min(50_000, 1_000 << min(attempt, 6)))
                usleep(UInt32.random(in: ceiling / 2...ceiling))
            }
        }
    }
}
