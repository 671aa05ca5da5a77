import CSQLite

/// A prepared statement owned by one `Database` connection, which caches it by its SQL text so each
/// statement is compiled once per connection. Use it through `Database.query`/`run`.
public final class Statement {
    /// The SQL text the statement was compiled from.
    public let sql: String
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    // sqlite must copy bound text and blobs: the Swift buffers do not outlive the bind call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(
            connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(
                code: sqlite3_extended_errcode(connection),
                message: String(cString: sqlite3_errmsg(connection)), operation: "prepare \"\(sql)\"")
        }
        self.sql = sql
        self.handle = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Clears earlier bindings and binds `values` to the parameters `?1…?n` in order.
    func bind(_ values: [SQLValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let string): code = sqlite3_bind_text(handle, index, string, -1, Self.transient)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    // A zero-length blob must still bind as a blob, not NULL: pass a valid pointer.
                    sqlite3_bind_blob(
                        handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                        Int32(buffer.count), Self.transient)
                }
            }
            guard code == SQLITE_OK else { throw failure(code, "bind parameter \(index)") }
        }
    }

    /// Advances to the next row; false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw failure(code, "run \"\(sql)\"")
        }
    }

    /// Releases read locks held by an unfinished statement and drops bound buffers.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    var columnCount: Int32 { sqlite3_column_count(handle) }

    func columnType(_ index: Int32) -> Int32 { sqlite3_column_type(handle, index) }

    func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    func text(_ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func blob(_ index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private func failure(_ code: Int32, _ operation: String) -> SQLiteError {
        // sqlite3_step returns the primary code only; the connection knows the extended one.
        let extended = sqlite3_extended_errcode(connection)
        return SQLiteError(
            code: extended & 0xff == code & 0xff ? extended : code,
            message: String(cString: sqlite3_errmsg(connection)), operation: operation)
    }
}
