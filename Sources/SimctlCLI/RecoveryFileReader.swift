import PubkyCrypto

/// Reads a Ring recovery file as spec/03 §14 documents it, from the primitives up: `pubky.org/recovery`
/// (or `pkarr.org/recovery`), 0x0A, a 24-byte nonce, the XSalsa20-Poly1305 box of the 32-byte secret,
/// keyed by Argon2id (v0x13, 19456 KiB, 2 passes, 1 lane, 32 bytes) of the passphrase with the salt
/// `recovery`. It shares no code with the `RecoveryFile` that Ring's export and import both use, so a
/// bug they share cannot make a check of the exported file pass.
enum RecoveryFileReader {
    enum Failure: Error, Equatable, CustomStringConvertible {
        case notARecoveryFile
        case wrongSize(Int)
        case cannotOpen
        case keyDerivation(String)
        case notAKey

        var description: String {
            switch self {
            case .notARecoveryFile:
                return "it does not begin with `pubky.org/recovery` or `pkarr.org/recovery` and a newline"
            case .wrongSize(let size): return "it has \(size) bytes, not the format's 91"
            case .cannotOpen:
                return "the box does not open with this passphrase (a wrong passphrase or a corrupted file)"
            case .keyDerivation(let reason): return "Argon2id failed: \(reason)"
            case .notAKey: return "the decrypted secret is not an Ed25519 key"
            }
        }
    }

    /// What the file holds.
    struct Contents: Equatable {
        /// The header line without its newline.
        var header: String
        var secret: [UInt8]
        var pubky: String
    }

    static let headers = ["pubky.org/recovery", "pkarr.org/recovery"]
    static let size = 91

    static func decrypt(_ bytes: [UInt8], passphrase: String) throws(Failure) -> Contents {
        guard
            let header = headers.first(where: { bytes.starts(with: Array($0.utf8) + [0x0A]) })
        else { throw .notARecoveryFile }
        guard bytes.count == size else { throw .wrongSize(bytes.count) }
        let body = Array(bytes.dropFirst(header.utf8.count + 1))
        let nonce = Array(body.prefix(24))
        let box = Array(body.dropFirst(24))
        let key: [UInt8]
        do {
            key = try Argon2id.hash(
                password: Array(passphrase.utf8), salt: Array("recovery".utf8), memoryKiB: 19456, iterations: 2,
                parallelism: 1, length: 32)
        } catch {
            throw .keyDerivation("\(error)")
        }
        guard let secret = SecretBox.open(box, key: key, nonce: nonce), secret.count == 32 else { throw .cannotOpen }
        guard let pair = Ed25519KeyPair(seed: secret) else { throw .notAKey }
        return Contents(header: header, secret: secret, pubky: pair.pubky)
    }
}
