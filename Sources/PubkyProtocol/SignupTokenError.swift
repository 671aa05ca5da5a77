/// Why a text is not a signup token of the form `XXXX-XXXX-XXXX`.
public enum SignupTokenError: Error, Equatable, Sendable {
    /// Not 14 characters.
    case invalidLength(Int)
    /// Positions 4 and 9 are not `-`.
    case misplacedDash
    /// The character at this (0-based) position is not an uppercase Crockford base32 symbol.
    case invalidCharacter(Int)
}
