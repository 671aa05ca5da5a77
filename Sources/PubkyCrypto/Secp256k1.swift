import CSecp256k1

/// The process-wide libsecp256k1 context, created on first use. It is only read after creation, which
/// libsecp256k1 documents as thread-safe.
enum Secp256k1 {
    private struct Context: @unchecked Sendable { let pointer: OpaquePointer? }
    private static let shared = Context(
        pointer: secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)))

    static var context: OpaquePointer? { shared.pointer }

    /// True for a 32-byte big-endian scalar in 1..<n.
    static func isValidSecretKey(_ key: [UInt8]) -> Bool {
        guard key.count == 32, let context else { return false }
        return secp256k1_ec_seckey_verify(context, key) == 1
    }

    /// The 33-byte compressed public key of a valid secret key.
    static func compressedPublicKey(_ key: [UInt8]) -> [UInt8]? {
        guard isValidSecretKey(key), let context else { return nil }
        var point = secp256k1_pubkey()
        guard secp256k1_ec_pubkey_create(context, &point, key) == 1 else { return nil }
        var output = [UInt8](repeating: 0, count: 33)
        var length = 33
        guard
            secp256k1_ec_pubkey_serialize(
                context, &output, &length, &point, UInt32(SECP256K1_EC_COMPRESSED)) == 1,
            length == 33
        else { return nil }
        return output
    }

    /// `key + tweak mod n`; nil when the tweak is ≥ n or the sum is zero.
    static func add(_ key: [UInt8], tweak: [UInt8]) -> [UInt8]? {
        guard isValidSecretKey(key), tweak.count == 32, let context else { return nil }
        var sum = key
        guard secp256k1_ec_seckey_tweak_add(context, &sum, tweak) == 1 else { return nil }
        return sum
    }
}
