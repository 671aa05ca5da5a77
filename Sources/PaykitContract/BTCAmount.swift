/// A request amount: a decimal string of BTC converted to satoshis once, exactly (spec/05 §2.2).
public struct BTCAmount: Equatable, Hashable, Sendable {
    /// `UInt64.max / 1000`: the largest amount whose millisatoshi value still fits in 64 bits.
    public static let maximumSats: UInt64 = UInt64.max / 1000

    /// The amount in satoshis, 1 ... `maximumSats`.
    public let sats: UInt64

    /// Parses `text` per the §2.2 algorithm; every arithmetic step is overflow-checked.
    public init(parsing text: String) throws(BTCAmountError) {
        let bytes = Array(text.utf8)
        let dot = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = dot.map { bytes[..<$0] } ?? bytes[...]
        var fraction = dot.map { bytes[($0 + 1)...] } ?? []
        guard whole.allSatisfy(Self.isDigit), fraction.allSatisfy(Self.isDigit),
            whole.count + fraction.count > 0
        else { throw .invalid }
        while fraction.last == UInt8(ascii: "0") { fraction = fraction.dropLast() }
        guard fraction.count <= 8 else { throw .invalid }

        var wholeValue: UInt64 = 0
        for digit in whole {
            wholeValue = try Self.checked(wholeValue.multipliedReportingOverflow(by: 10))
            wholeValue = try Self.checked(wholeValue.addingReportingOverflow(UInt64(digit - 48)))
        }
        var fractionSats: UInt64 = 0
        for position in 0..<8 {
            let digit =
                position < fraction.count ? UInt64(fraction[fraction.startIndex + position] - 48) : 0
            fractionSats = fractionSats * 10 + digit  // at most 99 999 999: cannot overflow
        }
        let wholeSats = try Self.checked(wholeValue.multipliedReportingOverflow(by: 100_000_000))
        let sats = try Self.checked(wholeSats.addingReportingOverflow(fractionSats))
        guard sats > 0 else { throw .invalid }
        guard sats <= Self.maximumSats else { throw .outOfRange }
        self.sats = sats
    }

    /// The amount in millisatoshis; cannot overflow thanks to the cap.
    public var millisats: UInt64 { sats * 1000 }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func checked(
        _ result: (partialValue: UInt64, overflow: Bool)
    )
        throws(BTCAmountError)
        -> UInt64
    {
        guard !result.overflow else { throw .invalid }
        return result.partialValue
    }
}
