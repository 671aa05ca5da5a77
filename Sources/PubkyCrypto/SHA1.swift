/// SHA-1 (FIPS 180-4). Broken for collision resistance; used only where a protocol fixes it
/// (UUIDv5 names, BEP 44 DHT targets). libsodium has no SHA-1, hence this implementation.
public enum SHA1 {
    /// The 20-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
        )
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }

        var w = [UInt32](repeating: 0, count: 80)
        var offset = 0
        while offset < message.count {
            for i in 0..<16 {
                let j = offset + i * 4
                w[i] =
                    UInt32(message[j]) << 24 | UInt32(message[j + 1]) << 16 | UInt32(message[j + 2]) << 8
                    | UInt32(message[j + 3])
            }
            for i in 16..<80 { w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var (a, b, c, d, e) = state
            for i in 0..<80 {
                let f: UInt32
                let k: UInt32
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = rotl(a, 5) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, rotl(b, 30), a, temp)
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
            offset += 64
        }
        var digest = [UInt8]()
        digest.reserveCapacity(20)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest += [
                UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
            ]
        }
        return digest
    }

    @inline(__always) private static func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 {
        x << n | x >> (32 - n)
    }
}
