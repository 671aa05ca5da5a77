import PubkyCrypto
import Testing

/// BIP32 test vector 1 (seed 000102…0f): path → (xprv, xpub).
private let vector1: [(String, String, String)] = [
    (
        "m",
        "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi",
        "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8"
    ),
    (
        "m/0H",
        "xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7",
        "xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw"
    ),
    (
        "m/0H/1",
        "xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs",
        "xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ"
    ),
    (
        "m/0H/1/2H",
        "xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM",
        "xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5"
    ),
    (
        "m/0H/1/2H/2",
        "xprvA2JDeKCSNNZky6uBCviVfJSKyQ1mDYahRjijr5idH2WwLsEd4Hsb2Tyh8RfQMuPh7f7RtyzTtdrbdqqsunu5Mm3wDvUAKRHSC34sJ7in334",
        "xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV"
    ),
    (
        "m/0H/1/2H/2/1000000000",
        "xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76",
        "xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy"
    ),
]

@Test func bip32MasterKeyOfVector1MatchesSpec() throws {
    let master = try BIP32Key.master(seed: hex("000102030405060708090a0b0c0d0e0f"))
    #expect(
        Hex.encode(master.key) == "e8f32e723decf4051aefac8e2c93c9c5b214313817cdb01a1494b917c8436b35")
    #expect(
        Hex.encode(master.chainCode)
            == "873dff81c02f525623fd1fe5167eac3a55a049de3d314bb42ee227ffed37d508")
    #expect(master.depth == 0)
    #expect(master.parentFingerprint == [0, 0, 0, 0])
    #expect(master.childNumber == 0)
    #expect(
        Hex.encode(master.publicKey)
            == "0339a36013301597daef41fbe593a02cc513d0b55527ec2df1050e2e8ff49c85c2")
    #expect(Hex.encode(master.fingerprint) == "3442193e")
}

@Test func bip32Vector1ChainMatchesEveryPublishedExtendedKey() throws {
    let master = try BIP32Key.master(seed: hex("000102030405060708090a0b0c0d0e0f"))
    for (path, xprv, xpub) in vector1 {
        let key = try master.derive(path: path)
        #expect(key.xprv == xprv, "\(path)")
        #expect(key.xpub == xpub, "\(path)")
    }
}

@Test func bip32ChildStepsEqualPathDerivation() throws {
    let master = try BIP32Key.master(seed: hex("000102030405060708090a0b0c0d0e0f"))
    let stepped = try master.child(0 + BIP32Key.hardenedOffset).child(1).child(
        2 + BIP32Key.hardenedOffset)
    #expect(stepped == (try master.derive(path: "m/0'/1/2h")))
    #expect(stepped.depth == 3)
    #expect(stepped.childNumber == 0x8000_0002)
    #expect(stepped.parentFingerprint == (try master.derive(path: "m/0'/1")).fingerprint)
}

@Test func bip32RootOfAbandonAboutMatchesSpec() throws {
    let seed = BIP39.seed(
        mnemonic:
            "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    )
    #expect(
        try BIP32Key.master(seed: seed).xprv
            == "xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu"
    )
}

@Test func bip32RejectsBadSeedsAndPaths() throws {
    #expect(throws: BIP32Error.invalidSeedLength(15)) {
        try BIP32Key.master(seed: [UInt8](repeating: 1, count: 15))
    }
    #expect(throws: BIP32Error.invalidSeedLength(65)) {
        try BIP32Key.master(seed: [UInt8](repeating: 1, count: 65))
    }
    let master = try BIP32Key.master(seed: hex("000102030405060708090a0b0c0d0e0f"))
    for path in [
        "", "0/1", "m/", "m//1", "m/x", "m/-1", "m/+1", "m/1''", "m/2147483648", "M/0", "m/0'/1/",
    ] {
        #expect(throws: BIP32Error.invalidPath(path), "\(path)") { try master.derive(path: path) }
    }
}
