import PubkyCrypto
import Testing

@Test func base64URLMatchesRFC4648VectorsWithoutPadding() {
    let vectors = [
        "": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE",
        "foobar": "Zm9vYmFy",
    ]
    for (plain, encoded) in vectors {
        #expect(Base64URL.encode(ascii(plain)) == encoded)
        #expect(Base64URL.decode(encoded) == ascii(plain))
    }
}

@Test func base64URLUsesTheURLAlphabet() {
    #expect(Base64URL.encode([0xfb, 0xff, 0xbf]) == "-_-_")
    #expect(Base64URL.decode("-_-_") == [0xfb, 0xff, 0xbf])
}

@Test func base64URLDecodesTheSpecClientSecret() {
    // spec/04 §5: the example link secret.
    #expect(
        Base64URL.decode("kqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8")
            == hex("92a9dc784320acd40cff18b4ea84178c0ddc2475ff4509b0d4163a244d5bb1ef"))
    #expect(
        Base64URL.encode(hex("92a9dc784320acd40cff18b4ea84178c0ddc2475ff4509b0d4163a244d5bb1ef"))
            == "kqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8")
}

@Test func base64URLRejectsPaddingStandardAlphabetAndNonCanonicalText() {
    for bad in ["Zg==", "Zm8=", "ab+/", "ab/c", "Z", "Zm9vY", "Zh", "Zm9", "Zm 9v", "Zm9v\n", "é"] {
        #expect(Base64URL.decode(bad) == nil, "\(bad)")
    }
}

@Test func base64URLRoundTripsEveryLength() {
    for length in 0..<70 {
        let bytes = pattern(length).map { $0 &* 37 }
        #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
    }
}
