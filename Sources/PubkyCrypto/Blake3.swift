/// Unkeyed BLAKE3 with 32-byte output (full chunk tree, any input length). Relay channel ids are
/// base64url(BLAKE3(client secret)) (spec/04 §6.2); libsodium has no BLAKE3.
public enum Blake3 {
    /// The 32-byte BLAKE3 hash of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        let chunkCount = max(1, (bytes.count + chunkLength - 1) / chunkLength)
        // Chaining values of completed subtrees; at most 54 entries for inputs below 2^64 bytes.
        var stack: [[UInt32]] = []
        for chunk in 0..<(chunkCount - 1) {
            var cv = chunkChainingValue(bytes, chunk: chunk)
            var completed = UInt64(chunk + 1)
            // Each trailing zero bit of the chunk total closes one more complete subtree.
            while completed & 1 == 0, let left = stack.popLast() {
                cv = compress(cv: iv, block: left + cv, counter: 0, blockLength: 64, flags: parent)
                cv.removeLast(8)
                completed >>= 1
            }
            stack.append(cv)
        }
        var output = chunkOutput(bytes, chunk: chunkCount - 1)
        while let left = stack.popLast() {
            var right = compress(
                cv: output.cv, block: output.block, counter: output.counter,
                blockLength: output.blockLength,
                flags: output.flags)
            right.removeLast(8)
            output = Output(cv: iv, block: left + right, counter: 0, blockLength: 64, flags: parent)
        }
        let root = compress(
            cv: output.cv, block: output.block, counter: output.counter, blockLength: output.blockLength,
            flags: output.flags | rootFlag)
        var digest = [UInt8]()
        digest.reserveCapacity(32)
        for word in root.prefix(8) {
            for shift in stride(from: 0, through: 24, by: 8) {
                digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return digest
    }

    private static let chunkLength = 1024
    private static let chunkStart: UInt32 = 1
    private static let chunkEnd: UInt32 = 2
    private static let parent: UInt32 = 4
    private static let rootFlag: UInt32 = 8
    private static let iv: [UInt32] = [
        0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB,
        0x5BE0_CD19,
    ]
    private static let permutation = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8]

    /// The last compression of a node, kept unevaluated because the root flag is only known at the end.
    private struct Output {
        var cv: [UInt32]
        var block: [UInt32]
        var counter: UInt64
        var blockLength: UInt32
        var flags: UInt32
    }

    private static func chunkChainingValue(_ bytes: [UInt8], chunk: Int) -> [UInt32] {
        let output = chunkOutput(bytes, chunk: chunk)
        return Array(
            compress(
                cv: output.cv, block: output.block, counter: output.counter,
                blockLength: output.blockLength,
                flags: output.flags
            ).prefix(8))
    }

    /// Runs every block of `chunk` but its last, which is returned as an `Output`.
    private static func chunkOutput(_ bytes: [UInt8], chunk: Int) -> Output {
        let start = chunk * chunkLength
        let end = min(bytes.count, start + chunkLength)
        let blockCount = max(1, (end - start + 63) / 64)
        var cv = iv
        for blockIndex in 0..<blockCount {
            let blockStart = start + blockIndex * 64
            let blockEnd = min(end, blockStart + 64)
            var words = [UInt32](repeating: 0, count: 16)
            for i in blockStart..<blockEnd {
                words[(i - blockStart) / 4] |= UInt32(bytes[i]) << UInt32(8 * ((i - blockStart) % 4))
            }
            var flags: UInt32 = blockIndex == 0 ? chunkStart : 0
            if blockIndex == blockCount - 1 {
                flags |= chunkEnd
                return Output(
                    cv: cv, block: words, counter: UInt64(chunk), blockLength: UInt32(blockEnd - blockStart),
                    flags: flags)
            }
            cv = Array(
                compress(cv: cv, block: words, counter: UInt64(chunk), blockLength: 64, flags: flags)
                    .prefix(8))
        }
        preconditionFailure("unreachable: a chunk always has a last block")
    }

    /// The BLAKE3 compression function; returns all 16 output words.
    private static func compress(
        cv: [UInt32], block: [UInt32], counter: UInt64, blockLength: UInt32, flags: UInt32
    )
        -> [UInt32]
    {
        var state: [UInt32] = [
            cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7], iv[0], iv[1], iv[2], iv[3],
            UInt32(truncatingIfNeeded: counter), UInt32(truncatingIfNeeded: counter >> 32), blockLength,
            flags,
        ]
        var m = block
        state.withUnsafeMutableBufferPointer { s in
            for round in 0..<7 {
                g(s, 0, 4, 8, 12, m[0], m[1])
                g(s, 1, 5, 9, 13, m[2], m[3])
                g(s, 2, 6, 10, 14, m[4], m[5])
                g(s, 3, 7, 11, 15, m[6], m[7])
                g(s, 0, 5, 10, 15, m[8], m[9])
                g(s, 1, 6, 11, 12, m[10], m[11])
                g(s, 2, 7, 8, 13, m[12], m[13])
                g(s, 3, 4, 9, 14, m[14], m[15])
                if round < 6 { m = permutation.map { m[$0] } }
            }
            for i in 0..<8 {
                s[i] ^= s[i + 8]
                s[i + 8] ^= cv[i]
            }
        }
        return state
    }

    @inline(__always) private static func g(
        _ s: UnsafeMutableBufferPointer<UInt32>, _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ x: UInt32,
        _ y: UInt32
    ) {
        s[a] = s[a] &+ s[b] &+ x
        s[d] = rotr(s[d] ^ s[a], 16)
        s[c] = s[c] &+ s[d]
        s[b] = rotr(s[b] ^ s[c], 12)
        s[a] = s[a] &+ s[b] &+ y
        s[d] = rotr(s[d] ^ s[a], 8)
        s[c] = s[c] &+ s[d]
        s[b] = rotr(s[b] ^ s[c], 7)
    }

    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        x >> n | x << (32 - n)
    }
}
