/// base64url (RFC 4648 §5) without padding, as pubkyauth links and relay channel ids use it.
public enum Base64URL {
    private static let alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let reverse: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, symbol) in alphabet.enumerated() { table[Int(symbol)] = Int8(index) }
        return table
    }()

    /// Encodes `bytes` without `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let word =
                UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(word >> UInt32(shift) & 0x3f)]) }
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let word = UInt32(bytes[index]) << 16
            for shift in [18, 12] { out.append(alphabet[Int(word >> UInt32(shift) & 0x3f)]) }
        case 2:
            let word = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            for shift in [18, 12, 6] { out.append(alphabet[Int(word >> UInt32(shift) & 0x3f)]) }
        default: break
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Strict decode: URL alphabet only, no padding, no whitespace, canonical (unused trailing bits zero);
    /// anything else is nil.
    public static func decode(_ text: String) -> [UInt8]? {
        let symbols = Array(text.utf8)
        guard symbols.count % 4 != 1 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(symbols.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for symbol in symbols {
            let value = reverse[Int(symbol)]
            guard value >= 0 else { return nil }
            buffer = (buffer << 6 | UInt32(value)) & 0xffff
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        // Leftover bits must be zero, otherwise two different texts would decode to the same bytes.
        guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return out
    }
}
