import PubkyCrypto
import PubkyProtocol
import Testing

/// spec/04 §3.1: secret hex, public key hex, z-base-32.
private let keyVectors: [(secret: String, publicKey: String, z32: String)] = [
    (
        String(repeating: "00", count: 32),
        "3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29",
        "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo"
    ),
    (
        "5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51",
        "3326b0f07db3ab1f085adf52f5928e7fda002dd4c2c5822146865ed6ba1ec4bf",
        "gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o"
    ),
    (
        "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1",
        "c5785e1865b708938aff8161d573006496663b1aa10834e396dc566869a2c66a",
        "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
    ),
    (
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "47pjoycnsrfmxikm95jh13y88e8qnhzu5kungjpxyepgt7a8krpy"
    ),
    (
        "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
        "79b5562e8fe654f94078b112e8a98ba7901f853ae695bed7e0e3910bad049664",
        "xg4icmwxh3kx1odasrjqtkcmw6eb9bj4h4k57i9yhqeozmer131y"
    ),
    (
        String(repeating: "01", count: 32),
        "8a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c",
        "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
    ),
    (
        String(repeating: "02", count: 32),
        "8139770ea87d175f56a35466c34c7ecccb8d8a91b4ee37a25df60f5b8fc9b394",
        "orhzqdiexwmi6iidktucgud63ufa5nwtsuzdxe176a8izd6jsqky"
    ),
]

@Test(arguments: keyVectors.indices)
func publicKeyOfEachSpecSecretHasTheSpecZ32(index: Int) throws {
    let vector = keyVectors[index]
    let pair = try #require(Ed25519KeyPair(secretHex: vector.secret))
    let key = try #require(PublicKey(bytes: pair.publicKey))
    #expect(Hex.encode(key.bytes) == vector.publicKey)
    #expect(key.z32 == vector.z32)
    #expect(PublicKey(z32: vector.z32) == key)
    #expect(key.prefixed == "pubky" + vector.z32)
    #expect(key.isValidPoint)
}

@Test func pureEncodingVectorRoundTrips() throws {
    let bytes = try #require(
        Hex.decode("01b467a3b7913ab27a04a8edf2f3fb074cfe0ecf4babe108d67be3853b0f26c5"))
    let key = try #require(PublicKey(bytes: bytes))
    #expect(key.z32 == "yg4gxe7z1r7mr6orids9fh95y7gxhdsxjqi6nngsxxtakqaxr5no")
    #expect(PublicKey(z32: "yg4gxe7z1r7mr6orids9fh95y7gxhdsxjqi6nngsxxtakqaxr5no")?.bytes == bytes)
}

@Test func knownHomeserverKeysDecodeToTheirHex() throws {
    let production = try #require(
        PublicKey(z32: "8um71us3fyw6h8wbcxb5ar3rwusy1a6u49956ikzojg3gcwd1dty"))
    #expect(
        Hex.encode(production.bytes)
            == "3cd7d94ed92829ee1e8163c3bc1324a4ec0963d3d7ffbf5557824d93328390e2")
    let staging = try #require(PublicKey(z32: "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"))
    #expect(
        Hex.encode(staging.bytes) == "996a1a05681f92877d5a6ecf9343fba40b8573e5a35ba5773a891ddfb47f9ca6")
}

@Test func strictZ32RejectsNonCanonicalPrefixedAndUppercaseForms() {
    // Last symbol `a` (24 = 11000) sets a padding bit: lenient decoders accept it, the strict one must not.
    #expect(PublicKey(z32: "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3ia") == nil)
    #expect(PublicKey(z32: "pubkyaihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy") == nil)
    #expect(PublicKey(z32: "AIHFHGDFSHRJ8NZ9OFO7KHAYC1MGCQA4WRRDJAHS5TMGO4PNA3IY") == nil)
    #expect(PublicKey(z32: "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3i") == nil)
    #expect(PublicKey(bytes: [UInt8](repeating: 1, count: 31)) == nil)
}
