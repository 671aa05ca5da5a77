/// Why a BTC amount string was refused (spec/05 §2.2).
public enum BTCAmountError: Error, Equatable, Sendable {
    /// Not a decimal, sub-satoshi, zero, or overflowing 64 bits: `invalid_amount`.
    case invalid
    /// A valid amount above the millisatoshi-safe cap: `amount_out_of_range`.
    case outOfRange
}
