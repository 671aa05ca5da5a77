import CSQLite

/// The current row of a running query. Valid only inside the closure it is passed to.
public struct Row {
    let statement: Statement

    /// The number of columns.
    public var count: Int { Int(statement.columnCount) }

    /// True when column `index` is NULL.
    public func isNull(_ index: Int) -> Bool { statement.columnType(Int32(index)) == SQLITE_NULL }

    /// Column `index` as an integer (0 for NULL).
    public func int64(_ index: Int) -> Int64 { statement.int64(Int32(index)) }

    /// Column `index` as a platform integer (0 for NULL).
    public func int(_ index: Int) -> Int { Int(statement.int64(Int32(index))) }

    /// Column `index` as a Bool (non-zero is true).
    public func bool(_ index: Int) -> Bool { statement.int64(Int32(index)) != 0 }

    /// Column `index` as a floating-point number.
    public func double(_ index: Int) -> Double { statement.double(Int32(index)) }

    /// Column `index` as text ("" for NULL).
    public func text(_ index: Int) -> String { statement.text(Int32(index)) }

    /// Column `index` as text, nil for NULL.
    public func optionalText(_ index: Int) -> String? { isNull(index) ? nil : text(index) }

    /// Column `index` as an integer, nil for NULL.
    public func optionalInt64(_ index: Int) -> Int64? { isNull(index) ? nil : int64(index) }

    /// Column `index` as bytes (empty for NULL).
    public func blob(_ index: Int) -> [UInt8] { statement.blob(Int32(index)) }

    /// Column `index` as a tagged value.
    public func value(_ index: Int) -> SQLValue {
        switch statement.columnType(Int32(index)) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(int64(index))
        case SQLITE_FLOAT: return .real(double(index))
        case SQLITE_BLOB: return .blob(blob(index))
        default: return .text(text(index))
        }
    }
}
