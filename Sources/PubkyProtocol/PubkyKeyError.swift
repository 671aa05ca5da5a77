/// Why a text is not a pubky key under Bitkit's normalisation.
public enum PubkyKeyError: Error, Equatable, Sendable {
    /// After trimming, neither 52 characters nor 57 starting with `pubky`.
    case invalidLength(Int)
    /// The 52 key characters are not all in the z-base-32 alphabet.
    case invalidCharacters
}
