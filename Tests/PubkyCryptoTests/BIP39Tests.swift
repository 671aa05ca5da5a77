import PubkyCrypto
import Testing

private let abandonAbout =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

@Test func bip39WordlistIsTheCanonicalEnglishList() {
    #expect(BIP39.english.count == 2048)
    #expect(BIP39.english.first == "abandon")
    #expect(BIP39.english.last == "zoo")
    let canonical = Array(BIP39.english.map { $0 + "\n" }.joined().utf8)
    #expect(canonical.count == 13_116)
    #expect(
        Hex.encode(SHA256.hash(canonical))
            == "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda")
}

/// Published BIP39 (Trezor) vectors: entropy, mnemonic, seed with passphrase "TREZOR", seed without.
private let vectors: [(entropy: String, words: String, trezorSeed: String, emptySeed: String)] = [
    (
        "00000000000000000000000000000000", abandonAbout,
        "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
        "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4"
    ),
    (
        "7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f",
        "legal winner thank year wave sausage worth useful legal winner thank yellow",
        "2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6fa457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607",
        "878386efb78845b3355bd15ea4d39ef97d179cb712b77d5c12b6be415fffeffe5f377ba02bf3f8544ab800b955e51fbff09828f682052a20faa6addbbddfb096"
    ),
    (
        "80808080808080808080808080808080",
        "letter advice cage absurd amount doctor acoustic avoid letter advice cage above",
        "d71de856f81a8acc65e6fc851a38d4d7ec216fd0796d0a6827a3ad6ed5511a30fa280f12eb2e47ed2ac03b5c462a0358d18d69fe4f985ec81778c1b370b652a8",
        "77d6be9708c8218738934f84bbbb78a2e048ca007746cb764f0673e4b1812d176bbb173e1a291f31cf633f1d0bad7d3cf071c30e98cd0688b5bcce65ecaceb36"
    ),
    (
        "ffffffffffffffffffffffffffffffff", "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong",
        "ac27495480225222079d7be181583751e86f571027b0497b5b5d11218e0a8a13332572917f0f8e5a589620c6f15b11c61dee327651a14c34e18231052e48c069",
        "b6a6d8921942dd9806607ebc2750416b289adea669198769f2e15ed926c3aa92bf88ece232317b4ea463e84b0fcd3b53577812ee449ccc448eb45e6f544e25b6"
    ),
    (
        "9e885d952ad362caeb4efe34a8e91bd2",
        "ozone drill grab fiber curtain grace pudding thank cruise elder eight picnic",
        "274ddc525802f7c828d8ef7ddbcdc5304e87ac3535913611fbbfa986d0c9e5476c91689f9c8a54fd55bd38606aa6a8595ad213d4c9c9f9aca3fb217069a41028",
        "e2f88a043776c828063d4c3c97173944d32cf847a925b6e40b0b8bd0b4bead3ba734bdda5250d4698b310a71c9934e1a48e562315ce22bf85f89459df0e73a6c"
    ),
    (
        "0000000000000000000000000000000000000000",
        String(repeating: "abandon ", count: 14) + "address",
        "fa08713f46bf5cb48728ceb70e3aae1bc53c5cb7b4e29c5610261d1cbb7be3bed4d805256fec515754d2be35974fc5da678168e9d9bb0cb70948026923b0def3",
        "6e9360e8d511f85adcda7bf6078207f0b2d12933845953bc766041cb71ac3bf644ffadd57caac244066657e8ebe01efa0e394d1afa7331379a3c1aebd68f6645"
    ),
    (
        "6610b25967cdcca9d59875f5cb50b0ea75433311869e930b",
        "gravity machine north sort system female filter attitude volume fold club stay feature office ecology stable narrow fog",
        "628c3827a8823298ee685db84f55caa34b5cc195a778e52d45f59bcf75aba68e4d7590e101dc414bc1bbd5737666fbbef35d1f1903953b66624f910feef245ac",
        "31736b4f31612ece84404c74a5d3b938a092480eb89c11b81491f1a3657eb2fe50024610fbe814df55913a87ef741020fcf076a75a29aea0aba638126ba4c8bb"
    ),
    (
        "00000000000000000000000000000000000000000000000000000000",
        String(repeating: "abandon ", count: 20) + "admit",
        "e7dadc189d2e8d07ac278d9ec98a1d2d327e4a6b7df494c00cbf2cbf2d3543dac7000fc72d4ada8d9997dc8db388ff22c6d79f604a7455f2df5534a28eee04c6",
        "277fe8691c965d8a47439d1ff771d9bad603575b8e8d8cee6cb907a1359992c22ab736b36859f9edcfd33bfef94e0d21ad295ff81194652c6e87bd68289b3522"
    ),
    (
        "0000000000000000000000000000000000000000000000000000000000000000",
        String(repeating: "abandon ", count: 23) + "art",
        "bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd3097170af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8",
        "408b285c123836004f4b8842c89324c1f01382450c0d439af345ba7fc49acf705489c6fc77dbd4e3dc1dd8cc6bc9f043db8ada1e243c4a0eafb290d399480840"
    ),
    (
        "f585c11aec520db57dd353c69554b21a89b20fb0650966fa0a9d6f74fd989d8f",
        "void come effort suffer camp survey warrior heavy shoot primary clutch crush open amazing screen patrol group space point ten exist slush involve unfold",
        "01f5bced59dec48e362f2c45b5de68b9fd6c92c6634f44d6d40aab69056506f0e35524a518034ddc1192e1dacd32c1ed3eaa3c3b131c88ed8e7e54c49a5d0998",
        "b873212f885ccffbf4692afcb84bc2e55886de2dfa07d90f5c3c239abc31c0a6ce047e30fd8bf6a281e71389aa82d73df74c7bbfb3b06b4639a5cee775cccd3c"
    ),
]

@Test func bip39EntropyMapsToThePublishedMnemonics() throws {
    for vector in vectors {
        let words = try BIP39.mnemonic(entropy: hex(vector.entropy))
        #expect(words.joined(separator: " ") == vector.words)
        #expect(try BIP39.entropy(words) == hex(vector.entropy))
        try BIP39.validate(words)
    }
}

@Test func bip39SeedsMatchThePublishedVectorsWithAndWithoutPassphrase() {
    for vector in vectors {
        #expect(
            Hex.encode(BIP39.seed(mnemonic: vector.words, passphrase: "TREZOR")) == vector.trezorSeed)
        #expect(Hex.encode(BIP39.seed(mnemonic: vector.words)) == vector.emptySeed)
    }
}

@Test func bip39SeedNormalisesThePassphraseToNFKD() {
    // "café Ⅳ" composed; NFKD turns é into e + U+0301 and Ⅳ into "IV". Expected value from python-mnemonic.
    let expected =
        "e0e2fde07cb447a96a3fa3a2bd2dd2b65d8d26ced885662dcfa9838cf7e5d656e042335c6bb9188c3ff1795ba36094828cdaa5a171aaca84aa3149327b4c62dc"
    #expect(
        Hex.encode(BIP39.seed(mnemonic: abandonAbout, passphrase: "caf\u{e9} \u{2163}")) == expected)
    #expect(Hex.encode(BIP39.seed(mnemonic: abandonAbout, passphrase: "cafe\u{301} IV")) == expected)
}

@Test func bip39RejectsEntropyOfTheWrongLength() {
    for count in [0, 12, 15, 17, 33, 36] {
        #expect(throws: BIP39Error.invalidEntropyLength(count)) {
            try BIP39.mnemonic(entropy: [UInt8](repeating: 1, count: count))
        }
    }
}

@Test func bip39ValidateReportsBadWordCount() {
    let eleven = Array(BIP39.normalize(abandonAbout).dropLast())
    #expect(throws: BIP39Error.badWordCount(11)) { try BIP39.validate(eleven) }
    #expect(throws: BIP39Error.badWordCount(13)) {
        try BIP39.validate(BIP39.normalize(abandonAbout) + ["about"])
    }
    #expect(throws: BIP39Error.badWordCount(0)) { try BIP39.validate([]) }
}

@Test func bip39ValidateReportsTheFirstUnknownWord() {
    var words = BIP39.normalize(abandonAbout)
    words[3] = "abandonn"
    words[7] = "bitcoin"
    #expect(throws: BIP39Error.unknownWord("abandonn", position: 3)) { try BIP39.validate(words) }
    #expect(BIP39Error.unknownWord("abandonn", position: 3).description.contains("Word 4"))
}

@Test func bip39ValidateReportsChecksumMismatch() {
    // Twelve "abandon": every word is valid but the checksum (should be "about") is not.
    #expect(throws: BIP39Error.checksumMismatch) {
        try BIP39.validate(Array(repeating: "abandon", count: 12))
    }
    #expect(throws: BIP39Error.checksumMismatch) {
        try BIP39.validate(
            BIP39.normalize("legal winner thank year wave sausage worth useful legal winner thank zoo"))
    }
}

@Test func bip39NormalizeTrimsCollapsesAndLowercases() {
    #expect(
        BIP39.normalize("  Abandon\tABANDON \n\n abandon  ") == ["abandon", "abandon", "abandon"])
    #expect(BIP39.normalize("   ") == [])
}

@Test func bip39EveryWordCountRoundTrips() throws {
    for bytes in stride(from: 16, through: 32, by: 4) {
        let entropy = (0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 73 &+ 11) }
        let words = try BIP39.mnemonic(entropy: entropy)
        #expect(words.count == bytes * 3 / 4)
        #expect(try BIP39.entropy(words) == entropy)
    }
}
