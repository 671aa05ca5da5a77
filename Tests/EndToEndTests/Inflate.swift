/// A small DEFLATE decoder (RFC 1951) with the zlib wrapper (RFC 1950), enough to read the PNG
/// screenshots Chromium writes. Foundation has no zlib on Linux and the package takes no
/// dependencies; the reference-image test only needs to decode, never to encode.
enum Inflate {
    enum Failure: Error, Equatable {
        case truncated
        case badHeader
        case badBlockType
        case badStoredLength
        case badCode
        case badDistance
    }

    /// Decodes a zlib stream (2-byte header, deflate data, Adler-32 not checked: PNG has CRCs).
    static func zlib(_ data: [UInt8]) throws(Failure) -> [UInt8] {
        guard data.count >= 2, data[0] & 0x0F == 8, (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0,
            data[1] & 0x20 == 0
        else { throw .badHeader }
        return try deflate(Array(data[2...]))
    }

    static func deflate(_ data: [UInt8]) throws(Failure) -> [UInt8] {
        var bits = BitReader(data)
        var out: [UInt8] = []
        out.reserveCapacity(data.count * 4)
        var last = false
        while !last {
            last = try bits.read(1) == 1
            switch try bits.read(2) {
            case 0:
                bits.alignToByte()
                let length = try bits.read(16)
                let complement = try bits.read(16)
                guard length == ~complement & 0xFFFF else { throw .badStoredLength }
                for _ in 0..<length { out.append(UInt8(try bits.read(8))) }
            case 1:
                try inflateBlock(&bits, &out, literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables(&bits)
                try inflateBlock(&bits, &out, literals: literals, distances: distances)
            default:
                throw .badBlockType
            }
        }
        return out
    }

    // MARK: Huffman tables

    /// Canonical Huffman decoding table: counts per length and symbols in code order.
    struct Huffman {
        var counts: [Int]
        var symbols: [Int]

        init(lengths: [Int]) {
            counts = Array(repeating: 0, count: 16)
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = Array(repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = Array(repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ bits: inout BitReader) throws(Failure) -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try bits.read(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw .badCode
        }
    }

    static let fixedLiterals = Huffman(
        lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8))
    static let fixedDistances = Huffman(lengths: Array(repeating: 5, count: 30))

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    static func dynamicTables(_ bits: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try bits.read(5) + 257
        let distanceCount = try bits.read(5) + 1
        let codeCount = try bits.read(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = Array(repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try bits.read(3) }
        let codeTable = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeTable.decode(&bits)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw .badCode }
                lengths += Array(repeating: previous, count: 3 + (try bits.read(2)))
            case 17: lengths += Array(repeating: 0, count: 3 + (try bits.read(3)))
            default: lengths += Array(repeating: 0, count: 11 + (try bits.read(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw .badCode }
        return (
            Huffman(lengths: Array(lengths[..<literalCount])), Huffman(lengths: Array(lengths[literalCount...]))
        )
    }

    static func inflateBlock(
        _ bits: inout BitReader, _ out: inout [UInt8], literals: Huffman, distances: Huffman
    ) throws(Failure) {
        while true {
            let symbol = try literals.decode(&bits)
            if symbol < 256 {
                out.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < lengthBase.count else { throw .badCode }
            let length = lengthBase[index] + (try bits.read(lengthExtra[index]))
            let distanceSymbol = try distances.decode(&bits)
            guard distanceSymbol < distanceBase.count else { throw .badDistance }
            let distance = distanceBase[distanceSymbol] + (try bits.read(distanceExtra[distanceSymbol]))
            guard distance <= out.count else { throw .badDistance }
            let start = out.count - distance
            for offset in 0..<length { out.append(out[start + offset]) }
        }
    }

    /// Reads bits least-significant first, as DEFLATE packs them.
    struct BitReader {
        let bytes: [UInt8]
        var position = 0
        var buffer = 0
        var count = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func read(_ wanted: Int) throws(Failure) -> Int {
            while count < wanted {
                guard position < bytes.count else { throw .truncated }
                buffer |= Int(bytes[position]) << count
                position += 1
                count += 8
            }
            let value = buffer & ((1 << wanted) - 1)
            buffer >>= wanted
            count -= wanted
            return value
        }

        mutating func alignToByte() {
            buffer = 0
            count = 0
        }
    }
}
