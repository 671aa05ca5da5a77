/// Why a mnemonic or its entropy was rejected.
public enum BIP39Error: Error, Equatable, CustomStringConvertible {
    /// Entropy must be 16, 20, 24, 28 or 32 bytes.
    case invalidEntropyLength(Int)
    /// A mnemonic has 12, 15, 18, 21 or 24 words.
    case badWordCount(Int)
    /// The word at `position` (0-based) is not in the English wordlist.
    case unknownWord(String, position: Int)
    /// Every word is known but the checksum bits do not match the entropy.
    case checksumMismatch

    public var description: String {
        switch self {
        case .invalidEntropyLength(let count):
            return "BIP39 entropy must be 16, 20, 24, 28 or 32 bytes, got \(count)"
        case .badWordCount(let count):
            return "A recovery phrase has 12, 15, 18, 21 or 24 words, got \(count)"
        case .unknownWord(let word, let position):
            return "Word \(position + 1) (\"\(word)\") is not in the BIP39 English wordlist"
        case .checksumMismatch:
            return "The recovery phrase checksum does not match"
        }
    }
}
