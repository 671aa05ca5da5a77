import PubkyCrypto
import Testing

@Test func ripemd160MatchesThePaperVectors() {
    let vectors: [(String, String)] = [
        ("", "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
        ("a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"),
        ("abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
        ("message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"),
        ("abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "12a053384a9c0c88e405a06c27dcf49ada62eb2b"
        ),
        (
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
            "b0e20b6e3116640286ed3a87a5713079b21f5189"
        ),
        (String(repeating: "1234567890", count: 8), "9b752e45573d4b39f4dbd3323cab82bf63326bfb"),
    ]
    for (message, digest) in vectors {
        #expect(Hex.encode(RIPEMD160.hash(ascii(message))) == digest, "\(message)")
    }
}

@Test func ripemd160OfAMillionAs() {
    #expect(
        Hex.encode(RIPEMD160.hash([UInt8](repeating: 0x61, count: 1_000_000)))
            == "52783243c1697bdbe16d37f97f68f08325dc1528")
}

@Test func ripemd160HandlesEveryPaddingBoundary() {
    let expected: [Int: String] = [
        55: "3c86963b3ff646a65ae42996e9664c747cc7e5e6", 56: "ebdd79cfd4fd9949ef8089673d2620427f487cfb",
        63: "6d31d3d634b4a7aa15914c239576eb1956f2d9a4", 64: "2581f5e9f957b44b0fa24d31996de47409dd1e0f",
        119: "ad430b4283203a7b7f338b9d252dfdbf807402bf",
        120: "b89cdc109009f1982c8b34fca446953584d3f6c4",
    ]
    for (length, digest) in expected {
        #expect(Hex.encode(RIPEMD160.hash(pattern(length))) == digest, "length \(length)")
    }
}
