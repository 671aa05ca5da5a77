import Foundation

/// BIP39 mnemonics with the English wordlist: entropy ⇄ words, validation and seed derivation
/// (spec/04 §4).
public enum BIP39 {
    /// The valid mnemonic lengths.
    public static let wordCounts: Set<Int> = [12, 15, 18, 21, 24]

    /// The mnemonic of `entropy` (16…32 bytes, a multiple of 4): 11 bits per word, the last word carrying
    /// `entropy bits / 32` bits of SHA-256(entropy) as checksum.
    public static func mnemonic(entropy: [UInt8]) throws -> [String] {
        guard (16...32).contains(entropy.count), entropy.count % 4 == 0 else {
            throw BIP39Error.invalidEntropyLength(entropy.count)
        }
        let checksumBits = entropy.count / 4
        let bits = entropy + [SHA256.hash(entropy)[0]]
        let wordCount = (entropy.count * 8 + checksumBits) / 11
        return (0..<wordCount).map { english[readBits(bits, from: $0 * 11, count: 11)] }
    }

    /// Throws the first problem of `words`: a bad count, an unknown word, or a checksum mismatch.
    public static func validate(_ words: [String]) throws {
        _ = try entropy(words)
    }

    /// The entropy encoded by `words`, after the same checks as `validate`.
    public static func entropy(_ words: [String]) throws -> [UInt8] {
        guard wordCounts.contains(words.count) else { throw BIP39Error.badWordCount(words.count) }
        var indices = [Int]()
        indices.reserveCapacity(words.count)
        for (position, word) in words.enumerated() {
            guard let index = englishIndex[word] else {
                throw BIP39Error.unknownWord(word, position: position)
            }
            indices.append(index)
        }
        let totalBits = words.count * 11
        let checksumBits = totalBits / 33
        let entropyBytes = (totalBits - checksumBits) / 8
        var bits = [UInt8](repeating: 0, count: (totalBits + 7) / 8)
        for (position, index) in indices.enumerated() {
            for bit in 0..<11 where index >> (10 - bit) & 1 == 1 {
                let offset = position * 11 + bit
                bits[offset / 8] |= 0x80 >> UInt8(offset % 8)
            }
        }
        let entropy = Array(bits.prefix(entropyBytes))
        let expected = SHA256.hash(entropy)[0] >> UInt8(8 - checksumBits)
        let actual = UInt8(readBits(bits, from: entropyBytes * 8, count: checksumBits))
        guard expected == actual else { throw BIP39Error.checksumMismatch }
        return entropy
    }

    /// The 64-byte seed: PBKDF2-HMAC-SHA512 over NFKD(`mnemonic`) with salt NFKD("mnemonic" +
    /// `passphrase`), 2048 iterations. `mnemonic` is used exactly as given (normalise it first).
    public static func seed(mnemonic: String, passphrase: String = "") -> [UInt8] {
        let password = Array(mnemonic.decomposedStringWithCompatibilityMapping.utf8)
        let salt = Array(("mnemonic" + passphrase).decomposedStringWithCompatibilityMapping.utf8)
        return PBKDF2.sha512(password: password, salt: salt, iterations: 2048, length: 64)
    }

    /// Splits a typed or pasted phrase into lowercase words, dropping surrounding and repeated whitespace.
    public static func normalize(_ phrase: String) -> [String] {
        phrase.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Reads `count` (≤ 16) bits MSB-first starting at bit `from`.
    private static func readBits(_ bytes: [UInt8], from start: Int, count: Int) -> Int {
        var value = 0
        for offset in start..<(start + count) {
            value = value << 1 | Int(bytes[offset / 8] >> UInt8(7 - offset % 8) & 1)
        }
        return value
    }
}
