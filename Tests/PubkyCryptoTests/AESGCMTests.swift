import PubkyCrypto
import Testing

// The GCM specification's AES-256 test cases 14 and 15 (McGrew & Viega, "The Galois/Counter Mode of
// Operation", appendix B), without additional data.

@Test(.enabled(if: AESGCM.isAvailable)) func aesGCMSealsTestCase14() {
    let sealed = AESGCM.seal(
        [UInt8](repeating: 0, count: 16), key: [UInt8](repeating: 0, count: 32), nonce: [UInt8](repeating: 0, count: 12)
    )
    #expect(sealed == hex("cea7403d4d606b6e074ec5d3baf39d18" + "d0d1c8a799996bf0265b98b5d48ab919"))
}

private let key15 = hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
private let nonce15 = hex("cafebabefacedbaddecaf888")
private let plain15 = hex(
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255"
)
private let sealed15 = hex(
    "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad"
        + "b094dac5d93471bdec1a502270e3cc6c")

@Test(.enabled(if: AESGCM.isAvailable)) func aesGCMSealsAndOpensTestCase15() {
    #expect(AESGCM.seal(plain15, key: key15, nonce: nonce15) == sealed15)
    #expect(AESGCM.open(sealed15, key: key15, nonce: nonce15) == plain15)
}

@Test(.enabled(if: AESGCM.isAvailable)) func aesGCMRejectsTamperingWrongKeysAndBadLengths() {
    var tampered = sealed15
    tampered[3] ^= 1
    #expect(AESGCM.open(tampered, key: key15, nonce: nonce15) == nil)
    #expect(AESGCM.open(sealed15, key: [UInt8](repeating: 0, count: 32), nonce: nonce15) == nil)
    #expect(AESGCM.open(Array(sealed15.prefix(15)), key: key15, nonce: nonce15) == nil)
    #expect(AESGCM.open(sealed15, key: Array(key15.prefix(31)), nonce: nonce15) == nil)
    #expect(AESGCM.seal(plain15, key: key15, nonce: Array(nonce15.prefix(11))) == nil)
}
