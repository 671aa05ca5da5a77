import IdentitySharing

/// What a content-provider query returns (spec/07 terms): a cursor with rows (none = an **empty
/// cursor**), or no result object at all (a **null cursor**).
public enum ProviderAnswer: Sendable, Equatable {
    case rows([ProviderRow])
    case null

    /// The rows; none for a null cursor.
    public var rows: [ProviderRow] {
        if case .rows(let rows) = self { return rows }
        return []
    }
}

/// One cursor row: column name → value (a null column is nil).
public struct ProviderRow: Sendable, Equatable {
    public var values: [String: String?]

    public init(_ values: [String: String?]) { self.values = values }

    /// The value of `column`, nil when null or absent.
    public subscript(column: String) -> String? { values[column] ?? nil }
}

/// An exception a provider call throws across Binder: its Java class and message.
public struct ProviderException: Error, Sendable, Equatable, CustomStringConvertible {
    public var kind: String
    public var message: String

    public init(_ kind: String, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public static func security(_ message: String) -> ProviderException {
        ProviderException("SecurityException", message)
    }

    public var description: String { message }
}
