import Foundation
import Testing

/// The test support that reads Chromium's screenshots: inflate and PNG decoding, checked against
/// streams made by zlib itself.
@Suite struct PNGImageTests {
    @Test func inflateReadsStoredFixedAndDynamicBlocks() throws {
        let stored: [UInt8] = [120, 1, 1, 7, 0, 248, 255, 115, 116, 111, 114, 101, 100, 33, 11, 239, 2, 179]
        #expect(try Inflate.zlib(stored) == Array("stored!".utf8))
        let fixed: [UInt8] = [120, 218, 203, 72, 205, 201, 201, 87, 200, 64, 39, 1, 104, 3, 8, 177]
        #expect(try Inflate.zlib(fixed) == Array("hello hello hello hello".utf8))
        // zlib.compress(text, 9) of the text below: a dynamic-Huffman block.
        let dynamic = try #require(
            hex(
                "78daad97394e03411045734ed1728e3433553d0b0101c6987d31365b866102cb486379da129c8c9c9361bbcb4bfeff3bc08b7ef553b7a19eb9e4c8d5dfb3fa23b8f1244c27c185e6bd0dae53cfe7cddcfdfdba6eb3f8fa74b74d70a3b676f78bf1f4a7e30e8f5d337507edca9002869348146580a81b1502284e8d6852c0d4eb4587071c671ba22a0754fd7e3f4a0a4072be25ba4ac075b1245a2ac072b9c386886cf96a857990455fef613a64d7376b4c24f8ad22b3be8b980919f7bd3990553f18a642b63d18980419f5e3067321d31e0e87f62422931e6d3119b2eba725a641f6fcbcc36cc8a85f56980759f6eb1ea643e6fdb6c644397cb459412b6c892736ab688d95841059497995958c91591162674529a115cf2cade49cd24a412dad94a4d24a051fad26acd26a8a9756335a695508a555e595563da3b49a134bab05a5b45a324bab15a7b43ea196d6a7a4d2fa0c3e5a2facd27ac54beb3dadb43e677c670b5e697dc928adaf38a5fd07f2c2c16a"
            ))
        var text = ""
        for index in 0..<60 {
            let letter = String(UnicodeScalar(UInt8(65 + index % 26)))
            text += "step \(index): expect bitkit toast \"error · Could Not Use Pubky\" -> ok "
            text += String(repeating: letter, count: (index * 7) % 13) + "\n"
        }
        #expect(try Inflate.zlib(dynamic) == Array(text.utf8))
    }

    @Test func inflateRefusesABrokenStream() {
        #expect(throws: Inflate.Failure.badHeader) { try Inflate.zlib([0, 0, 0]) }
        #expect(throws: Inflate.Failure.truncated) { try Inflate.zlib([120, 218, 203, 72]) }
    }

    @Test func aChromiumScreenshotDecodesToItsPixels() throws {
        guard Chromium.shouldRun else { return }
        let page = ReportRuns.temporaryFolder("png").appendingPathExtension("html")
        defer { try? FileManager.default.removeItem(at: page) }
        try """
        <!DOCTYPE html><html><body style="margin:0;background:#ff0000">
        <div style="position:absolute;left:0;top:0;width:100px;height:50px;background:#0000ff"></div></body></html>
        """.write(to: page, atomically: true, encoding: .utf8)
        let image = try PNGImage(data: try Chromium.screenshot(page, width: 200, height: 100))
        #expect(image.width == 200 && image.height == 100)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[((y * 200 + x) * 4)..<((y * 200 + x) * 4 + 3)]) }
        #expect(pixel(10, 10) == [0, 0, 255])
        #expect(pixel(150, 80) == [255, 0, 0])
        let same = image.differingBlocks(from: image, block: 8, threshold: 1)
        #expect(same == 0)
    }

    func hex(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
