/// Why a text is not strict JSON. Offsets are byte offsets; no issuer content is echoed.
public enum JSONParseError: Error, Equatable, Sendable {
    case tooLarge(limit: Int)
    case invalidUTF8
    case empty
    case tooDeep(limit: Int)
    case unexpectedByte(offset: Int)
    case unexpectedEnd
    case invalidNumber(offset: Int)
    case invalidString(offset: Int)
    case trailingContent(offset: Int)
}

extension JSONParseError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .tooLarge(let limit): return "larger than \(limit) bytes"
        case .invalidUTF8: return "not valid UTF-8"
        case .empty: return "empty"
        case .tooDeep(let limit): return "nested deeper than \(limit) levels"
        case .unexpectedByte(let offset): return "unexpected byte at offset \(offset)"
        case .unexpectedEnd: return "truncated"
        case .invalidNumber(let offset): return "malformed number at offset \(offset)"
        case .invalidString(let offset): return "malformed string at offset \(offset)"
        case .trailingContent(let offset): return "content after the value at offset \(offset)"
        }
    }
}
