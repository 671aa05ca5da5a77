import Foundation
import Synchronization
import Testing

@testable import Backend

@Suite struct DatabaseTests {
    @Test func preparedStatementsRoundTripEveryValueType() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("t.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        try database.run(
            "INSERT INTO t VALUES(?1, ?2, ?3, ?4, ?5)",
            [.integer(-7), .real(2.5), .text("héllo"), .blob([0, 1, 255]), .null])
        try database.run("INSERT INTO t VALUES(?1, ?2, ?3, ?4, ?5)", [1, .real(0), "", .blob([]), nil])
        let rows = try database.query("SELECT i, r, s, b, n FROM t ORDER BY i") { row in
            [row.value(0), row.value(1), row.value(2), row.value(3), row.value(4)]
        }
        #expect(rows[0] == [.integer(-7), .real(2.5), .text("héllo"), .blob([0, 1, 255]), .null])
        // An empty blob stays a blob rather than becoming NULL.
        #expect(rows[1] == [.integer(1), .real(0), .text(""), .blob([]), .null])
    }

    @Test func statementsAreCompiledOncePerConnection() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("t.sqlite"), mode: .readWriteCreate)
        let first = try database.prepare("SELECT 1")
        let second = try database.prepare("SELECT 1")
        #expect(first === second)
    }

    @Test func aFailedTransactionRollsBackEverything() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("t.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE t(k TEXT PRIMARY KEY)")
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES('a')")
                throw Abort()
            }
        }
        #expect(try database.queryFirst("SELECT count(*) FROM t") { $0.int(0) } == 0)
        #expect(!database.isInTransaction)
    }

    @Test func constraintViolationsAreTypedErrors() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("t.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE t(k TEXT PRIMARY KEY)")
        try database.run("INSERT INTO t VALUES('a')")
        let error = #expect(throws: SQLiteError.self) { try database.run("INSERT INTO t VALUES('a')") }
        #expect(error?.kind == .constraint)
        #expect(error?.description.contains("UNIQUE constraint failed") == true)
    }

    @Test func aSyntaxErrorNamesTheStatement() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("t.sqlite"), mode: .readWriteCreate)
        let error = #expect(throws: SQLiteError.self) { try database.prepare("SELEC 1") }
        #expect(error?.operation.contains("SELEC 1") == true)
    }

    @Test func openingAMissingFileWithoutCreateFails() {
        let directory = TemporaryDirectory()
        let error = #expect(throws: SQLiteError.self) {
            try Database(path: directory.path("absent.sqlite"), mode: .readWrite)
        }
        #expect(error?.kind == .cannotOpen)
        #expect(!FileManager.default.fileExists(atPath: directory.path("absent.sqlite")))
    }

    @Test func aWriterWaitsForAnotherConnectionsWriteLockInsteadOfFailing() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("t.sqlite")
        let setup = try Database(path: path, mode: .readWriteCreate)
        try setup.execute("PRAGMA journal_mode = WAL; CREATE TABLE t(k INTEGER)")
        // The connection that holds the write lock, handed to the thread that releases it.
        final class Holder: Sendable {
            let connection: Mutex<Database>
            init(_ connection: sending Database) { self.connection = Mutex(connection) }
        }
        let holder = Holder(try Database(path: path, busyTimeout: 0))
        let waiter = try Database(path: path, busyTimeout: 0)
        try holder.connection.withLock { connection in
            try connection.execute("BEGIN IMMEDIATE")
            try connection.run("INSERT INTO t VALUES(1)")
        }
        // Release the lock from another thread a little later; the waiter must retry until then.
        let release = Thread {
            usleep(100_000)
            holder.connection.withLock { connection in _ = try? connection.execute("COMMIT") }
        }
        release.start()
        try waiter.transaction(.immediate) { try waiter.run("INSERT INTO t VALUES(2)") }
        #expect(try waiter.queryFirst("SELECT count(*) FROM t") { $0.int(0) } == 2)
    }

    @Test func aLockHeldBeyondTheRetryBudgetSurfacesAsBusy() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("t.sqlite")
        let holder = try Database(path: path, mode: .readWriteCreate)
        try holder.execute("PRAGMA journal_mode = WAL; CREATE TABLE t(k INTEGER)")
        let waiter = try Database(path: path, busyTimeout: 0)
        waiter.retryBudget = 0.05
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("COMMIT") }
        let error = #expect(throws: SQLiteError.self) {
            try waiter.transaction(.immediate) { try waiter.run("INSERT INTO t VALUES(2)") }
        }
        #expect(error?.kind == .busy)
    }
}
