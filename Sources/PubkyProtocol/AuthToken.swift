import PubkyCrypto

/// A signed AuthToken, version 0 (spec/04 §6.1): `signature(64) ‖ "PUBKY:AUTH" ‖ version ‖ timestamp(8,
/// BE µs) ‖ public key(32) ‖ LEB128 length ‖ UTF-8 capabilities`.
public struct AuthToken: Hashable, Sendable {
    /// The ASCII namespace `PUBKY:AUTH`.
    public static let namespace: [UInt8] = Array("PUBKY:AUTH".utf8)
    /// The only supported version.
    public static let currentVersion: UInt8 = 0
    /// Maximum distance between the token's timestamp and now: 180 s, in microseconds.
    public static let maxAgeMicroseconds: UInt64 = 180_000_000

    /// The complete encoded token.
    public let bytes: [UInt8]
    /// Signing time in microseconds since the Unix epoch.
    public let timestamp: UInt64
    /// The signer's public key.
    public let publicKey: PublicKey
    /// The signed capabilities text, as carried in the token.
    public let capabilitiesText: String

    // Offsets of the version-0 layout.
    private static let versionOffset = 74
    private static let timestampOffset = 75
    private static let keyOffset = 83
    private static let capabilitiesOffset = 115
    /// The signature skips the signature itself and the first namespace byte `P`; reproduced exactly.
    private static let signedFrom = 65

    /// The capabilities the token grants (invalid entries skipped).
    public var capabilities: Capabilities { Capabilities(parsing: capabilitiesText) }

    /// The 64-byte Ed25519 signature.
    public var signature: [UInt8] { Array(bytes[0..<64]) }

    /// Signs a token for `capabilities`, normalised first, at `timestamp` (µs since the epoch).
    public static func sign(
        keyPair: Ed25519KeyPair, capabilities: Capabilities, timestamp: UInt64
    ) -> AuthToken {
        let text = capabilities.normalizedForSigning.description
        var body = namespace
        body.append(currentVersion)
        withUnsafeBytes(of: timestamp.bigEndian) { body.append(contentsOf: $0) }
        body.append(contentsOf: keyPair.publicKey)
        let utf8 = Array(text.utf8)
        Varint.append(UInt64(utf8.count), to: &body)
        body.append(contentsOf: utf8)
        let signature = keyPair.sign(Array(body[1...]))
        return AuthToken(
            bytes: signature + body, timestamp: timestamp, publicKey: PublicKey(keyPair),
            capabilitiesText: text)
    }

    /// Decodes a token without verifying it; see `verify(now:isReplay:)`.
    public init(bytes: [UInt8]) throws(AuthTokenError) {
        guard bytes.count > Self.capabilitiesOffset else { throw .tooShort(bytes.count) }
        guard Array(bytes[64..<Self.versionOffset]) == Self.namespace else { throw .badNamespace }
        let version = bytes[Self.versionOffset]
        guard version == Self.currentVersion else { throw .unsupportedVersion(version) }
        var offset = Self.capabilitiesOffset
        guard let length = Varint.read(bytes, at: &offset), length == UInt64(bytes.count - offset)
        else {
            throw .badCapabilitiesLength
        }
        guard let text = String(validating: bytes[offset...], as: UTF8.self) else {
            throw .badCapabilitiesEncoding
        }
        var timestamp: UInt64 = 0
        for byte in bytes[Self.timestampOffset..<Self.keyOffset] {
            timestamp = timestamp << 8 | UInt64(byte)
        }
        let key = PublicKey(uncheckedBytes: Array(bytes[Self.keyOffset..<Self.capabilitiesOffset]))
        self.init(bytes: bytes, timestamp: timestamp, publicKey: key, capabilitiesText: text)
    }

    private init(bytes: [UInt8], timestamp: UInt64, publicKey: PublicKey, capabilitiesText: String) {
        self.bytes = bytes
        self.timestamp = timestamp
        self.publicKey = publicKey
        self.capabilitiesText = capabilitiesText
    }

    /// True when the signature over bytes 65..end verifies for the embedded public key.
    public var hasValidSignature: Bool {
        Ed25519.verify(
            signature: signature, message: Array(bytes[Self.signedFrom...]), publicKey: publicKey.bytes)
    }

    /// Verifies in the homeserver's order: time window (±180 s around `now`, µs), signature, then
    /// replay. `isReplay(timestamp, publicKey)` is asked last, only for otherwise valid tokens, and
    /// answers whether that pair was already used (a caller typically records it at the same time).
    public func verify(now: UInt64, isReplay: (UInt64, [UInt8]) -> Bool) throws(AuthTokenError) {
        if timestamp > now {
            guard timestamp - now <= Self.maxAgeMicroseconds else { throw .tooFarInFuture }
        } else {
            guard now - timestamp <= Self.maxAgeMicroseconds else { throw .expired }
        }
        guard hasValidSignature else { throw .badSignature }
        guard !isReplay(timestamp, publicKey.bytes) else { throw .alreadyUsed }
    }

    /// Decodes and verifies `bytes` in one step, as a homeserver does on `/signup` and `/session`.
    public static func verified(
        bytes: [UInt8], now: UInt64, isReplay: (UInt64, [UInt8]) -> Bool
    ) throws(AuthTokenError) -> AuthToken {
        let token = try AuthToken(bytes: bytes)
        try token.verify(now: now, isReplay: isReplay)
        return token
    }
}
