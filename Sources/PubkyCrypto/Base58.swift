/// Bitcoin's Base58 (alphabet without `0OIl`) and Base58Check (payload ‖ first 4 bytes of
/// SHA-256(SHA-256(payload))), used by extended keys and legacy addresses.
public enum Base58 {
    private static let alphabet = Array(
        "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)
    private static let reverse: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, symbol) in alphabet.enumerated() { table[Int(symbol)] = Int8(index) }
        return table
    }()

    /// Base58 of `bytes`; each leading zero byte becomes a leading `1`.
    public static func encode(_ bytes: [UInt8]) -> String {
        let zeros = bytes.prefix(while: { $0 == 0 }).count
        // Little-endian base-58 digits; quadratic, which is fine for the ≤ 100-byte values it encodes.
        var digits = [UInt8]()
        digits.reserveCapacity(bytes.count * 138 / 100 + 1)
        for byte in bytes.dropFirst(zeros) {
            var carry = Int(byte)
            for i in digits.indices {
                carry += Int(digits[i]) << 8
                digits[i] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                digits.append(UInt8(carry % 58))
                carry /= 58
            }
        }
        let symbols =
            [UInt8](repeating: alphabet[0], count: zeros) + digits.reversed().map { alphabet[Int($0)] }
        return String(decoding: symbols, as: UTF8.self)
    }

    /// The bytes of a Base58 string; nil for any character outside the alphabet.
    public static func decode(_ text: String) -> [UInt8]? {
        let symbols = Array(text.utf8)
        let ones = symbols.prefix(while: { $0 == alphabet[0] }).count
        var bytes = [UInt8]()  // little-endian base-256
        for symbol in symbols.dropFirst(ones) {
            let value = reverse[Int(symbol)]
            guard value >= 0 else { return nil }
            var carry = Int(value)
            for i in bytes.indices {
                carry += Int(bytes[i]) * 58
                bytes[i] = UInt8(carry & 0xff)
                carry >>= 8
            }
            while carry > 0 {
                bytes.append(UInt8(carry & 0xff))
                carry >>= 8
            }
        }
        return [UInt8](repeating: 0, count: ones) + bytes.reversed()
    }

    /// Base58 of `payload` followed by its 4-byte double-SHA-256 checksum.
    public static func encodeCheck(_ payload: [UInt8]) -> String {
        encode(payload + checksum(payload))
    }

    /// The payload of a Base58Check string; nil when it is not Base58, too short, or the checksum fails.
    public static func decodeCheck(_ text: String) -> [UInt8]? {
        guard let bytes = decode(text), bytes.count >= 4 else { return nil }
        let payload = Array(bytes.dropLast(4))
        guard Array(bytes.suffix(4)) == checksum(payload) else { return nil }
        return payload
    }

    private static func checksum(_ payload: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(SHA256.hash(payload)).prefix(4))
    }
}
