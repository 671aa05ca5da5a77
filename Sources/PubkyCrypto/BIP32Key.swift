/// A BIP32 extended private key on secp256k1 (wallet side only, spec/04 §4).
public struct BIP32Key: Sendable, Hashable {
    /// Indices at or above this are hardened (`'` or `h` in a path).
    public static let hardenedOffset: UInt32 = 0x8000_0000

    /// The 32-byte secret key.
    public let key: [UInt8]
    /// The 32-byte chain code.
    public let chainCode: [UInt8]
    /// 0 for the master key.
    public let depth: UInt8
    /// First 4 bytes of HASH160 of the parent's public key; zero for the master key.
    public let parentFingerprint: [UInt8]
    /// The index this key was derived with; 0 for the master key.
    public let childNumber: UInt32
    /// The 33-byte compressed public key.
    public let publicKey: [UInt8]

    private init(
        key: [UInt8], chainCode: [UInt8], depth: UInt8, parentFingerprint: [UInt8], childNumber: UInt32
    ) throws {
        guard let publicKey = Secp256k1.compressedPublicKey(key) else {
            throw BIP32Error.invalidDerivedKey(index: depth == 0 ? nil : childNumber)
        }
        self.key = key
        self.chainCode = chainCode
        self.depth = depth
        self.parentFingerprint = parentFingerprint
        self.childNumber = childNumber
        self.publicKey = publicKey
    }

    /// The master key: HMAC-SHA512(key "Bitcoin seed", seed) split into key and chain code.
    public static func master(seed: [UInt8]) throws -> BIP32Key {
        guard (16...64).contains(seed.count) else { throw BIP32Error.invalidSeedLength(seed.count) }
        let i = HMAC.sha512(key: Array("Bitcoin seed".utf8), message: seed)
        return try BIP32Key(
            key: Array(i[0..<32]), chainCode: Array(i[32..<64]), depth: 0,
            parentFingerprint: [0, 0, 0, 0],
            childNumber: 0)
    }

    /// The private child at `index`; `index >= hardenedOffset` derives a hardened child.
    public func child(_ index: UInt32) throws -> BIP32Key {
        guard depth < UInt8.max else { throw BIP32Error.depthOverflow }
        let data = index >= Self.hardenedOffset ? [0] + key : publicKey
        let i = HMAC.sha512(
            key: chainCode, message: data + withUnsafeBytes(of: index.bigEndian, Array.init))
        guard let childKey = Secp256k1.add(key, tweak: Array(i[0..<32])) else {
            throw BIP32Error.invalidDerivedKey(index: index)
        }
        return try BIP32Key(
            key: childKey, chainCode: Array(i[32..<64]), depth: depth + 1, parentFingerprint: fingerprint,
            childNumber: index)
    }

    /// Derives `path` (`m`, `m/0'/1/2h`, …) relative to this key, which should be the master key.
    public func derive(path: String) throws -> BIP32Key {
        var components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.first == "m" else { throw BIP32Error.invalidPath(path) }
        components.removeFirst()
        var current = self
        for component in components {
            var digits = Substring(component)
            var offset: UInt32 = 0
            if let last = digits.last, last == "'" || last == "h" || last == "H" {
                digits = digits.dropLast()
                offset = Self.hardenedOffset
            }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = UInt32(digits), number < Self.hardenedOffset
            else { throw BIP32Error.invalidPath(path) }
            current = try current.child(number + offset)
        }
        return current
    }

    /// First 4 bytes of HASH160 (RIPEMD-160 of SHA-256) of the public key.
    public var fingerprint: [UInt8] { Array(RIPEMD160.hash(SHA256.hash(publicKey)).prefix(4)) }

    /// The mainnet extended private key (`xprv…`, version `0488ade4`), Base58Check.
    public var xprv: String { serialize(version: [0x04, 0x88, 0xad, 0xe4], keyData: [0] + key) }

    /// The mainnet extended public key (`xpub…`, version `0488b21e`), Base58Check.
    public var xpub: String { serialize(version: [0x04, 0x88, 0xb2, 0x1e], keyData: publicKey) }

    private func serialize(version: [UInt8], keyData: [UInt8]) -> String {
        let payload =
            version + [depth] + parentFingerprint + withUnsafeBytes(of: childNumber.bigEndian, Array.init)
            + chainCode
            + keyData
        return Base58.encodeCheck(payload)
    }
}
