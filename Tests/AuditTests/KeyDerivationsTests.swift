import Foundation
import PubkyCrypto
import Testing

@testable import Audit

/// The audit's remembered derivations answer exactly what the derivations do, every time.
@Test func rememberedDerivationsAnswerLikeTheDerivationsThemselves() throws {
    let wSecret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
    let mnemonic = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    for _ in 0..<2 {
        #expect(KeyDerivations.pubky(secretHex: wSecret) == "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy")
        #expect(KeyDerivations.secretHex(mnemonic: mnemonic) == wSecret)
        #expect(KeyDerivations.secretHex(mnemonic: mnemonic) == (try PubkySecret.fromMnemonic(mnemonic)).secretHex)
        #expect(KeyDerivations.pubky(secretHex: "not a secret") == nil)
        #expect(KeyDerivations.secretHex(mnemonic: "abandon about") == nil)
    }
}

@Test func rememberedDerivationsAreSafeFromManyThreadsAtOnce() {
    // Many new keys at once: the table grows while other threads read and insert. Under the thread
    // sanitizer (`swift test --sanitize=thread`) this caught an earlier, unsynchronised version.
    let secrets = (0..<600).map { index in
        String(format: "%08x", index) + String(repeating: "ab", count: 28)
    }
    let expected = secrets.map { Ed25519KeyPair(secretHex: $0)?.pubky }
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
        for step in 0..<secrets.count {
            let index = (step * (worker * 2 + 1) + worker * 75) % secrets.count
            #expect(KeyDerivations.pubky(secretHex: secrets[index]) == expected[index])
        }
    }
}
