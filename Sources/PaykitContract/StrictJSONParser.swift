/// RFC 8259 JSON parser that is total on hostile input: bounded size and depth, UTF-8 validated
/// up front, numbers kept as text, lone surrogates and raw control characters rejected.
public struct StrictJSONParser: Sendable {
    /// Default size cap: 1 MiB, far above any real endpoint payload or request record.
    public static let defaultMaximumBytes = 1 << 20
    /// Default nesting cap; real payloads nest two or three levels.
    public static let defaultMaximumDepth = 64

    public var maximumBytes: Int
    public var maximumDepth: Int

    public init(
        maximumBytes: Int = StrictJSONParser.defaultMaximumBytes,
        maximumDepth: Int = StrictJSONParser.defaultMaximumDepth
    ) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON value surrounded by optional JSON whitespace.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses raw bytes, which must be valid UTF-8.
    public func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .invalidUTF8 }
        var reader = Reader(bytes: bytes, maximumDepth: maximumDepth)
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw .empty }
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw .trailingContent(offset: reader.index) }
        return value
    }
}

private struct Reader {
    let bytes: [UInt8]
    let maximumDepth: Int
    var index = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func peek() throws(JSONParseError) -> UInt8 {
        guard index < bytes.count else { throw .unexpectedEnd }
        return bytes[index]
    }

    mutating func readValue(depth: Int) throws(JSONParseError) -> JSONValue {
        switch try peek() {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw .unexpectedByte(offset: index)
        }
    }

    mutating func readLiteral(_ literal: String) throws(JSONParseError) {
        for byte in literal.utf8 {
            guard index < bytes.count else { throw .unexpectedEnd }
            guard bytes[index] == byte else { throw .unexpectedByte(offset: index) }
            index += 1
        }
    }

    mutating func readObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth) }
        index += 1  // {
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else { throw .unexpectedByte(offset: index) }
            let key = try readString()
            skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else { throw .unexpectedByte(offset: index) }
            index += 1
            skipWhitespace()
            let value = try readValue(depth: depth)
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(JSONObject(members))
            default: throw .unexpectedByte(offset: index)
            }
        }
    }

    mutating func readArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth) }
        index += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try readValue(depth: depth))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: throw .unexpectedByte(offset: index)
            }
        }
    }

    mutating func readNumber() throws(JSONParseError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw .invalidNumber(offset: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(bytes[index]) {
            skipDigits()
        } else {
            throw .invalidNumber(offset: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw .invalidNumber(offset: start) }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw .invalidNumber(offset: start) }
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func readString() throws(JSONParseError) -> String {
        let start = index
        index += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw .unexpectedEnd }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw .unexpectedEnd }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try readUnicodeEscape(stringStart: start)
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw .invalidString(offset: start)
                }
            case 0x00..<0x20:
                throw .invalidString(offset: start)
            default:
                out.append(byte)
                index += 1
            }
        }
    }

    /// Reads the four hex digits after `\u` (and a following low surrogate escape when needed).
    mutating func readUnicodeEscape(stringStart: Int) throws(JSONParseError) -> Unicode.Scalar {
        let first = try readHex4(stringStart: stringStart)
        if (0xD800..<0xDC00).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            else { throw .invalidString(offset: stringStart) }
            index += 2
            let second = try readHex4(stringStart: stringStart)
            guard (0xDC00..<0xE000).contains(second) else { throw .invalidString(offset: stringStart) }
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(combined) else { throw .invalidString(offset: stringStart) }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw .invalidString(offset: stringStart) }
        return scalar
    }

    mutating func readHex4(stringStart: Int) throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .unexpectedEnd }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw .invalidString(offset: stringStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
