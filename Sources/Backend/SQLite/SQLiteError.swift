import CSQLite

/// A failed sqlite call: the primary and extended result codes, sqlite's message and what we were doing.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad class of failure, derived from the primary result code.
    public enum Kind: Sendable, Equatable {
        /// Another connection holds a conflicting lock (SQLITE_BUSY).
        case busy
        /// A conflicting lock inside the same process or shared cache (SQLITE_LOCKED).
        case locked
        /// The file is not an sqlite database (SQLITE_NOTADB).
        case notADatabase
        /// The database file is damaged (SQLITE_CORRUPT).
        case corrupt
        /// The file could not be opened (SQLITE_CANTOPEN).
        case cannotOpen
        /// A UNIQUE, NOT NULL, CHECK or foreign-key constraint failed (SQLITE_CONSTRAINT).
        case constraint
        /// The database is read-only (SQLITE_READONLY).
        case readOnly
        /// The disk is full (SQLITE_FULL).
        case full
        /// An operating-system I/O error (SQLITE_IOERR).
        case ioError
        /// Any other result code.
        case other
    }

    /// The full (extended) result code, e.g. 517 for SQLITE_BUSY_SNAPSHOT.
    public let extendedCode: Int32
    /// sqlite's own message.
    public let message: String
    /// What the wrapper was doing, e.g. `prepare "SELECT …"`.
    public let operation: String

    /// Builds an error from a result code; `message` defaults to sqlite's text for the code.
    public init(code: Int32, message: String? = nil, operation: String) {
        self.extendedCode = code
        self.message = message ?? String(cString: sqlite3_errstr(code))
        self.operation = operation
    }

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { extendedCode & 0xff }

    /// The class of failure.
    public var kind: Kind {
        switch primaryCode {
        case SQLITE_BUSY: return .busy
        case SQLITE_LOCKED: return .locked
        case SQLITE_NOTADB: return .notADatabase
        case SQLITE_CORRUPT: return .corrupt
        case SQLITE_CANTOPEN: return .cannotOpen
        case SQLITE_CONSTRAINT: return .constraint
        case SQLITE_READONLY: return .readOnly
        case SQLITE_FULL: return .full
        case SQLITE_IOERR: return .ioError
        default: return .other
        }
    }

    /// True for lock conflicts that go away when retried.
    public var isTransient: Bool { kind == .busy || kind == .locked }

    public var description: String {
        "The database call failed while trying to \(operation): \(message) (sqlite code \(extendedCode))."
    }
}
