import PubkyCrypto
import Testing

@Test func seededRandomRepeatsForTheSameSeed() {
    var first = SeededRandom(seed: 42)
    var second = SeededRandom(seed: 42)
    #expect(first.bytes(100) == second.bytes(100))
    #expect(first.bytes(7) == second.bytes(7))
}

@Test func seededRandomDiffersForOtherSeeds() {
    var a = SeededRandom(seed: 1)
    var b = SeededRandom(seed: 2)
    var c = SeededRandom(seed: ascii("1"))
    let bytes = a.bytes(32)
    #expect(bytes != b.bytes(32))
    #expect(bytes != c.bytes(32))
}

@Test func seededRandomIsOneStreamHoweverReadsAreSplit() {
    var whole = SeededRandom(seed: ascii("pubky"))
    var pieces = SeededRandom(seed: ascii("pubky"))
    let expected = whole.bytes(300)
    var collected = [UInt8]()
    for size in [1, 0, 63, 64, 5, 100, 67] { collected += pieces.bytes(size) }
    #expect(collected == expected)
    #expect(pieces.bytes(10) == whole.bytes(10))
}

@Test func seededRandomIsPinned() {
    // ChaCha20 keystream under SHA-256(00×8), nonce 0, from an independent implementation (pycryptodome);
    // pinned so a change of the generator (which would change every seeded simulation) is noticed.
    var random = SeededRandom(seed: 0)
    #expect(Hex.encode(random.bytes(16)) == "138fbe4ad2db86a035f20c48d131e9e3")
    _ = random.bytes(84)
    #expect(Hex.encode(random.bytes(16)) == "204f07428becbb72b87ba5966e65f2d8")
}

@Test func seededRandomWorksAsARandomNumberGenerator() {
    var a = SeededRandom(seed: 7)
    var b = SeededRandom(seed: 7)
    #expect(Array(0..<50).shuffled(using: &a) == Array(0..<50).shuffled(using: &b))
}

@Test func systemRandomGivesFreshBytes() {
    var random = SystemRandom()
    let a = random.bytes(32)
    let b = random.bytes(32)
    #expect(a.count == 32)
    #expect(a != b)
    #expect(random.bytes(0) == [])
}
