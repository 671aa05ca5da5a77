import Foundation
import PubkyCrypto

/// The audit's key derivations, remembered for the life of the process. They are pure functions of
/// their input, and a race audits hundreds of copies of the same world: re-deriving Bitkit's key
/// from its mnemonic (2,048 rounds of PBKDF2) was most of an iteration's audit.
enum KeyDerivations {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pubkys: [String: String?] = [:]
    nonisolated(unsafe) private static var mnemonics: [String: String?] = [:]

    /// The pubky of a 64-hex secret, or nil when it is not one.
    static func pubky(secretHex: String) -> String? {
        remembered(secretHex, in: &pubkys) { Ed25519KeyPair(secretHex: $0)?.pubky }
    }

    /// The secret (hex) Bitkit derives from a BIP39 mnemonic, or nil when it is not one.
    static func secretHex(mnemonic: String) -> String? {
        remembered(mnemonic, in: &mnemonics) { try? PubkySecret.fromMnemonic($0).secretHex }
    }

    private static func remembered(
        _ key: String, in table: inout [String: String?], derive: (String) -> String?
    ) -> String? {
        lock.lock()
        if let known = table[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let value = derive(key)
        lock.lock()
        // A process audits a handful of distinct keys; the bound only guards against a runaway.
        if table.count > 10_000 { table.removeAll() }
        table[key] = .some(value)
        lock.unlock()
        return value
    }
}
