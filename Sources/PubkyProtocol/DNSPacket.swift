/// The DNS message inside a PKARR packet: id 0, flags `80 00`, answer records only (spec/04 §9.2).
/// Parsing accepts compressed names and skips any question section; authority and additional
/// records are ignored, as PKARR readers only look at answers.
public struct DNSPacket: Hashable, Sendable {
    /// The answer records in order.
    public let answers: [DNSRecord]

    /// A packet holding `answers`.
    public init(answers: [DNSRecord]) {
        self.answers = answers
    }

    /// Parses wire bytes.
    public init(bytes: [UInt8]) throws(PkarrError) {
        guard bytes.count >= 12 else { throw .malformedDNS("header shorter than 12 bytes") }
        let questions = Int(bytes[4]) << 8 | Int(bytes[5])
        let answerCount = Int(bytes[6]) << 8 | Int(bytes[7])
        var offset = 12
        for _ in 0..<questions {
            _ = try DNSName.read(bytes, at: &offset)
            offset += 4
            guard offset <= bytes.count else { throw .malformedDNS("question runs past the end") }
        }
        var answers: [DNSRecord] = []
        answers.reserveCapacity(min(answerCount, 100))
        for _ in 0..<answerCount {
            answers.append(try Self.readRecord(bytes, at: &offset))
        }
        self.answers = answers
    }

    /// The uncompressed wire encoding.
    public func bytes() throws(PkarrError) -> [UInt8] {
        guard answers.count <= Int(UInt16.max) else { throw .dnsTooLarge(answers.count) }
        var out: [UInt8] = [
            0, 0, 0x80, 0, 0, 0, UInt8(answers.count >> 8), UInt8(answers.count & 0xff), 0, 0, 0, 0,
        ]
        for record in answers {
            try DNSName.append(record.name, to: &out)
            for field in [record.type, record.recordClass] {
                out += [UInt8(field >> 8), UInt8(field & 0xff)]
            }
            withUnsafeBytes(of: record.ttl.bigEndian) { out.append(contentsOf: $0) }
            guard record.rdata.count <= Int(UInt16.max) else { throw .dnsTooLarge(record.rdata.count) }
            out += [UInt8(record.rdata.count >> 8), UInt8(record.rdata.count & 0xff)]
            out += record.rdata
        }
        return out
    }

    private static func readRecord(
        _ bytes: [UInt8], at offset: inout Int
    ) throws(PkarrError)
        -> DNSRecord
    {
        let name = try DNSName.read(bytes, at: &offset)
        guard offset + 10 <= bytes.count else { throw .malformedDNS("record header runs past the end") }
        let type = UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        let recordClass = UInt16(bytes[offset + 2]) << 8 | UInt16(bytes[offset + 3])
        var ttl: UInt32 = 0
        for byte in bytes[(offset + 4)..<(offset + 8)] { ttl = ttl << 8 | UInt32(byte) }
        let length = Int(bytes[offset + 8]) << 8 | Int(bytes[offset + 9])
        let start = offset + 10
        let end = start + length
        guard end <= bytes.count else { throw .malformedDNS("record data runs past the end") }
        let rdata = try uncompressedRData(type: type, packet: bytes, range: start..<end)
        offset = end
        return DNSRecord(name: name, type: type, recordClass: recordClass, ttl: ttl, rdata: rdata)
    }

    /// Re-encodes the names embedded in well-known record types without compression, because
    /// pointers only make sense inside the packet they came from.
    private static func uncompressedRData(
        type: UInt16, packet: [UInt8], range: Range<Int>
    ) throws(PkarrError) -> [UInt8] {
        // (bytes before the first name, number of names): NS, CNAME, PTR, DNAME, MX, SRV, SOA, SVCB, HTTPS.
        let layout: (prefix: Int, names: Int)
        switch type {
        case 2, 5, 12, 39: layout = (0, 1)
        case 15: layout = (2, 1)
        case 33: layout = (6, 1)
        case 6: layout = (0, 2)
        case DNSRecord.typeSVCB, DNSRecord.typeHTTPS: layout = (2, 1)
        default: return Array(packet[range])
        }
        guard range.count >= layout.prefix + 1 else { throw .malformedDNS("record data too short") }
        var out = Array(packet[range.lowerBound..<(range.lowerBound + layout.prefix)])
        var offset = range.lowerBound + layout.prefix
        for _ in 0..<layout.names {
            try DNSName.append(try DNSName.read(packet, at: &offset), to: &out)
        }
        guard offset <= range.upperBound else { throw .malformedDNS("name runs past the record data") }
        out += packet[offset..<range.upperBound]
        return out
    }
}
