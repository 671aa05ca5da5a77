import PubkyCrypto
import Testing

/// Bitcoin Core's base58_encode_decode.json.
private let vectors: [(String, String)] = [
    ("", ""), ("61", "2g"), ("626262", "a3gV"), ("636363", "aPEr"),
    ("73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"),
    ("00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"),
    ("516b6fcd0f", "ABnLTmg"), ("bf4f89001e670274dd", "3SEo3LWLoPntC"), ("572e4794", "3EFU7m"),
    ("ecac89cad93923c02321", "EJDM8drfXA6uyA"), ("10c8511e", "Rt5zm"),
    ("00000000000000000000", "1111111111"),
]

@Test func base58MatchesBitcoinCoreVectors() {
    for (bytes, text) in vectors {
        #expect(Base58.encode(hex(bytes)) == text)
        #expect(Base58.decode(text) == hex(bytes))
    }
}

@Test func base58RejectsCharactersOutsideTheAlphabet() {
    for bad in ["0", "O", "I", "l", "3EFU7m ", "+", "é"] {
        #expect(Base58.decode(bad) == nil, "\(bad)")
    }
}

@Test func base58CheckRoundTripsAndDetectsCorruption() throws {
    // The genesis block's P2PKH address: version 00 ‖ HASH160, checksummed.
    let payload = hex("0062e907b15cbf27d5425399ebf6f0fb50ebb88f18")
    let address = Base58.encodeCheck(payload)
    #expect(address == "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")
    #expect(Base58.decodeCheck(address) == payload)
    #expect(Base58.decodeCheck("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb") == nil)
    // Bitcoin Core's vector above is plain Base58: its last 4 bytes are not a valid checksum.
    #expect(Base58.decodeCheck("1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L") == nil)
    #expect(Base58.decodeCheck("1") == nil)
    #expect(Base58.decodeCheck("") == nil)
}
