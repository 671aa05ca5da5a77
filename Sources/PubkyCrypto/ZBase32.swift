/// z-base-32 as Pubky uses it: alphabet `ybndrfg8ejkmcpqxot1uwisza345h769`, MSB first, no padding
/// (spec/04 §3). 32 bytes encode to 52 symbols.
public enum ZBase32 {
    static let alphabet = Array("ybndrfg8ejkmcpqxot1uwisza345h769".utf8)
    private static let reverse: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, symbol) in alphabet.enumerated() { table[Int(symbol)] = Int8(index) }
        return table
    }()

    /// Encodes `bytes` MSB first, 5 bits per symbol; the last symbol is zero-padded.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 0x1f)])
                bits -= 5
            }
        }
        if bits > 0 { out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 0x1f)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Lenient decode (alphabet only, trailing bits dropped) — what the apps do.
    public static func decode(_ text: String) -> [UInt8]? {
        var out = [UInt8]()
        var buffer: UInt32 = 0
        var bits = 0
        for symbol in text.utf8 {
            let value = reverse[Int(symbol)]
            guard value >= 0 else { return nil }
            buffer = buffer << 5 | UInt32(value)
            bits += 5
            if bits >= 8 {
                out.append(UInt8((buffer >> UInt32(bits - 8)) & 0xff))
                bits -= 8
            }
        }
        return out
    }

    /// Strict decode of a 52-symbol key: decodes, re-encodes and compares, so non-canonical trailing
    /// bits are rejected.
    public static func decodeKey(_ text: String) -> [UInt8]? {
        guard text.utf8.count == 52, let bytes = decode(text), bytes.count == 32,
            encode(bytes) == text
        else { return nil }
        return bytes
    }
}
