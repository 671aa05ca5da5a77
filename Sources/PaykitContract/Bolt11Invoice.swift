import ContractNames
import Foundation

/// A decoded BOLT 11 invoice: network from the currency prefix, amount, timestamp and expiry,
/// payment hash and secret, description and route hints. The signature's shape is checked but the
/// signer is not recovered: the simulator has no node keys to compare with.
public struct Bolt11Invoice: Equatable, Sendable {
    /// Currency prefixes, longest first so `bcrt` wins over `bc` and `tbs` over `tb`.
    static let currencies: [(prefix: String, network: BitcoinNetwork)] = [
        ("bcrt", .regtest), ("bc", .bitcoin), ("tbs", .signet), ("tb", .testnet),
    ]

    /// The invoice text as given.
    public let text: String
    public let network: BitcoinNetwork
    /// Amount in millisatoshis; nil for an amount-less invoice.
    public let amountMillisats: UInt64?
    /// Creation time, seconds since 1970.
    public let timestamp: UInt64
    /// Seconds after `timestamp` at which it expires (default 3600).
    public let expirySeconds: UInt64
    public let paymentHash: [UInt8]
    public let paymentSecret: [UInt8]
    public let description: String?
    public let descriptionHash: [UInt8]?
    /// Private routes, each a list of hops.
    public let routeHints: [[Bolt11RouteHop]]
    public let minFinalCLTVExpiryDelta: UInt64?

    /// Decodes `text` (bech32 checksum without the 90-character limit).
    public init(_ text: String) throws(Bolt11Error) {
        self.text = text
        let decoded: Bech32.Decoded
        do {
            decoded = try Bech32.decode(text, maximumLength: nil)
        } catch {
            throw .notBech32(error)
        }
        guard decoded.encoding == .bech32 else { throw .wrongChecksumVariant }
        let hrp = decoded.humanReadablePart
        guard hrp.hasPrefix("ln") else { throw .unknownCurrency }
        let afterLN = hrp.dropFirst(2)
        guard let currency = Self.currencies.first(where: { afterLN.hasPrefix($0.prefix) }) else {
            throw .unknownCurrency
        }
        network = currency.network
        amountMillisats = try Self.amount(String(afterLN.dropFirst(currency.prefix.count)))

        let data = decoded.data
        guard data.count >= 7 + 104 else { throw .truncated }
        timestamp = Self.integer(data[0..<7]) ?? 0
        let signature = Bech32.convertBits(Array(data.suffix(104)), from: 5, to: 8, pad: false)
        guard let signature, signature.count == 65, signature[64] <= 3 else {
            throw .invalidField("signature")
        }

        var hashes: [[UInt8]] = []
        var secrets: [[UInt8]] = []
        var descriptions: [String] = []
        var descriptionHashes: [[UInt8]] = []
        var expiry: UInt64?
        var cltv: UInt64?
        var routes: [[Bolt11RouteHop]] = []
        var index = 7
        let end = data.count - 104
        while index < end {
            guard index + 3 <= end else { throw .truncated }
            let tag = data[index]
            let length = Int(data[index + 1]) * 32 + Int(data[index + 2])
            index += 3
            guard index + length <= end else { throw .truncated }
            let field = data[index..<(index + length)]
            index += length
            switch tag {
            case 1:  // p: readers skip a payment hash of the wrong length
                if length == 52, let bytes = Self.bytes(field) { hashes.append(bytes) }
            case 16:  // s
                if length == 52, let bytes = Self.bytes(field) { secrets.append(bytes) }
            case 13:  // d
                guard let bytes = Self.bytes(field), let text = String(validating: bytes, as: UTF8.self)
                else { throw .invalidField("d") }
                descriptions.append(text)
            case 23:  // h
                if length == 52, let bytes = Self.bytes(field) { descriptionHashes.append(bytes) }
            case 6:  // x
                guard let value = Self.integer(field) else { throw .invalidField("x") }
                expiry = value
            case 24:  // c
                guard let value = Self.integer(field) else { throw .invalidField("c") }
                cltv = value
            case 3:  // r
                guard let bytes = Self.bytes(field), !bytes.isEmpty, bytes.count % 51 == 0 else {
                    throw .invalidField("r")
                }
                routes.append(
                    stride(from: 0, to: bytes.count, by: 51).compactMap {
                        Bolt11RouteHop(bytes: bytes[$0..<($0 + 51)])
                    })
            default:
                break  // unknown and unused fields are skipped, as BOLT 11 requires
            }
        }
        guard hashes.count == 1, let hash = hashes.first else { throw .missingPaymentHash }
        guard secrets.count == 1, let secret = secrets.first else { throw .missingPaymentSecret }
        guard descriptions.count + descriptionHashes.count == 1 else {
            throw .missingOrDuplicateDescription
        }
        paymentHash = hash
        paymentSecret = secret
        description = descriptions.first
        descriptionHash = descriptionHashes.first
        expirySeconds = expiry ?? 3600
        routeHints = routes
        minFinalCLTVExpiryDelta = cltv
    }

    /// True once `now` reaches timestamp + expiry (an overflowing sum never expires).
    public func isExpired(at now: Date) -> Bool {
        let (deadline, overflow) = timestamp.addingReportingOverflow(expirySeconds)
        guard !overflow, deadline <= UInt64(Int64.max) else { return false }
        return now.timeIntervalSince1970 >= Double(deadline)
    }

    /// True when the invoice carries at least one private route hop.
    public var hasRouteHints: Bool { routeHints.contains { !$0.isEmpty } }

    /// The amount part of the human-readable part in millisatoshis; nil when empty.
    private static func amount(_ text: String) throws(Bolt11Error) -> UInt64? {
        guard !text.isEmpty else { return nil }
        var digits = Array(text.utf8)
        var multiplier: UInt8?
        if let last = digits.last, !(0x30...0x39).contains(last) {
            multiplier = last
            digits.removeLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .invalidAmount
        }
        var value: UInt64 = 0
        for digit in digits {
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit - 0x30))
            guard !o1, !o2 else { throw .invalidAmount }
            value = sum
        }
        let msat: (partialValue: UInt64, overflow: Bool)
        switch multiplier {
        case nil: msat = value.multipliedReportingOverflow(by: 100_000_000_000)
        case UInt8(ascii: "m")?: msat = value.multipliedReportingOverflow(by: 100_000_000)
        case UInt8(ascii: "u")?: msat = value.multipliedReportingOverflow(by: 100_000)
        case UInt8(ascii: "n")?: msat = value.multipliedReportingOverflow(by: 100)
        case UInt8(ascii: "p")?:
            // A pico-BTC amount must be a whole number of millisatoshis.
            guard value % 10 == 0 else { throw .invalidAmount }
            msat = (value / 10, false)
        default: throw .invalidAmount
        }
        guard !msat.overflow, msat.partialValue > 0 else { throw .invalidAmount }
        return msat.partialValue
    }

    /// Big-endian integer of 5-bit groups; nil when it would not fit in 64 bits.
    private static func integer(_ groups: ArraySlice<UInt8>) -> UInt64? {
        guard groups.count <= 12 else { return nil }
        return groups.reduce(0) { $0 << 5 | UInt64($1) }
    }

    /// Bytes of 5-bit groups, dropping the final partial byte (BOLT 11 pads fields with zero bits).
    private static func bytes(_ groups: ArraySlice<UInt8>) -> [UInt8]? {
        let whole = groups.count * 5 / 8
        guard var bytes = Bech32.convertBits(Array(groups), from: 5, to: 8, pad: true) else {
            return nil
        }
        if bytes.count > whole { bytes.removeLast(bytes.count - whole) }
        return bytes
    }
}
