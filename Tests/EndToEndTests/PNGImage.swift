import Foundation

/// An 8-bit RGB or RGBA PNG decoded to pixels: what the reference-image test compares.
struct PNGImage: Equatable {
    enum Failure: Error, Equatable {
        case notPNG
        case unsupported(String)
        case malformed(String)
    }

    let width: Int
    let height: Int
    /// RGBA, row by row.
    let pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure.notPNG
        }
        var position = 8
        var width = 0
        var height = 0
        var channels = 0
        var compressed: [UInt8] = []
        func be32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        while position + 8 <= bytes.count {
            let length = be32(position)
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let start = position + 8
            guard start + length + 4 <= bytes.count else { throw Failure.malformed("chunk \(type) runs past the end") }
            let body = bytes[start..<(start + length)]
            switch type {
            case "IHDR":
                width = be32(start)
                height = be32(start + 4)
                let depth = body[body.startIndex + 8]
                let colour = body[body.startIndex + 9]
                let interlace = body[body.startIndex + 12]
                guard depth == 8, interlace == 0 else {
                    throw Failure.unsupported("depth \(depth), interlace \(interlace)")
                }
                switch colour {
                case 2: channels = 3
                case 6: channels = 4
                default: throw Failure.unsupported("colour type \(colour)")
                }
            case "IDAT": compressed += body
            case "IEND": position = bytes.count
            default: break
            }
            position = start + length + 4
        }
        guard width > 0, height > 0, channels > 0 else { throw Failure.malformed("no header") }
        let raw = try Inflate.zlib(compressed)
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw Failure.malformed("short image data") }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        var line = [UInt8](repeating: 0, count: stride)
        for row in 0..<height {
            let offset = row * (stride + 1)
            let filter = raw[offset]
            for column in 0..<stride {
                let x = raw[offset + 1 + column]
                let a = column >= channels ? Int(line[column - channels]) : 0
                let b = Int(previous[column])
                let c = column >= channels ? Int(previous[column - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure.malformed("filter \(filter)")
                }
                line[column] = UInt8(truncatingIfNeeded: Int(x) + predicted)
            }
            for column in 0..<width {
                let target = (row * width + column) * 4
                for channel in 0..<channels { rgba[target + channel] = line[column * channels + channel] }
            }
            swap(&previous, &line)
        }
        self.init(width: width, height: height, pixels: rgba)
    }

    /// The mean red, green and blue of each `block`×`block` square, row by row: what a comparison
    /// robust to font antialiasing looks at (a glyph's edge pixels change, a block's mean hardly does).
    func blockMeans(block: Int) -> [[Double]] {
        let columns = (width + block - 1) / block
        let rows = (height + block - 1) / block
        var sums = [[Double]](repeating: [0, 0, 0], count: columns * rows)
        var counts = [Double](repeating: 0, count: columns * rows)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                let cell = (y / block) * columns + x / block
                for channel in 0..<3 { sums[cell][channel] += Double(pixels[index + channel]) }
                counts[cell] += 1
            }
        }
        return zip(sums, counts).map { sum, count in sum.map { $0 / count } }
    }

    /// The share of blocks where a colour channel's mean differs by more than `threshold` (0–255),
    /// or nil when the sizes differ.
    func differingBlocks(from other: PNGImage, block: Int, threshold: Double) -> Double? {
        guard width == other.width, height == other.height else { return nil }
        let mine = blockMeans(block: block)
        let theirs = other.blockMeans(block: block)
        let differing = zip(mine, theirs).filter { a, b in zip(a, b).contains { abs($0 - $1) > threshold } }.count
        return Double(differing) / Double(max(mine.count, 1))
    }
}
