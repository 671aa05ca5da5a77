import CZlib
import Foundation

/// A PNG of 8-bit RGB pixels, deflated with zlib's fastest level and no row filter: a phone screen is
/// mostly runs of one colour, which that compresses well, and the encoder stays a few milliseconds
/// (cairo's own PNG writer tries every row filter on every row and took most of a screenshot's time).
/// Nothing varies between runs, so the same pixels give the same bytes.
enum PNGEncoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `rows`: `height` rows of `width` × 3 bytes (R, G, B).
    static func encode(width: Int, height: Int, rgb: [UInt8]) throws(Failure) -> Data {
        // Each row is prefixed by its filter byte (0: none).
        let rowBytes = width * 3
        var raw = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        raw.withUnsafeMutableBufferPointer { target in
            rgb.withUnsafeBufferPointer { source in
                for row in 0..<height {
                    let from = source.baseAddress! + row * rowBytes
                    (target.baseAddress! + row * (rowBytes + 1) + 1).update(from: from, count: rowBytes)
                }
            }
        }
        var bound = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(bound))
        let status = compress2(&compressed, &bound, raw, uLong(raw.count), Z_BEST_SPEED)
        guard status == Z_OK else { throw Failure(description: "zlib could not deflate the picture (\(status))") }
        var png = Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        var header = Data()
        header.append(bigEndian: UInt32(width))
        header.append(bigEndian: UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bits, RGB, deflate, no filter method, no interlace
        chunk("IHDR", header, into: &png)
        chunk("IDAT", Data(compressed[..<Int(bound)]), into: &png)
        chunk("IEND", Data(), into: &png)
        return png
    }

    private static func chunk(_ type: String, _ body: Data, into png: inout Data) {
        png.append(bigEndian: UInt32(body.count))
        var typed = Data(type.utf8)
        typed.append(body)
        png.append(typed)
        let crc = typed.withUnsafeBytes { raw in
            crc32(0, raw.bindMemory(to: UInt8.self).baseAddress, uInt(raw.count))
        }
        png.append(bigEndian: UInt32(crc))
    }
}

extension Data {
    fileprivate mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff),
        ])
    }
}
