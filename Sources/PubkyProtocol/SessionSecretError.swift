/// Why a text is not a well-formed session secret.
public enum SessionSecretError: Error, Equatable, Sendable {
    /// Not 26 characters.
    case invalidLength(Int)
    /// A character outside the uppercase Crockford base32 alphabet.
    case invalidCharacters
}
