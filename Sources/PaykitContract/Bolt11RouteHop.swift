/// One hop of a BOLT 11 `r` (private route) field: 51 bytes on the wire.
public struct Bolt11RouteHop: Equatable, Hashable, Sendable {
    public var nodeID: [UInt8]
    public var shortChannelID: UInt64
    public var feeBaseMillisats: UInt32
    public var feeProportionalMillionths: UInt32
    public var cltvExpiryDelta: UInt16

    public init(
        nodeID: [UInt8], shortChannelID: UInt64, feeBaseMillisats: UInt32 = 1000,
        feeProportionalMillionths: UInt32 = 1, cltvExpiryDelta: UInt16 = 40
    ) {
        self.nodeID = nodeID
        self.shortChannelID = shortChannelID
        self.feeBaseMillisats = feeBaseMillisats
        self.feeProportionalMillionths = feeProportionalMillionths
        self.cltvExpiryDelta = cltvExpiryDelta
    }

    /// The 51-byte wire form.
    public var bytes: [UInt8] {
        nodeID + Self.bigEndian(shortChannelID, 8) + Self.bigEndian(UInt64(feeBaseMillisats), 4)
            + Self.bigEndian(UInt64(feeProportionalMillionths), 4)
            + Self.bigEndian(UInt64(cltvExpiryDelta), 2)
    }

    /// Reads a hop from exactly 51 bytes.
    init?(bytes: ArraySlice<UInt8>) {
        guard bytes.count == 51 else { return nil }
        let b = Array(bytes)
        nodeID = Array(b[0..<33])
        shortChannelID = Self.integer(b[33..<41])
        feeBaseMillisats = UInt32(Self.integer(b[41..<45]))
        feeProportionalMillionths = UInt32(Self.integer(b[45..<49]))
        cltvExpiryDelta = UInt16(Self.integer(b[49..<51]))
    }

    private static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - $0))) }
    }
}
