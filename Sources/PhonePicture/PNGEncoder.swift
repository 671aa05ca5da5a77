import CZlib
import Foundation

/// A PNG of 8-bit RGB scanlines, deflated by zlib at its fastest level with run-length matching: a
/// phone screen is mostly runs of one colour, which that compresses well in a few milliseconds
/// (cairo's own PNG writer tries every row filter on every row and took most of a screenshot's time).
/// Nothing varies between runs, so the same pixels give the same bytes. Keeps its output buffer.
struct PNGEncoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var deflated: [UInt8] = []

    /// `scanlines`: `height` rows, each a filter byte then `width` × 3 bytes (R, G, B).
    mutating func encode(width: Int, height: Int, scanlines: [UInt8]) throws(Failure) -> Data {
        let bound = Int(compressBound(uLong(scanlines.count)))
        if deflated.count < bound { deflated = [UInt8](repeating: 0, count: bound) }
        var stream = z_stream()
        var status = deflateInit2_(
            &stream, 1, Z_DEFLATED, 15, 8, Z_RLE, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw Failure(description: "zlib could not start (\(status))") }
        defer { deflateEnd(&stream) }
        var size = 0
        scanlines.withUnsafeBufferPointer { input in
            deflated.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                status = deflate(&stream, Z_FINISH)
                size = output.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else {
            throw Failure(description: "zlib could not deflate the picture (\(status))")
        }
        var png = Data(capacity: size + 64)
        png.append(contentsOf: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        var header = Data()
        header.append(bigEndian: UInt32(width))
        header.append(bigEndian: UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bits, RGB, deflate, adaptive filtering, no interlace
        Self.chunk("IHDR", header, into: &png)
        Self.chunk("IDAT", Data(deflated[..<size]), into: &png)
        Self.chunk("IEND", Data(), into: &png)
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
