import PubkyCrypto

/// Checks on the text forms of keys the backend accepts.
enum Keys {
    /// True for a canonical 52-character z-base-32 key that is a valid Ed25519 point.
    static func isPublicKey(_ text: String) -> Bool {
        guard let bytes = ZBase32.decodeKey(text) else { return false }
        return Ed25519.isValidPublicKey(bytes)
    }
}
