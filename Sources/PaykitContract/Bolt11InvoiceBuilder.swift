import ContractNames

/// Writes BOLT 11 invoices for simulated issuers and tests. The signature field is 65 zero bytes:
/// the simulator never recovers the signer, so invoices it writes are well-formed but unsigned.
public struct Bolt11InvoiceBuilder: Sendable {
    public var network: BitcoinNetwork
    /// Amount in millisatoshis; nil for an amount-less invoice.
    public var amountMillisats: UInt64?
    public var timestamp: UInt64
    public var expirySeconds: UInt64?
    public var paymentHash: [UInt8]
    public var paymentSecret: [UInt8]
    public var description: String
    public var routeHints: [[Bolt11RouteHop]]

    public init(
        network: BitcoinNetwork, amountMillisats: UInt64?, timestamp: UInt64,
        expirySeconds: UInt64? = nil,
        paymentHash: [UInt8], paymentSecret: [UInt8] = [UInt8](repeating: 0x11, count: 32),
        description: String = "", routeHints: [[Bolt11RouteHop]] = []
    ) {
        self.network = network
        self.amountMillisats = amountMillisats
        self.timestamp = timestamp
        self.expirySeconds = expirySeconds
        self.paymentHash = paymentHash
        self.paymentSecret = paymentSecret
        self.description = description
        self.routeHints = routeHints
    }

    /// The encoded invoice (lowercase).
    public func encode() -> String {
        let prefix = Bolt11Invoice.currencies.first { $0.network == network }?.prefix ?? "bc"
        var data = Self.groups(timestamp, count: 7)
        data += Self.field(1, bytes: paymentHash)
        data += Self.field(16, bytes: paymentSecret)
        data += Self.field(13, bytes: Array(description.utf8))
        if let expirySeconds { data += Self.field(6, groups: Self.minimalGroups(expirySeconds)) }
        for route in routeHints { data += Self.field(3, bytes: route.flatMap(\.bytes)) }
        data += [UInt8](repeating: 0, count: 104)  // r ‖ s ‖ recovery id, all zero
        return Bech32.encode(
            humanReadablePart: "ln" + prefix + Self.amountText(amountMillisats), data: data,
            encoding: .bech32)
    }

    /// The shortest exact amount text: the largest multiplier that divides the amount.
    private static func amountText(_ millisats: UInt64?) -> String {
        guard let millisats else { return "" }
        let units: [(UInt64, String)] = [
            (100_000_000_000, ""), (100_000_000, "m"), (100_000, "u"), (100, "n"),
        ]
        for (size, letter) in units where millisats % size == 0 {
            return "\(millisats / size)\(letter)"
        }
        return "\(millisats)0p"  // ×10 as text: cannot overflow
    }

    private static func field(_ tag: UInt8, bytes: [UInt8]) -> [UInt8] {
        field(tag, groups: Bech32.convertBits(bytes, from: 8, to: 5, pad: true) ?? [])
    }

    private static func field(_ tag: UInt8, groups: [UInt8]) -> [UInt8] {
        [tag, UInt8(groups.count / 32), UInt8(groups.count % 32)] + groups
    }

    private static func groups(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8((value >> (5 * UInt64(count - 1 - $0))) & 31) }
    }

    private static func minimalGroups(_ value: UInt64) -> [UInt8] {
        var count = 1
        while count < 13, value >> (5 * UInt64(count)) != 0 { count += 1 }
        return groups(value, count: count)
    }
}
