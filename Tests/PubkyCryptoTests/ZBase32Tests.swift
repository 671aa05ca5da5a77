import PubkyCrypto
import Testing

@Test func zbase32MatchesTheUpstreamEncodingVector() {
    let bytes = hex("01b467a3b7913ab27a04a8edf2f3fb074cfe0ecf4babe108d67be3853b0f26c5")
    let text = "yg4gxe7z1r7mr6orids9fh95y7gxhdsxjqi6nngsxxtakqaxr5no"
    #expect(ZBase32.encode(bytes) == text)
    #expect(ZBase32.decode(text) == bytes)
    #expect(ZBase32.decodeKey(text) == bytes)
}

@Test func zbase32EncodesMSBFirstWithoutPadding() {
    #expect(ZBase32.encode([]) == "")
    #expect(ZBase32.encode([0x00]) == "yy")
    #expect(ZBase32.encode([0xff]) == "9h")
    #expect(ZBase32.encode([UInt8](repeating: 0, count: 32)).count == 52)
}

@Test func zbase32KnownHomeserverKeys() {
    // spec/04 §3.1 known keys.
    #expect(
        ZBase32.decodeKey("8um71us3fyw6h8wbcxb5ar3rwusy1a6u49956ikzojg3gcwd1dty")
            == hex("3cd7d94ed92829ee1e8163c3bc1324a4ec0963d3d7ffbf5557824d93328390e2"))
    #expect(
        ZBase32.decodeKey("ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy")
            == hex("996a1a05681f92877d5a6ecf9343fba40b8573e5a35ba5773a891ddfb47f9ca6"))
}

@Test func zbase32DecodeKeyIsStrictWhileDecodeIsLenient() {
    let key = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
    // The last symbol carries one data bit; "e" (index 8) sets a padding bit the encoder never writes.
    let nonCanonical = String(key.dropLast()) + "e"
    #expect(ZBase32.decode(nonCanonical)?.count == 32)
    #expect(ZBase32.decodeKey(nonCanonical) == nil)
    #expect(ZBase32.decodeKey(String(key.dropLast())) == nil)
    #expect(ZBase32.decodeKey(key + "y") == nil)
    #expect(ZBase32.decodeKey(key.uppercased()) == nil)
    #expect(ZBase32.decodeKey("pubky" + key) == nil)
    #expect(ZBase32.decode("l0v2") == nil)  // l, 0, v, 2 are not in the alphabet
}

@Test func zbase32RoundTripsEveryLength() {
    for length in 0..<40 {
        let bytes = pattern(length).map { $0 &* 29 &+ 3 }
        #expect(ZBase32.decode(ZBase32.encode(bytes)) == bytes)
    }
}
