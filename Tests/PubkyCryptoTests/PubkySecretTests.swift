import PubkyCrypto
import Testing

private let abandonAbout =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

@Test func pubkySecretOfAbandonAboutMatchesTheUpstreamVector() throws {
    let pair = try PubkySecret.fromMnemonic(abandonAbout)
    #expect(pair.secretHex == "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1")
    #expect(
        Hex.encode(pair.publicKey) == "c5785e1865b708938aff8161d573006496663b1aa10834e396dc566869a2c66a"
    )
    #expect(pair.pubky == "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy")
}

@Test func pubkySecretNeverAppliesAWalletPassphrase() throws {
    // spec/04 §4 negative vector: the pubky the TREZOR-passphrase seed would give.
    let wrong = "kfbf1nqbhajexw5a377xru9po978c9o3wpdn66ob3r93mi3he3po"
    let trezorSeed = BIP39.seed(mnemonic: abandonAbout, passphrase: "TREZOR")
    #expect(Ed25519KeyPair(seed: Array(trezorSeed.prefix(32)))?.pubky == wrong)
    #expect(try PubkySecret.fromMnemonic(abandonAbout).pubky != wrong)
}

@Test func pubkySecretAcceptsSloppyWhitespaceAndCase() throws {
    let typed =
        "  Abandon abandon ABANDON abandon abandon abandon\nabandon abandon abandon abandon abandon   about \n"
    #expect(
        try PubkySecret.fromMnemonic(typed).pubky
            == "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy")
}

@Test func pubkySecretRejectsInvalidPhrases() {
    #expect(throws: BIP39Error.checksumMismatch) {
        try PubkySecret.fromMnemonic(String(repeating: "abandon ", count: 12))
    }
    #expect(throws: BIP39Error.badWordCount(1)) { try PubkySecret.fromMnemonic("abandon") }
    #expect(throws: BIP39Error.unknownWord("pubky", position: 0)) {
        try PubkySecret.fromMnemonic("pubky" + String(repeating: " abandon", count: 11))
    }
}
