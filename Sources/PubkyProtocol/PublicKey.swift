import PubkyCrypto

/// A validated bare Ed25519 public key: exactly 32 bytes, written as 52 canonical z-base-32 symbols
/// (spec/04 §3).
public struct PublicKey: Hashable, Sendable, CustomStringConvertible {
    /// The 32 raw key bytes.
    public let bytes: [UInt8]

    /// Wraps 32 raw bytes; nil for any other length. The curve point is not checked here (see
    /// `isValidPoint`) because records and links may name keys that are never used for verification.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    /// The public key of `keyPair`.
    public init(_ keyPair: Ed25519KeyPair) {
        self.init(uncheckedBytes: keyPair.publicKey)
    }

    /// For byte arrays whose length the caller has already fixed at 32.
    init(uncheckedBytes bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Strictly decodes a bare key: 52 lowercase alphabet symbols whose unused trailing bits are zero.
    public init?(z32: String) {
        guard let bytes = ZBase32.decodeKey(z32) else { return nil }
        self.bytes = bytes
    }

    /// The bare 52-character z-base-32 form.
    public var z32: String { ZBase32.encode(bytes) }

    /// The display form `pubky<z32>`.
    public var prefixed: String { PubkyKey.prefix + z32 }

    /// True when the key is a valid curve point, i.e. usable to verify signatures (spec/04 §2).
    public var isValidPoint: Bool { Ed25519.isValidPublicKey(bytes) }

    public var description: String { z32 }
}
