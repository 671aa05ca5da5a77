/// Unsigned LEB128, the length and integer encoding of the postcard format upstream serialises
/// AuthTokens and SessionInfo with.
enum Varint {
    /// Appends the LEB128 encoding of `value`.
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads a LEB128 value at `offset`, advancing it; nil when truncated or wider than 64 bits.
    static func read(_ bytes: [UInt8], at offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            let payload = UInt64(byte & 0x7f)
            // The tenth byte may carry only the single remaining bit of a 64-bit value.
            guard shift < 64, shift < 63 || payload <= 1 else { return nil }
            value |= payload << shift
            if byte & 0x80 == 0 {
                offset = index
                return value
            }
            shift += 7
        }
        return nil
    }
}
