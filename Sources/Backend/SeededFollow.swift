import PubkyCrypto

/// The follows `simctl backend seed-follows` makes (spec/09 §1.4), fixed so scenarios can name them:
/// follow i (from 1) has the secret SHA-256(ASCII `follow-<i>`) and the pubky.app profile name
/// `Follow <i>` with at least two digits.
public enum SeededFollow {
    /// Follow `index`'s 64-hex secret.
    public static func secretHex(_ index: Int) -> String {
        Hex.encode(SHA256.hash(Array("follow-\(index)".utf8)))
    }

    /// Follow `index`'s key pair (every SHA-256 output is a valid Ed25519 seed).
    public static func keyPair(_ index: Int) -> Ed25519KeyPair? {
        Ed25519KeyPair(seed: SHA256.hash(Array("follow-\(index)".utf8)))
    }

    /// Follow `index`'s profile name: `Follow 01` … `Follow 99`, `Follow 100` ….
    public static func profileName(_ index: Int) -> String {
        index < 10 ? "Follow 0\(index)" : "Follow \(index)"
    }
}
