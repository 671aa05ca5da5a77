/// Why a string is not a Bitcoin address.
public enum BitcoinAddressError: Error, Equatable, Sendable {
    /// Neither valid Base58Check nor valid bech32/bech32m.
    case undecodable
    /// Decodes, but with an unknown version byte or human-readable part.
    case unknownPrefix
    /// Segwit rules violated: version, program length, or the checksum variant for the version.
    case invalidWitnessProgram
    /// Base58Check payload of the wrong length.
    case invalidLength
}
