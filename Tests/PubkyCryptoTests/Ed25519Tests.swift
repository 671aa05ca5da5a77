import PubkyCrypto
import Testing

@Test func ed25519SeedOfZeroesDerivesTheUpstreamPubky() throws {
    let pair = try #require(Ed25519KeyPair(seed: [UInt8](repeating: 0, count: 32)))
    #expect(
        Hex.encode(pair.publicKey) == "3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29"
    )
    #expect(pair.pubky == "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo")
}

/// spec/04 §3.1: secret, public key, z-base-32.
private let keyVectors: [(String, String, String)] = [
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

@Test func ed25519DerivesEverySpecKeyVector() throws {
    for (secret, publicKey, pubky) in keyVectors {
        let pair = try #require(Ed25519KeyPair(secretHex: secret))
        #expect(Hex.encode(pair.publicKey) == publicKey)
        #expect(pair.pubky == pubky)
        #expect(pair.secretHex == secret)
        #expect(pair.seed == hex(secret))
        #expect(ZBase32.decodeKey(pubky) == hex(publicKey))
    }
}

@Test func ed25519SignsRFC8032Test1() throws {
    let pair = try #require(
        Ed25519KeyPair(secretHex: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"))
    let signature = pair.sign([])
    #expect(
        Hex.encode(signature)
            == "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
    )
    #expect(Ed25519.verify(signature: signature, message: [], publicKey: pair.publicKey))
}

@Test func ed25519ReproducesTheSpecAuthTokenSignature() throws {
    // spec/04 §6.1: the signature covers bytes 65… of the token.
    let token = hex(
        "072028a652776bb0aa92409809ad200896ac39894ccb96c2078158efdec3b7e093300a437dedf23d77f0cf7cf899b359e7ffbbb937a79ada3e812dbb9fe531065055424b593a415554480000060a24181e40003b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29042f3a7277"
    )
    let pair = try #require(Ed25519KeyPair(seed: [UInt8](repeating: 0, count: 32)))
    #expect(pair.sign(Array(token[65...])) == Array(token[0..<64]))
}

@Test func ed25519VerifyRejectsTamperingAndBadLengths() throws {
    let pair = try #require(Ed25519KeyPair(seed: [UInt8](repeating: 7, count: 32)))
    let message = ascii("hello pubky")
    let signature = pair.sign(message)
    #expect(Ed25519.verify(signature: signature, message: message, publicKey: pair.publicKey))
    #expect(
        !Ed25519.verify(signature: signature, message: ascii("hello pubkz"), publicKey: pair.publicKey))
    var flipped = signature
    flipped[10] ^= 0x20
    #expect(!Ed25519.verify(signature: flipped, message: message, publicKey: pair.publicKey))
    let other = try #require(Ed25519KeyPair(seed: [UInt8](repeating: 8, count: 32)))
    #expect(!Ed25519.verify(signature: signature, message: message, publicKey: other.publicKey))
    #expect(
        !Ed25519.verify(
            signature: Array(signature.prefix(63)), message: message, publicKey: pair.publicKey))
    #expect(
        !Ed25519.verify(
            signature: signature, message: message, publicKey: Array(pair.publicKey.prefix(31))))
}

@Test func ed25519PublicKeyValidity() throws {
    #expect(
        Ed25519.isValidPublicKey(
            hex("3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29")))
    // The identity (small order) and a y that is not on the curve.
    #expect(
        !Ed25519.isValidPublicKey(
            hex("0100000000000000000000000000000000000000000000000000000000000000")))
    #expect(
        !Ed25519.isValidPublicKey(
            hex("0200000000000000000000000000000000000000000000000000000000000000")))
    #expect(!Ed25519.isValidPublicKey([UInt8](repeating: 1, count: 31)))
}

@Test func ed25519KeyPairRejectsMalformedSecrets() {
    let secret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
    #expect(Ed25519KeyPair(secretHex: secret.uppercased()) == nil)
    #expect(Ed25519KeyPair(secretHex: String(secret.dropLast(2))) == nil)
    #expect(Ed25519KeyPair(secretHex: secret + "\n") == nil)
    #expect(Ed25519KeyPair(secretHex: String(repeating: "z", count: 64)) == nil)
    #expect(Ed25519KeyPair(seed: [UInt8](repeating: 0, count: 31)) == nil)
    #expect(Ed25519KeyPair(seed: [UInt8](repeating: 0, count: 64)) == nil)
}
