/// Why a string is not a BOLT 11 invoice Bitkit can decode.
public enum Bolt11Error: Error, Equatable, Sendable {
    case notBech32(Bech32Error)
    /// The checksum is bech32m; BOLT 11 uses bech32.
    case wrongChecksumVariant
    /// The human-readable part does not start with `ln` plus a known currency prefix.
    case unknownCurrency
    case invalidAmount
    case truncated
    case invalidField(String)
    case missingPaymentHash
    case missingPaymentSecret
    /// Exactly one of `d` and `h` is required.
    case missingOrDuplicateDescription
}
