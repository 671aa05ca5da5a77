import Foundation
import PubkyCrypto
import PubkyProtocol

/// What a scanned, pasted or delivered text is, in Ring's parse priority (spec/03 §11): migration
/// frame, auth links (signup, direct signup, sign-in), invite code, secret key, recovery phrase.
enum RingInput: Equatable {
    case auth(AuthLink)
    case invite(String)
    case secret(String)
    case mnemonic(String)
    case unrecognized

    /// Parses already cleaned-up text (`RingLinkCleanup.clean`).
    init(parsing text: String) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("pubkyring://migrate"), let key = Self.parameter("key", in: text) {
            self = Self(key: key)
            return
        }
        if lowered.hasPrefix("pubkyauth:") || lowered.hasPrefix("pubkyring:") {
            if let link = try? AuthLink(parsing: text, mode: .lenientRing) {
                self = .auth(link)
            } else {
                self = .unrecognized
            }
            return
        }
        if Self.isInvite(text.uppercased()) {
            self = .invite(text.uppercased())
            return
        }
        self = Self(key: text)
    }

    /// A secret key or a recovery phrase.
    private init(key: String) {
        let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
        if Hex.isSecret(trimmed.lowercased()) {
            self = .secret(trimmed.lowercased())
        } else if (try? BIP39.validate(BIP39.normalize(trimmed))) != nil {
            self = .mnemonic(BIP39.normalize(trimmed).joined(separator: " "))
        } else {
            self = .unrecognized
        }
    }

    /// `XXXX-XXXX-XXXX` in Crockford base32 (spec/04 §7).
    private static func isInvite(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.count == 3
            && groups.allSatisfy { $0.count == 4 && $0.utf8.allSatisfy(crockford.contains) }
    }

    private static let crockford = Set("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    private static func parameter(_ name: String, in text: String) -> String? {
        URLComponents(string: text)?.queryItems?.first { $0.name == name }?.value
    }
}
