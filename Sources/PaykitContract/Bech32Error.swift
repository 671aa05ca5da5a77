/// Why a string is not valid bech32 or bech32m.
public enum Bech32Error: Error, Equatable, Sendable {
    case tooLong
    case mixedCase
    case invalidCharacter
    case missingSeparator
    case invalidHumanReadablePart
    case checksumTooShort
    case invalidChecksum
}
