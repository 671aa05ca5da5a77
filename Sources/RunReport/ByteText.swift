/// Literal replacement on a page's UTF-8 bytes: finished pages are large, and a byte loop is much
/// cheaper than Foundation's string search for the few fixed texts a page must not contain.
enum ByteText {
    /// Replaces every occurrence of `needle`; returns whether anything changed.
    static func replace(_ needle: [UInt8], with replacement: [UInt8], in bytes: inout [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        var changed = false
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                if !changed { output.reserveCapacity(bytes.count) }
                changed = true
                output += bytes[copied..<index]
                output += replacement
                index += needle.count
                copied = index
            } else {
                index += 1
            }
        }
        guard changed else { return false }
        output += bytes[copied...]
        bytes = output
        return true
    }

    /// `text` with every occurrence of each key replaced by its value, longest keys first.
    static func replacing(_ replacements: [(String, String)], in text: String) -> String {
        let ordered = replacements.filter { !$0.0.isEmpty }.sorted { $0.0.utf8.count > $1.0.utf8.count }
        guard !ordered.isEmpty else { return text }
        var bytes = Array(text.utf8)
        var changed = false
        for (needle, replacement) in ordered
        where replace(Array(needle.utf8), with: Array(replacement.utf8), in: &bytes) {
            changed = true
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }
}
