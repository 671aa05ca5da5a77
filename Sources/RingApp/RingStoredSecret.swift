import Foundation
import PubkyCrypto

/// The value of an owned pubky's private item: `{"secretKey":"<64 hex>","mnemonic":"<words or empty>"}`
/// (spec/03 §2.1). A legacy value holding only the hex is read with an empty mnemonic.
public struct RingStoredSecret: Sendable, Equatable {
    public var secretKey: String
    public var mnemonic: String

    public init(secretKey: String, mnemonic: String = "") {
        self.secretKey = secretKey
        self.mnemonic = mnemonic
    }

    /// The stored bytes, keys in the app's order.
    public var encoded: [UInt8] {
        Array("{\"secretKey\":\(Self.quoted(secretKey)),\"mnemonic\":\(Self.quoted(mnemonic))}".utf8)
    }

    /// Parses a stored value; `legacy` is true for a bare hex value that should be migrated.
    public static func decode(_ data: [UInt8]) -> (secret: RingStoredSecret, legacy: Bool)? {
        let text = String(decoding: data, as: UTF8.self)
        if Hex.isSecret(text) { return (RingStoredSecret(secretKey: text), true) }
        struct Value: Decodable {
            var secretKey: String
            var mnemonic: String?
        }
        guard let value = try? JSONDecoder().decode(Value.self, from: Data(data)) else { return nil }
        return (RingStoredSecret(secretKey: value.secretKey, mnemonic: value.mnemonic ?? ""), false)
    }

    /// The key pair of `pubky`, after checking that the secret is well-formed, derives `pubky`, and
    /// that a stored mnemonic regenerates both (spec/03 §2).
    public func keyPair(for pubky: String) throws(RingStoreError) -> Ed25519KeyPair {
        guard let pair = Ed25519KeyPair(secretHex: secretKey) else { throw .malformedSecret }
        if !mnemonic.isEmpty {
            guard let derived = try? PubkySecret.fromMnemonic(mnemonic), derived.secretHex == secretKey else {
                throw .mnemonicSecretMismatch
            }
        }
        guard pair.pubky == pubky else {
            throw mnemonic.isEmpty ? .secretDoesNotMatch : .mnemonicPubkyMismatch
        }
        return pair
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
