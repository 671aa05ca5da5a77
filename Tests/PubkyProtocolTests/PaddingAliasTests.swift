import PubkyProtocol
import Testing

/// spec/09 §1.6: a key's 52nd symbol carries one key bit and four padding bits, so 16 spellings decode
/// to the same 32 bytes; the own-key test compares those bits.
@Suite struct PaddingAliasTests {
    static let w = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
    static let a = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
    static let c = "gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o"
    /// The spec's own vectors.
    static let wAlias = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3ib"
    static let aAlias = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qb"

    @Test func theSpecsAliasesOfWAndAAreTheirKeys() {
        #expect(PubkyKey.isSameKey(Self.wAlias, Self.w))
        #expect(PubkyKey.isSameKey(Self.aAlias, Self.a))
        #expect(!PubkyKey.isSameKey(Self.wAlias, Self.a))
        #expect(PubkyKey.canonical(Self.wAlias) == Self.w)
        #expect(PubkyKey.canonical(Self.aAlias) == Self.a)
        // Strict decoding refuses an alias: it is a spelling, not a canonical key.
        #expect(PublicKey(z32: Self.wAlias) == nil)
    }

    @Test(arguments: [
        ("aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy", "ybndrfg8ejkmcpqx"),
        ("tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy", "ybndrfg8ejkmcpqx"),
        ("gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o", "ot1uwisza345h769"),
    ])
    func every15SymbolsOfTheSameHalfSpellTheSameKey(key: String, half: String) {
        let other = half.hasPrefix("y") ? "ot1uwisza345h769" : "ybndrfg8ejkmcpqx"
        for symbol in half {
            #expect(PubkyKey.isSameKey(String(key.dropLast()) + String(symbol), key), "\(symbol)")
        }
        // The other half flips the key's last bit: another key.
        for symbol in other {
            #expect(!PubkyKey.isSameKey(String(key.dropLast()) + String(symbol), key), "\(symbol)")
        }
    }

    @Test func theComparisonNormalisesCaseAndThePubkyPrefixFirst() {
        #expect(PubkyKey.isSameKey("PUBKY" + Self.wAlias.uppercased(), " pubky" + Self.w + "\n"))
        #expect(PubkyKey.keyBits(Self.w)?.count == 32)
    }

    @Test func textThatIsNotAKeyIsNeverTheSameKey() {
        #expect(!PubkyKey.isSameKey("invalid", "invalid"))
        #expect(!PubkyKey.isSameKey(String(Self.w.dropLast()), Self.w))
        #expect(!PubkyKey.isSameKey(String(Self.w.dropLast()) + "l", Self.w))
        #expect(PubkyKey.keyBits("pubky") == nil)
        #expect(PubkyKey.canonical("") == nil)
    }
}
