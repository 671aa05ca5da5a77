/// A value bound to or read from an sqlite statement.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension SQLValue {
    /// `.text`, or `.null` when `value` is nil.
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    /// `.integer`, or `.null` when `value` is nil.
    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    /// `.integer` of a platform integer.
    public init(_ value: Int) { self = .integer(Int64(value)) }
    /// `.integer(1)` for true, `.integer(0)` for false.
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
    /// `.blob`, or `.null` when `value` is nil.
    public init(_ value: [UInt8]?) { self = value.map { .blob($0) } ?? .null }
}

extension SQLValue {
    /// `.integer` of a platform integer.
    public static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }
}
