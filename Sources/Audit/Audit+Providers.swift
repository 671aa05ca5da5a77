import AndroidPlatform
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import PubkyCrypto
import Simulation

/// The invariants that exist only where the apps share through content providers (spec/07). The
/// iOS invariants hold there too; these add what providers can get wrong: what Ring mirrors, who
/// gets rows, and what a credential row holds.
extension Audit {
    // MARK: Ring's store (world)

    /// Every entry Ring itself wrote into `shared_pubky` (entries `simctl` planted are exempt) is a
    /// pubky Ring owns — one with a secret item in Ring's private store — and holds the secret
    /// stored there: Ring mirrors only its own keys, never an adopted Bitkit key (spec/07 §3).
    /// Ring saves the private item before it mirrors it and removes the mirror first, so a world
    /// at rest, even after a crash, has no mirror without its item.
    func checkRingStoreHoldsOnlyOwnSecrets() throws -> [AuditViolation] {
        // Read only: `random` draws keys and IVs for writes, which the audit never makes.
        let store = SharedPubkyStore(
            folder: world.sandbox(.ring), durable: false, random: { [UInt8](repeating: 0, count: $0) })
        let entries = try store.entries().filter { $0.writer == nil }
        guard !entries.isEmpty else { return [] }
        let owned = try ringOwnedSecrets()
        var violations: [AuditViolation] = []
        for entry in entries {
            guard let held = owned[entry.pubky] else {
                violations.append(
                    AuditViolation(
                        .ringStoreHoldsOnlyOwnSecrets,
                        "Ring's \(AndroidContract.ringStoreName) holds an entry for \(entry.pubky), which Ring does not own (no private item)"
                    ))
                continue
            }
            // An entry that no longer decrypts holds no secret anyone can read.
            if let secret = store.decrypt(entry.value), secret != held {
                violations.append(
                    AuditViolation(
                        .ringStoreHoldsOnlyOwnSecrets,
                        "Ring's \(AndroidContract.ringStoreName) entry for \(entry.pubky) holds another secret than the one Ring stores for it"
                    ))
            }
        }
        return violations
    }

    /// Ring's owned pubkys and their stored secrets: the private items whose service is a pubky (not
    /// a `pubky-session:` item), valued `{"secretKey":…,"mnemonic":…}` or, legacy, the bare hex.
    func ringOwnedSecrets() throws -> [String: String] {
        let folder = world.groupDirectory(SharedContract.ringPrivateGroup)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [:] }
        struct Stored: Decodable { var secretKey: String }
        var owned: [String: String] = [:]
        for item in try KeychainGroupStore(directory: folder, accessGroup: SharedContract.ringPrivateGroup).inspect()
            .items where !item.service.hasPrefix("pubky-session:")
        {
            let text = String(decoding: item.data, as: UTF8.self)
            if Hex.isSecret(text) {
                owned[item.service] = text
            } else if let stored = try? JSONDecoder().decode(Stored.self, from: Data(item.data)) {
                owned[item.service] = stored.secretKey
            }
        }
        return owned
    }

    // MARK: Provider calls (journal)

    /// No `provider` call answered rows to a caller whose certificate differed from the provider
    /// package's at the call, or whose grant of the provider's permission `simctl provider revoke`
    /// had taken away (until `simctl provider clear`). Calls journalled before entries carried
    /// certificates are judged on the grant alone.
    static func checkNoRowsToUntrustedCallers(_ entries: [JournalEntry]) -> [AuditViolation] {
        var revoked = Set<String>()
        var violations: [AuditViolation] = []
        for entry in entries {
            if entry.app == "simctl", entry.kind == .device(.revoke), let detail = entry.detail {
                revoked.insert(detail)
            }
            if entry.app == "simctl", entry.kind == .device(.providerClear) { revoked.removeAll() }
            guard entry.kind == .provider(.query), (entry.count ?? 0) > 0, let provider = entry.peer,
                let app = AppKind(rawValue: entry.app)
            else { continue }
            let caller = entry.owner ?? entry.app
            if let mine = entry.certificate, let theirs = entry.peerCertificate, mine != theirs {
                violations.append(
                    AuditViolation(
                        .noRowsToUntrustedCallers,
                        "\(provider)'s provider answered \(entry.count ?? 0) row(s) to \(caller), signed by \(mine), not \(theirs)",
                        evidence: [entry]))
            } else if revoked.contains(
                RevokedGrant(app: app, permission: AndroidContract.permission(of: provider)).journalDetail)
            {
                violations.append(
                    AuditViolation(
                        .noRowsToUntrustedCallers,
                        "\(provider)'s provider answered \(entry.count ?? 0) row(s) to \(caller), whose grant of \(AndroidContract.permission(of: provider)) was revoked",
                        evidence: [entry]))
            }
        }
        return violations
    }

    /// Every credential a provider served (`derives` on its `provider` entry) derived the row's
    /// pubky. Ring's provider serves what its store holds unchecked, so an entry `simctl provider
    /// put` planted — until Ring overwrites or removes it — is exempt, as elsewhere in the audit.
    /// Bitkit's provider serves `PUBKY_SECRET_KEY` only when it derives the listed pubky (spec/07 §2).
    static func checkServedSecretsDerive(_ entries: [JournalEntry]) -> [AuditViolation] {
        let ringPrefix = AndroidContract.ringPackage + ":"
        var planted = Set<String>()
        var violations: [AuditViolation] = []
        for entry in entries {
            if entry.app == "simctl", case .device(let op) = entry.kind, let detail = entry.detail {
                let pubky = String(detail.dropFirst(AndroidContract.storeEntryDetail("").count))
                if detail == AndroidContract.storeEntryDetail(pubky) {
                    switch op {
                    case .providerPut, .corrupt: planted.insert(pubky)
                    case .providerRemove: planted.remove(pubky)
                    default: break
                    }
                }
            }
            // Ring's own write or removal of an entry ends what a tool planted there.
            if entry.app == AppKind.ring.rawValue, case .sharing(let op) = entry.kind, op.writes {
                for record in entry.records ?? [] where record.hasPrefix(ringPrefix) {
                    planted.remove(String(record.dropFirst(ringPrefix.count)))
                }
            }
            guard entry.kind == .provider(.query), entry.derives == false else { continue }
            let pubkys = entry.records ?? []
            if entry.peer == AndroidContract.ringPackage, !pubkys.isEmpty, pubkys.allSatisfy(planted.contains) {
                continue
            }
            violations.append(
                AuditViolation(
                    .servedSecretsDerive,
                    "\(entry.peer ?? "?")'s provider served \(entry.owner ?? entry.app) a credential for \(pubkys.joined(separator: ", ")) whose secret does not derive it",
                    evidence: [entry]))
        }
        return violations
    }
}
