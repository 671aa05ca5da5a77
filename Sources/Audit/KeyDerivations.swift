import Foundation
import PubkyCrypto
import Synchronization

/// The audit's key derivations, remembered for the life of the process. They are pure functions of
/// their input, and a race audits hundreds of copies of the same world: re-deriving Bitkit's key
/// from its mnemonic (2,048 rounds of PBKDF2) was most of an iteration's audit.
public enum KeyDerivations {
    private static let pubkys = Memo()
    private static let mnemonics = Memo()

    /// The pubky of a 64-hex secret, or nil when it is not one.
    public static func pubky(secretHex: String) -> String? {
        pubkys.value(for: secretHex) { Ed25519KeyPair(secretHex: $0)?.pubky }
    }

    /// The secret (hex) Bitkit derives from a BIP39 mnemonic, or nil when it is not one.
    public static func secretHex(mnemonic: String) -> String? {
        mnemonics.value(for: mnemonic) { try? PubkySecret.fromMnemonic($0).secretHex }
    }

    /// One derivation's answers, shared by the harness's worker threads.
    private final class Memo: Sendable {
        private let answers = Mutex<[String: String?]>([:])

        func value(for key: String, derive: (String) -> String?) -> String? {
            if let known = answers.withLock({ $0[key] }) { return known }
            // Derived outside the lock: two threads may both derive a new key, to the same answer.
            let value = derive(key)
            answers.withLock { answers in
                // A process audits a handful of distinct keys; the bound only guards against a runaway.
                if answers.count >= 10_000 { answers.removeAll() }
                answers[key] = .some(value)
            }
            return value
        }
    }
}
