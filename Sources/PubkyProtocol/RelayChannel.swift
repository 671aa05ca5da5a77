import PubkyCrypto

/// The one-shot relay channel between requester and authenticator (spec/04 §6.2): addressed by
/// base64url(BLAKE3(client secret)), body `nonce(24) ‖ MAC(16) ‖ ciphertext` keyed by the secret.
public enum RelayChannel {
    /// Length of the random nonce that starts every non-empty body.
    public static let nonceLength = SecretBox.nonceLength

    /// The channel id: base64url without padding of the BLAKE3-256 hash of the 32-byte client secret.
    public static func channelID(secret: [UInt8]) throws(RelayChannelError) -> String {
        guard secret.count == 32 else { throw .invalidSecret }
        return Base64URL.encode(Blake3.hash(secret))
    }

    /// The channel URL: `relay` without one trailing `/`, then `/`, then the channel id.
    public static func url(relay: String, secret: [UInt8]) throws(RelayChannelError) -> String {
        let base = relay.hasSuffix("/") ? String(relay.dropLast()) : relay
        return base + "/" + (try channelID(secret: secret))
    }

    /// Encrypts `plaintext` with `nonce`; an empty plaintext is sent as an empty body.
    public static func seal(
        _ plaintext: [UInt8], secret: [UInt8], nonce: [UInt8]
    ) throws(RelayChannelError) -> [UInt8] {
        guard secret.count == SecretBox.keyLength else { throw .invalidSecret }
        guard nonce.count == nonceLength else { throw .invalidNonce }
        guard !plaintext.isEmpty else { return [] }
        return nonce + SecretBox.seal(plaintext, key: secret, nonce: nonce)
    }

    /// Encrypts `plaintext` with a fresh nonce drawn from `random`.
    public static func seal(
        _ plaintext: [UInt8], secret: [UInt8], random: inout some RandomSource
    ) throws(RelayChannelError) -> [UInt8] {
        try seal(plaintext, secret: secret, nonce: random.bytes(nonceLength))
    }

    /// Decrypts a body; an empty body is an empty plaintext, 1–23 bytes are an error.
    public static func open(_ body: [UInt8], secret: [UInt8]) throws(RelayChannelError) -> [UInt8] {
        guard secret.count == SecretBox.keyLength else { throw .invalidSecret }
        guard !body.isEmpty else { return [] }
        guard body.count >= nonceLength else { throw .bodyTooShort(body.count) }
        guard
            let plaintext = SecretBox.open(
                Array(body[nonceLength...]), key: secret, nonce: Array(body[..<nonceLength]))
        else { throw .decryptionFailed }
        return plaintext
    }
}
