import PubkyCrypto
import Testing

@Test func hexEncodesLowercase() {
    #expect(Hex.encode([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    #expect(Hex.encode([UInt8]()) == "")
}

@Test func hexDecodesOnlyStrictLowercase() {
    #expect(Hex.decode("000fa0ff") == [0x00, 0x0f, 0xa0, 0xff])
    #expect(Hex.decode("") == [])
    for bad in ["0", "abc", "0A", "FF", "zz", "0x00", " 00", "00\n", "éé"] {
        #expect(Hex.decode(bad) == nil, "\(bad)")
    }
}

@Test func hexIsSecretFollowsTheSharedRecordContract() {
    // spec/01 §4 validation examples.
    let secret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
    #expect(Hex.isSecret(secret))
    #expect(Hex.isSecret(String(repeating: "01", count: 32)))
    #expect(!Hex.isSecret(String(secret.dropLast(2))))
    #expect(!Hex.isSecret(secret.uppercased()))
    #expect(!Hex.isSecret(String(repeating: "z", count: 64)))
    #expect(!Hex.isSecret(secret + "\n"))
    #expect(!Hex.isSecret(""))
}
