import CSodium

/// Argon2id version 0x13 (RFC 9106) on libsodium's BLAKE2b. libsodium's own Argon2id insists on a
/// 16-byte salt, but recovery files use the 8-byte salt `recovery` (spec/04 §11), hence this one.
public enum Argon2id {
    /// Derives `length` bytes from `password` and `salt` (≥ 8 bytes) with `memoryKiB` KiB, `iterations`
    /// passes and `parallelism` lanes (computed one after another), plus optional secret and associated data.
    public static func hash(
        password: [UInt8], salt: [UInt8], memoryKiB: Int, iterations: Int, parallelism: Int,
        length: Int,
        secret: [UInt8] = [], associatedData: [UInt8] = []
    ) throws -> [UInt8] {
        guard salt.count >= 8 else { throw Argon2Error.saltTooShort(salt.count) }
        guard length >= 4 else { throw Argon2Error.outputTooShort(length) }
        guard iterations >= 1, (1..<(1 << 24)).contains(parallelism) else {
            throw Argon2Error.invalidCost(iterations: iterations, parallelism: parallelism)
        }
        guard memoryKiB >= 8 * parallelism, memoryKiB <= Int(UInt32.max) else {
            throw Argon2Error.memoryTooSmall(memoryKiB: memoryKiB, parallelism: parallelism)
        }

        var initial = [UInt8]()
        for value in [parallelism, length, memoryKiB, iterations, 0x13, 2] { initial += le32(value) }
        for field in [password, salt, secret, associatedData] { initial += le32(field.count) + field }
        let h0 = blake2b(initial, length: 64)

        let lanes = parallelism
        let segmentLength = memoryKiB / (4 * lanes)
        let laneLength = segmentLength * 4
        let blockCount = laneLength * lanes
        var memory = [UInt64](repeating: 0, count: blockCount * wordsPerBlock)
        memory.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for lane in 0..<lanes {
                for column in 0..<2 {
                    let block = variableHash(h0 + le32(column) + le32(lane), length: blockBytes)
                    load(block, into: base + (lane * laneLength + column) * wordsPerBlock)
                }
            }
            let filler = Filler(
                memory: base, lanes: lanes, laneLength: laneLength, segmentLength: segmentLength,
                blockCount: blockCount, passes: iterations)
            defer { filler.deallocate() }
            for pass in 0..<iterations {
                for slice in 0..<4 {
                    for lane in 0..<lanes { filler.fillSegment(pass: pass, slice: slice, lane: lane) }
                }
            }
        }

        var final = [UInt64](memory[((laneLength - 1) * wordsPerBlock)..<(laneLength * wordsPerBlock)])
        for lane in 1..<lanes {
            let start = (lane * laneLength + laneLength - 1) * wordsPerBlock
            for word in 0..<wordsPerBlock { final[word] ^= memory[start + word] }
        }
        var finalBytes = [UInt8]()
        finalBytes.reserveCapacity(blockBytes)
        for word in final { finalBytes += withUnsafeBytes(of: word.littleEndian, Array.init) }
        return variableHash(finalBytes, length: length)
    }

    fileprivate static let wordsPerBlock = 128
    private static let blockBytes = 1024

    private static func le32(_ value: Int) -> [UInt8] {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, Array.init)
    }

    private static func load(_ bytes: [UInt8], into block: UnsafeMutablePointer<UInt64>) {
        bytes.withUnsafeBytes { raw in
            for word in 0..<wordsPerBlock {
                block[word] = UInt64(
                    littleEndian: raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))
            }
        }
    }

    /// BLAKE2b with an output of 1…64 bytes.
    private static func blake2b(_ input: [UInt8], length: Int) -> [UInt8] {
        _ = Sodium.ready
        // libsodium's state is declared 64-byte aligned, which a Swift local does not guarantee.
        let state = UnsafeMutableRawPointer.allocate(
            byteCount: crypto_generichash_statebytes(), alignment: 64)
        defer { state.deallocate() }
        let typed = OpaquePointer(state)
        var output = [UInt8](repeating: 0, count: length)
        crypto_generichash_init(typed, nil, 0, length)
        crypto_generichash_update(typed, input, UInt64(input.count))
        crypto_generichash_final(typed, &output, length)
        return output
    }

    /// H′ of RFC 9106 §3.3: BLAKE2b extended to any output length.
    private static func variableHash(_ input: [UInt8], length: Int) -> [UInt8] {
        let prefixed = le32(length) + input
        guard length > 64 else { return blake2b(prefixed, length: length) }
        let rounds = (length + 31) / 32 - 2
        var v = blake2b(prefixed, length: 64)
        var output = Array(v.prefix(32))
        output.reserveCapacity(length)
        for _ in 1..<rounds {
            v = blake2b(v, length: 64)
            output += v.prefix(32)
        }
        output += blake2b(v, length: length - 32 * rounds)
        return output
    }
}

/// The memory-filling loop of one derivation, with its scratch blocks.
private struct Filler {
    let memory: UnsafeMutablePointer<UInt64>
    let lanes: Int
    let laneLength: Int
    let segmentLength: Int
    let blockCount: Int
    let passes: Int
    /// Scratch: R, its copy, and the zero/input/address blocks of data-independent addressing.
    private let scratch: UnsafeMutablePointer<UInt64>

    init(
        memory: UnsafeMutablePointer<UInt64>, lanes: Int, laneLength: Int, segmentLength: Int,
        blockCount: Int, passes: Int
    ) {
        self.memory = memory
        self.lanes = lanes
        self.laneLength = laneLength
        self.segmentLength = segmentLength
        self.blockCount = blockCount
        self.passes = passes
        scratch = .allocate(capacity: 5 * Argon2id.wordsPerBlock)
        scratch.initialize(repeating: 0, count: 5 * Argon2id.wordsPerBlock)
    }

    func deallocate() { scratch.deallocate() }

    private var zeroBlock: UnsafeMutablePointer<UInt64> { scratch + 2 * Argon2id.wordsPerBlock }
    private var inputBlock: UnsafeMutablePointer<UInt64> { scratch + 3 * Argon2id.wordsPerBlock }
    private var addressBlock: UnsafeMutablePointer<UInt64> { scratch + 4 * Argon2id.wordsPerBlock }

    func fillSegment(pass: Int, slice: Int, lane: Int) {
        let w = Argon2id.wordsPerBlock
        // Argon2id: the first half of the first pass uses data-independent (Argon2i) addressing.
        let independent = pass == 0 && slice < 2
        if independent {
            for i in 0..<w { inputBlock[i] = 0 }
            inputBlock[0] = UInt64(pass)
            inputBlock[1] = UInt64(lane)
            inputBlock[2] = UInt64(slice)
            inputBlock[3] = UInt64(blockCount)
            inputBlock[4] = UInt64(passes)
            inputBlock[5] = 2
        }
        let start = pass == 0 && slice == 0 ? 2 : 0
        if independent && start == 2 { nextAddresses() }
        var current = lane * laneLength + slice * segmentLength + start
        var previous = current % laneLength == 0 ? current + laneLength - 1 : current - 1
        for index in start..<segmentLength {
            if current % laneLength == 1 { previous = current - 1 }
            let random: UInt64
            if independent {
                if index % w == 0 { nextAddresses() }
                random = addressBlock[index % w]
            } else {
                random = memory[previous * w]
            }
            let referenceLane = pass == 0 && slice == 0 ? lane : Int((random >> 32) % UInt64(lanes))
            let referenceIndex = self.referenceIndex(
                pass: pass, slice: slice, index: index, random: random & 0xffff_ffff,
                sameLane: referenceLane == lane)
            compress(
                previous: memory + previous * w,
                reference: memory + (referenceLane * laneLength + referenceIndex) * w,
                next: memory + current * w, xorIntoNext: pass > 0)
            current += 1
            previous += 1
        }
    }

    private func nextAddresses() {
        inputBlock[6] &+= 1
        compress(previous: zeroBlock, reference: inputBlock, next: addressBlock, xorIntoNext: false)
        compress(previous: zeroBlock, reference: addressBlock, next: addressBlock, xorIntoNext: false)
    }

    /// RFC 9106 §3.4.1.2: maps a 32-bit pseudo-random value into the blocks this one may reference.
    private func referenceIndex(
        pass: Int, slice: Int, index: Int, random: UInt64, sameLane: Bool
    )
        -> Int
    {
        let areaSize: Int
        if pass == 0 {
            if slice == 0 {
                areaSize = index - 1
            } else if sameLane {
                areaSize = slice * segmentLength + index - 1
            } else {
                areaSize = slice * segmentLength + (index == 0 ? -1 : 0)
            }
        } else {
            areaSize = laneLength - segmentLength + (sameLane ? index - 1 : (index == 0 ? -1 : 0))
        }
        let squared = (random &* random) >> 32
        let relative = UInt64(areaSize) - 1 - ((UInt64(areaSize) &* squared) >> 32)
        let startPosition = pass == 0 || slice == 3 ? 0 : (slice + 1) * segmentLength
        return (startPosition + Int(relative)) % laneLength
    }

    /// The compression G: next = P(previous ⊕ reference) ⊕ previous ⊕ reference (⊕ old next after pass 0).
    private func compress(
        previous: UnsafeMutablePointer<UInt64>, reference: UnsafeMutablePointer<UInt64>,
        next: UnsafeMutablePointer<UInt64>, xorIntoNext: Bool
    ) {
        let r = scratch
        let saved = scratch + Argon2id.wordsPerBlock
        for i in 0..<Argon2id.wordsPerBlock {
            r[i] = previous[i] ^ reference[i]
            saved[i] = xorIntoNext ? r[i] ^ next[i] : r[i]
        }
        for row in 0..<8 {
            let b = row * 16
            round(
                r, b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7, b + 8, b + 9, b + 10, b + 11, b + 12,
                b + 13, b + 14, b + 15)
        }
        for column in 0..<8 {
            let b = column * 2
            round(
                r, b, b + 1, b + 16, b + 17, b + 32, b + 33, b + 48, b + 49, b + 64, b + 65, b + 80, b + 81,
                b + 96, b + 97, b + 112, b + 113)
        }
        for i in 0..<Argon2id.wordsPerBlock { next[i] = saved[i] ^ r[i] }
    }

    @inline(__always) private func round(
        _ v: UnsafeMutablePointer<UInt64>, _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int,
        _ i5: Int, _ i6: Int,
        _ i7: Int, _ i8: Int, _ i9: Int, _ i10: Int, _ i11: Int, _ i12: Int, _ i13: Int, _ i14: Int,
        _ i15: Int
    ) {
        mix(v, i0, i4, i8, i12)
        mix(v, i1, i5, i9, i13)
        mix(v, i2, i6, i10, i14)
        mix(v, i3, i7, i11, i15)
        mix(v, i0, i5, i10, i15)
        mix(v, i1, i6, i11, i12)
        mix(v, i2, i7, i8, i13)
        mix(v, i3, i4, i9, i14)
    }

    /// BLAKE2b's G with the multiplications of BlaMka (RFC 9106 §3.6).
    @inline(__always) private func mix(
        _ v: UnsafeMutablePointer<UInt64>, _ a: Int, _ b: Int, _ c: Int, _ d: Int
    ) {
        var va = v[a]
        var vb = v[b]
        var vc = v[c]
        var vd = v[d]
        va = va &+ vb &+ 2 &* (va & 0xffff_ffff) &* (vb & 0xffff_ffff)
        vd = (vd ^ va) >> 32 | (vd ^ va) << 32
        vc = vc &+ vd &+ 2 &* (vc & 0xffff_ffff) &* (vd & 0xffff_ffff)
        vb = (vb ^ vc) >> 24 | (vb ^ vc) << 40
        va = va &+ vb &+ 2 &* (va & 0xffff_ffff) &* (vb & 0xffff_ffff)
        vd = (vd ^ va) >> 16 | (vd ^ va) << 48
        vc = vc &+ vd &+ 2 &* (vc & 0xffff_ffff) &* (vd & 0xffff_ffff)
        vb = (vb ^ vc) >> 63 | (vb ^ vc) << 1
        v[a] = va
        v[b] = vb
        v[c] = vc
        v[d] = vd
    }
}
