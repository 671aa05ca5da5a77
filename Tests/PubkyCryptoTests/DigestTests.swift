import PubkyCrypto
import Testing

@Test func sha256MatchesFIPSVectors() {
    #expect(
        Hex.encode(SHA256.hash([]))
            == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
        Hex.encode(SHA256.hash(ascii("abc")))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
}

@Test func sha512MatchesFIPSVectors() {
    #expect(
        Hex.encode(SHA512.hash(ascii("abc")))
            == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
    )
}

@Test func sha1MatchesFIPSVectors() {
    #expect(Hex.encode(SHA1.hash([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(Hex.encode(SHA1.hash(ascii("abc"))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(
        Hex.encode(SHA1.hash(ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))
            == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    #expect(
        Hex.encode(SHA1.hash([UInt8](repeating: 0x61, count: 1_000_000)))
            == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
}

@Test func sha1HandlesEveryPaddingBoundary() {
    let expected: [Int: String] = [
        55: "8ae2d46729cfe68ff927af5eec9c7d1b66d65ac2", 56: "636e2ec698dac903498e648bd2f3af641d3c88cb",
        63: "6d942da0c4392b123528f2905c713a3ce28364bd", 64: "c6138d514ffa2135bfce0ed0b8fac65669917ec7",
        119: "41c89d06001bab4ab78736b44efe7ce18ce6ae08",
        120: "d3dbd653bd8597b7475321b60a36891278e6a04a",
    ]
    for (length, digest) in expected {
        #expect(Hex.encode(SHA1.hash(pattern(length))) == digest, "length \(length)")
    }
}

@Test func hmacMatchesRFC4231() {
    let message = ascii("what do ya want for nothing?")
    #expect(
        Hex.encode(HMAC.sha256(key: ascii("Jefe"), message: message))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    #expect(
        Hex.encode(HMAC.sha512(key: ascii("Jefe"), message: message))
            == "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"
    )
}

@Test func hmacHashesKeysLongerThanTheBlock() {
    let key = [UInt8](repeating: 0xaa, count: 131)
    let message = ascii("Test Using Larger Than Block-Size Key - Hash Key First")
    #expect(
        Hex.encode(HMAC.sha256(key: key, message: message))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    #expect(
        Hex.encode(HMAC.sha512(key: key, message: message))
            == "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"
    )
}

@Test func pbkdf2Sha512MatchesKnownVectors() {
    let cases: [(Int, String)] = [
        (
            1,
            "867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce"
        ),
        (
            2,
            "e1d9c16aa681708a45f5c7c4e215ceb66e011a2e9f0040713f18aefdb866d53cf76cab2868a39b9f7840edce4fef5a82be67335c77a6068e04112754f27ccf4e"
        ),
        (
            4096,
            "d197b1b33db0143e018b12f3d1d1479e6cdebdcc97c5c0f87f6902e072f457b5143f30602641b3d55cd335988cb36b84376060ecd532e039b742a239434af2d5"
        ),
    ]
    for (iterations, expected) in cases {
        let key = PBKDF2.sha512(
            password: ascii("password"), salt: ascii("salt"), iterations: iterations, length: 64)
        #expect(Hex.encode(key) == expected, "iterations \(iterations)")
    }
}

@Test func pbkdf2Sha512SpansSeveralBlocksAndTruncates() {
    let key = PBKDF2.sha512(password: ascii("pw"), salt: ascii("salt"), iterations: 3, length: 100)
    #expect(
        Hex.encode(key)
            == "6a7be24f5b46c5c3769d73a6689b3ad79f9f245a1cdb20e41ee9d5a31bea14445f54a362850dd4dc7d6a22b714d3d05635425c3f127951dfb8f1d9bf88f143538798e0acae2ca6a88b3f109a4e8c2cc1e64f77a4131b3b721cdaafd197d350736d920b41"
    )
}
