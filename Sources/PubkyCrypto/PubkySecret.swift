/// The pubky identity both apps derive from a recovery phrase (spec/04 §4).
public enum PubkySecret {
    /// Normalises and validates `phrase`, then returns the key pair whose secret is the first 32 bytes of
    /// its BIP39 seed with the **empty** passphrase — a wallet passphrase never affects the pubky.
    public static func fromMnemonic(_ phrase: String) throws -> Ed25519KeyPair {
        let words = BIP39.normalize(phrase)
        try BIP39.validate(words)
        let seed = BIP39.seed(mnemonic: words.joined(separator: " "))
        guard let pair = Ed25519KeyPair(seed: Array(seed.prefix(32))) else {
            throw PubkySecretError.keyDerivationFailed
        }
        return pair
    }
}

/// Why `PubkySecret` could not produce a key pair from a valid phrase.
public enum PubkySecretError: Error, Equatable, CustomStringConvertible {
    /// libsodium could not be initialised or refused the seed.
    case keyDerivationFailed

    public var description: String { "Could not derive the Ed25519 key from the recovery phrase" }
}
