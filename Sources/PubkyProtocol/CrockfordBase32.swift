/// Crockford base32 as the homeserver writes session secrets and signup tokens: alphabet
/// `0123456789ABCDEFGHJKMNPQRSTVWXYZ`, most significant bit first, no padding, uppercase.
enum CrockfordBase32 {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    private static let members = Set(alphabet)

    /// Encodes `bytes`; the last symbol is zero-padded on the right.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8 | UInt32(byte)) & 0xfff
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int(buffer >> UInt32(bits) & 0x1f)])
            }
        }
        if bits > 0 { out.append(alphabet[Int(buffer << UInt32(5 - bits) & 0x1f)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// True when every character is an (uppercase) alphabet symbol.
    static func isSymbol(_ byte: UInt8) -> Bool { members.contains(byte) }
}
