import PubkyCrypto

/// A homeserver session secret: 26 Crockford base32 characters encoding 16 random bytes (spec/04 §7).
public struct SessionSecret: Hashable, Sendable, CustomStringConvertible {
    /// Number of characters.
    public static let length = 26

    /// The secret text.
    public let text: String

    /// Accepts 26 uppercase Crockford base32 characters.
    public init(_ text: String) throws(SessionSecretError) {
        guard text.utf8.count == Self.length else { throw .invalidLength(text.utf8.count) }
        guard text.utf8.allSatisfy(CrockfordBase32.isSymbol) else { throw .invalidCharacters }
        self.text = text
    }

    private init(unchecked text: String) {
        self.text = text
    }

    /// A fresh secret from 16 bytes of `random`.
    public static func random(using random: inout some RandomSource) -> SessionSecret {
        SessionSecret(unchecked: CrockfordBase32.encode(random.bytes(16)))
    }

    public var description: String { text }
}
