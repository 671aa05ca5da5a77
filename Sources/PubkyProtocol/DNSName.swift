/// Wire encoding of DNS names: length-prefixed labels ending in a zero byte; readers follow
/// compression pointers, writers never compress.
enum DNSName {
    /// Appends `name` (dotted, optional trailing dot) uncompressed.
    static func append(_ name: String, to bytes: inout [UInt8]) throws(PkarrError) {
        let trimmed = name.hasSuffix(".") ? name.dropLast() : Substring(name)
        var total = 1
        if !trimmed.isEmpty {
            for label in trimmed.split(separator: ".", omittingEmptySubsequences: false) {
                let utf8 = Array(label.utf8)
                guard (1...63).contains(utf8.count) else { throw .invalidName(name) }
                total += utf8.count + 1
                bytes.append(UInt8(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }
        guard total <= 255 else { throw .invalidName(name) }
        bytes.append(0)
    }

    /// Reads a possibly compressed name at `offset` in `packet`, advancing `offset` past it in place.
    static func read(_ packet: [UInt8], at offset: inout Int) throws(PkarrError) -> String {
        var labels: [String] = []
        var position = offset
        var resumeAt: Int?
        var total = 1
        while true {
            guard position < packet.count else { throw .malformedDNS("name runs past the end") }
            let length = Int(packet[position])
            switch length & 0xc0 {
            case 0:
                if length == 0 {
                    offset = resumeAt ?? position + 1
                    return labels.joined(separator: ".")
                }
                let end = position + 1 + length
                guard end <= packet.count else { throw .malformedDNS("label runs past the end") }
                total += length + 1
                guard total <= 255 else { throw .malformedDNS("name longer than 255 bytes") }
                labels.append(String(decoding: packet[(position + 1)..<end], as: UTF8.self))
                position = end
            case 0xc0:
                guard position + 1 < packet.count else { throw .malformedDNS("pointer runs past the end") }
                let target = (length & 0x3f) << 8 | Int(packet[position + 1])
                // Pointers may only jump backwards, which rules out loops.
                guard target < position else { throw .malformedDNS("forward compression pointer") }
                if resumeAt == nil { resumeAt = position + 2 }
                position = target
            default:
                throw .malformedDNS("reserved label type")
            }
        }
    }
}
