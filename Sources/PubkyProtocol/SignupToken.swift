import PubkyCrypto

/// A homeserver signup token (Homegate "signup code"): 7 random bytes in Crockford base32, written
/// `XXXX-XXXX-XXXX` (spec/04 §7).
public struct SignupToken: Hashable, Sendable, CustomStringConvertible {
    /// Number of characters including the two dashes.
    public static let length = 14

    /// The token text.
    public let text: String

    /// Accepts exactly `XXXX-XXXX-XXXX` with uppercase Crockford base32 symbols.
    public init(_ text: String) throws(SignupTokenError) {
        let utf8 = Array(text.utf8)
        guard utf8.count == Self.length else { throw .invalidLength(utf8.count) }
        for (index, byte) in utf8.enumerated() {
            if index == 4 || index == 9 {
                guard byte == UInt8(ascii: "-") else { throw .misplacedDash }
            } else {
                guard CrockfordBase32.isSymbol(byte) else { throw .invalidCharacter(index) }
            }
        }
        self.text = text
    }

    private init(unchecked text: String) {
        self.text = text
    }

    /// A fresh token from 7 bytes of `random`.
    public static func random(using random: inout some RandomSource) -> SignupToken {
        let symbols = Array(CrockfordBase32.encode(random.bytes(7)))
        return SignupToken(
            unchecked: String(symbols[0..<4] + ["-"] + symbols[4..<8] + ["-"] + symbols[8..<12]))
    }

    public var description: String { text }
}
