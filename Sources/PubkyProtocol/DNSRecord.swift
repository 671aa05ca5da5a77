/// One DNS resource record as PKARR carries it. `rdata` is kept raw except that names inside the
/// record types that embed them are stored uncompressed, so a record can be re-published in another
/// packet unchanged (spec/04 §9.1).
public struct DNSRecord: Hashable, Sendable {
    /// Record type SVCB.
    public static let typeSVCB: UInt16 = 64
    /// Record type HTTPS.
    public static let typeHTTPS: UInt16 = 65
    /// Class IN.
    public static let classIN: UInt16 = 1

    /// The owner name, dotted, without a trailing dot (the root is the empty string).
    public let name: String
    /// The record type.
    public let type: UInt16
    /// The record class (IN for everything PKARR publishes).
    public let recordClass: UInt16
    /// Time to live in seconds.
    public let ttl: UInt32
    /// The record data in uncompressed wire form.
    public let rdata: [UInt8]

    /// A record with the given fields; `name` may end in a dot.
    public init(
        name: String, type: UInt16, recordClass: UInt16 = classIN, ttl: UInt32, rdata: [UInt8]
    ) {
        self.name = name.hasSuffix(".") ? String(name.dropLast()) : name
        self.type = type
        self.recordClass = recordClass
        self.ttl = ttl
        self.rdata = rdata
    }

    /// An HTTPS (or SVCB) record in alias/service form with no parameters: SvcPriority then target.
    public static func serviceBinding(
        name: String, type: UInt16 = typeHTTPS, ttl: UInt32, priority: UInt16, target: String
    ) throws(PkarrError) -> DNSRecord {
        var rdata = [UInt8(priority >> 8), UInt8(priority & 0xff)]
        try DNSName.append(target, to: &rdata)
        return DNSRecord(name: name, type: type, ttl: ttl, rdata: rdata)
    }

    /// For SVCB and HTTPS records, the target name (dotted, no trailing dot); nil for other types.
    public var serviceTarget: String? {
        guard type == Self.typeSVCB || type == Self.typeHTTPS, rdata.count >= 3 else { return nil }
        var offset = 2
        return try? DNSName.read(rdata, at: &offset)
    }

    /// True when the owner name equals `other`, ignoring ASCII case and a trailing dot.
    public func hasName(_ other: String) -> Bool {
        let trimmed = other.hasSuffix(".") ? String(other.dropLast()) : other
        return name.lowercased() == trimmed.lowercased()
    }
}
