/// PBKDF2 (RFC 8018) with HMAC-SHA-512, as BIP39 uses it.
public enum PBKDF2 {
    /// Derives `length` bytes from `password` and `salt` with `iterations` rounds (at least 1).
    public static func sha512(
        password: [UInt8], salt: [UInt8], iterations: Int, length: Int
    )
        -> [UInt8]
    {
        let keyed = HMAC.sha512State(key: password)
        var output = [UInt8]()
        output.reserveCapacity(length)
        var blockIndex: UInt32 = 1
        while output.count < length {
            var state = keyed
            var u = HMAC.sha512(
                state: &state, message: salt + withUnsafeBytes(of: blockIndex.bigEndian, Array.init))
            var block = u
            if iterations > 1 {
                for _ in 1..<iterations {
                    state = keyed
                    u = HMAC.sha512(state: &state, message: u)
                    for i in 0..<64 { block[i] ^= u[i] }
                }
            }
            output += block.prefix(length - output.count)
            blockIndex += 1
        }
        return output
    }
}
