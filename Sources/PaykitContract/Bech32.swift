/// Bech32 and bech32m (BIP173, BIP350) over 5-bit groups. The length limit is a parameter because
/// BOLT 11 invoices and LNURLs use the same checksum without the 90-character limit.
public enum Bech32 {
    /// A decoded string: lowercase human-readable part and the 5-bit data without the checksum.
    public struct Decoded: Equatable, Sendable {
        public var humanReadablePart: String
        public var data: [UInt8]
        public var encoding: Bech32Encoding
    }

    private static let charset = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let reverse: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, symbol) in charset.enumerated() { table[Int(symbol)] = Int8(index) }
        return table
    }()

    /// Decodes `text`; `maximumLength` nil means unlimited.
    public static func decode(_ text: String, maximumLength: Int? = 90) throws(Bech32Error) -> Decoded {
        let bytes = Array(text.utf8)
        if let maximumLength, bytes.count > maximumLength { throw .tooLong }
        var hasLower = false
        var hasUpper = false
        for byte in bytes {
            guard byte >= 33, byte <= 126 else { throw .invalidCharacter }
            if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { hasLower = true }
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { hasUpper = true }
        }
        guard !(hasLower && hasUpper) else { throw .mixedCase }
        let lowered = bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        guard let separator = lowered.lastIndex(of: UInt8(ascii: "1")) else { throw .missingSeparator }
        guard separator >= 1, separator <= 83 else { throw .invalidHumanReadablePart }
        guard lowered.count - separator - 1 >= 6 else { throw .checksumTooShort }
        let hrp = Array(lowered[..<separator])
        var values: [UInt8] = []
        values.reserveCapacity(lowered.count - separator - 1)
        for symbol in lowered[(separator + 1)...] {
            let value = reverse[Int(symbol)]
            guard value >= 0 else { throw .invalidCharacter }
            values.append(UInt8(value))
        }
        let check = polymod(expand(hrp) + values)
        let encoding: Bech32Encoding
        switch check {
        case Bech32Encoding.bech32.constant: encoding = .bech32
        case Bech32Encoding.bech32m.constant: encoding = .bech32m
        default: throw .invalidChecksum
        }
        return Decoded(
            humanReadablePart: String(decoding: hrp, as: UTF8.self), data: Array(values.dropLast(6)),
            encoding: encoding)
    }

    /// Encodes 5-bit `data` under a lowercase `humanReadablePart`.
    public static func encode(
        humanReadablePart: String, data: [UInt8], encoding: Bech32Encoding
    )
        -> String
    {
        let hrp = Array(humanReadablePart.utf8)
        let polymodValue = polymod(expand(hrp) + data + [0, 0, 0, 0, 0, 0]) ^ encoding.constant
        let checksum = (0..<6).map { UInt8((polymodValue >> (5 * (5 - UInt32($0)))) & 31) }
        return humanReadablePart + "1"
            + String(decoding: (data + checksum).map { charset[Int($0)] }, as: UTF8.self)
    }

    /// Regroups bits, e.g. 8 → 5 (with padding) or 5 → 8 (without: leftover bits must be < `from`
    /// and zero). Nil when the input does not regroup cleanly.
    public static func convertBits(_ data: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator: UInt32 = 0
        var bits = 0
        let maxValue: UInt32 = (1 << to) - 1
        var out: [UInt8] = []
        out.reserveCapacity(data.count * from / to + 1)
        for value in data {
            guard value >> from == 0 else { return nil }
            accumulator = (accumulator << from | UInt32(value)) & 0xFFFFFF
            bits += from
            while bits >= to {
                bits -= to
                out.append(UInt8((accumulator >> UInt32(bits)) & maxValue))
            }
        }
        if pad {
            if bits > 0 { out.append(UInt8((accumulator << UInt32(to - bits)) & maxValue)) }
        } else if bits >= from || (accumulator << UInt32(to - bits)) & maxValue != 0 {
            return nil
        }
        return out
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var check: UInt32 = 1
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for i in 0..<5 where (top >> i) & 1 == 1 { check ^= generator[i] }
        }
        return check
    }
}
