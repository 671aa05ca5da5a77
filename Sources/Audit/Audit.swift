import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import Platforms
import PubkyCrypto
import Simulation
import WorldFiles

/// Checks a world's journal and files against the contract's invariants (DESIGN §6). Records that a
/// tool injected on purpose (written by `simctl`) are exempt: the journal says who wrote what.
public struct Audit: Sendable {
    public let world: World

    public init(world: World) { self.world = world }

    public func run() throws -> AuditReport {
        try world.requireExists()
        let entries = try Journal(world: world).read().entries
        // A device file the audit cannot read is audited as the default platform's; the checks
        // that read the world's files then say what is wrong with it.
        let os = (try? PlatformOS.open(world).os) ?? PlatformOS.of(.default)
        var violations: [AuditViolation] = []
        violations += Self.checkPrefixes(entries)
        violations += try checkSecrets()
        violations += try checkRingSecretsStayOutOfBitkit()
        violations += Self.checkClearedOnlyAfterNotFound(entries, sourceLoss: os.policy.sourceLoss)
        violations += Self.checkWipes(entries)
        if os.invariants.contains(.ringStoreHoldsOnlyOwnSecrets) {
            violations += try checkRingStoreHoldsOnlyOwnSecrets()
        }
        if os.invariants.contains(.noRowsToUntrustedCallers) {
            violations += Self.checkNoRowsToUntrustedCallers(entries)
        }
        if os.invariants.contains(.servedSecretsDerive) { violations += Self.checkServedSecretsDerive(entries) }
        return AuditReport(journalEntries: entries.count, invariants: os.invariants, violations: violations)
    }

    // MARK: Journal invariants (the neutral `sharing` events, whatever the platform)

    /// An app's sharing call that may change what is shared (`simctl`'s direct writes are exempt).
    static func isSharingWrite(_ entry: JournalEntry) -> Bool {
        guard case .sharing(let op) = entry.kind, op.writes else { return false }
        return AppKind(rawValue: entry.app) != nil
    }

    /// Own prefix only, one record per offer or withdrawal, network isolation: every record an
    /// app's sharing call changed is under the app's own prefix.
    static func checkPrefixes(_ entries: [JournalEntry]) -> [AuditViolation] {
        var violations: [AuditViolation] = []
        for entry in entries where isSharingWrite(entry) {
            if entry.kind != .sharing(.withdrawAll), entry.account == nil {
                violations.append(
                    AuditViolation(
                        .ownPrefixOnly,
                        "\(entry.app) ran a sharing \(entry.op ?? "") without naming the record", evidence: [entry]))
                continue
            }
            guard let owner = entry.owner else { continue }
            for record in entry.records ?? [] where !record.hasPrefix(owner + ":") {
                let target = SharedContract.owner(ofAccount: record)
                let bothBitkit =
                    SharedContract.bitkitSourceApps.contains(owner)
                    && target.map(SharedContract.bitkitSourceApps.contains) == true
                violations.append(
                    AuditViolation(
                        bothBitkit ? .networkIsolation : .ownPrefixOnly,
                        "\(entry.app) (owner \(owner)) ran \(entry.op ?? "") on \(record)", evidence: [entry]))
            }
        }
        return violations
    }

    /// Every `source-lost` of Bitkit follows, in the same app run, a sharing answer that the record
    /// is definitely absent: a presence check or a read of that record answered `absent`; or, where
    /// the platform's source loss is a listing without it (Android, spec/07 §8), such a listing.
    static func checkClearedOnlyAfterNotFound(
        _ entries: [JournalEntry], sourceLoss: SharingPolicy.SourceLoss
    ) -> [AuditViolation] {
        var violations: [AuditViolation] = []
        for (index, entry) in entries.enumerated()
        where entry.kind == .identity(.sourceLost) {
            let proof = entries[..<index].last { candidate in
                guard candidate.runID == entry.runID else { return false }
                if sourceLoss == .listedWithout, candidate.kind == .sharing(.list),
                    candidate.result == SharingResult.listed.rawValue, let account = entry.account
                {
                    return !(candidate.records ?? []).contains(account)
                }
                return (candidate.kind == .sharing(.presence) || candidate.kind == .sharing(.credential))
                    && candidate.account == entry.account && candidate.result == SharingResult.absent.rawValue
            }
            if proof == nil {
                violations.append(
                    AuditViolation(
                        .clearedOnlyAfterNotFound,
                        "\(entry.app) cleared its adopted identity \(entry.account ?? "?") without a definite absence of that record first",
                        evidence: [entry]))
            }
        }
        return violations
    }

    /// Replays what the device shares from the sharing events; at each `wipe end`, none of the
    /// wiper's own records may remain.
    static func checkWipes(_ entries: [JournalEntry]) -> [AuditViolation] {
        var present: [String: JournalEntry] = [:]
        var owners: [JournalEntry.RunID: String] = [:]
        var violations: [AuditViolation] = []
        for entry in entries {
            if case .sharing(let op) = entry.kind, op.writes {
                for record in entry.records ?? [] {
                    switch op {
                    case .offer, .inject: present[record] = entry
                    case .withdraw, .withdrawAll, .remove: present[record] = nil
                    case .list, .credential, .presence: break
                    }
                }
            }
            if case .sharing = entry.kind, let owner = entry.owner { owners[entry.runID] = owner }
            guard entry.kind == .wipe(.end), let owner = entry.owner ?? owners[entry.runID] else {
                continue
            }
            let left = present.keys.filter { $0.hasPrefix(owner + ":") }.sorted()
            if !left.isEmpty {
                violations.append(
                    AuditViolation(
                        .wipeRemovesOwnRecords,
                        "\(entry.app)'s wipe ended with its own record(s) still present: \(left.joined(separator: ", "))",
                        evidence: [entry] + left.compactMap { present[$0] }))
            }
        }
        return violations
    }

    // MARK: World invariants

    /// Records an app shares must be valid secrets of their pubky (records `simctl` injected on
    /// purpose are exempt).
    func checkSecrets() throws -> [AuditViolation] {
        try sharedRecords().compactMap { record in
            guard record.writer != "simctl", record.validSecret == false, let owner = record.owner else { return nil }
            let pubky = String(record.record.dropFirst(owner.count + 1))
            return AuditViolation(
                .validSecrets, "\(record.writer) wrote \(record.record) with a value that is not the secret of \(pubky)"
            )
        }
    }

    static let androidSecretKey = AndroidContract.bitkitKeyNames[BitkitStoreKey.secretKey] ?? BitkitStoreKey.secretKey

    /// What the device shares now, through the platform's neutral view.
    func sharedRecords() throws -> [SharedRecord] {
        try SharedRecords.read(world, derive: KeyDerivations.pubky(secretHex:)).records
    }

    /// No Ring secret in Bitkit's sandbox files, private keychain groups or the device's Files. On
    /// Android, Ring's secrets are also what its `shared_pubky` store serves (through the shared
    /// records), and every co-installed Bitkit flavour's sandbox counts as Bitkit's (spec/07 §1.1).
    func checkRingSecretsStayOutOfBitkit() throws -> [AuditViolation] {
        var ringSecrets = Set<String>()
        for record in try sharedRecords() where record.owner == SharedContract.ringSourceApp {
            ringSecrets.formUnion(Self.secrets(in: record.bytes))
        }
        let ringPrivate = world.groupDirectory(SharedContract.ringPrivateGroup)
        if FileManager.default.fileExists(atPath: ringPrivate.path) {
            for item in try KeychainGroupStore(directory: ringPrivate, accessGroup: SharedContract.ringPrivateGroup)
                .inspect().items
            {
                ringSecrets.formUnion(Self.secrets(in: item.data))
            }
        }
        // Bitkit's own key may legitimately equal a key Ring imported (same mnemonic in both apps).
        let bitkitGroups = world.privateGroupsOnDisk().filter { $0.hasPrefix(SharedContract.bitkitPrivateGroupPrefix) }
        var bitkitItems: [(String, [UInt8])] = []
        for group in bitkitGroups {
            for item in try KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).inspect()
                .items
            {
                bitkitItems.append(("\(group)/\(item.account)", item.data))
                if item.account == BitkitStoreKey.secretKey || item.account == Self.androidSecretKey {
                    ringSecrets.subtract(Self.secrets(in: item.data))
                }
                if item.account == BitkitStoreKey.mnemonic, let words = String(validating: item.data, as: UTF8.self),
                    let own = KeyDerivations.secretHex(mnemonic: words)
                {
                    ringSecrets.remove(own)
                }
            }
        }
        guard !ringSecrets.isEmpty else { return [] }
        var violations: [AuditViolation] = []
        func check(_ place: String, _ bytes: [UInt8]) -> Set<String> {
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            // In order: the violations come out the same in every run.
            return ringSecrets.filter { text.contains($0) || Self.containsRaw(bytes, secretHex: $0) }
        }
        for (place, bytes) in bitkitItems {
            for _ in check(place, bytes) {
                violations.append(AuditViolation(.noRingSecretInBitkit, "Bitkit stores a Ring secret in \(place)"))
            }
        }
        // Other Bitkit packages installed beside the first live under `sandboxes/packages/` (never on iOS).
        let flavours = AndroidContract.bitkitPackages.map { world.sandbox(.bitkit, package: $0) }
        for folder in [world.sandbox(.bitkit), world.files] + flavours {
            for file in Self.files(under: folder) {
                var found = Set<String>()
                Self.scanChunks(of: file.path) { found.formUnion(check(file.path, $0)) }
                for _ in found {
                    violations.append(
                        AuditViolation(.noRingSecretInBitkit, "Bitkit stores a Ring secret in \(file.path)"))
                }
            }
        }
        return violations
    }

    /// Reads a file of any size in overlapping 1 MiB windows, so a secret across a window's edge is
    /// still seen and a huge file is never held in memory.
    static func scanChunks(of path: String, _ body: ([UInt8]) -> Void) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let window = 1 << 20
        // Longer than the hex form of a secret (64 bytes) minus one.
        let overlap = 127
        var carried: [UInt8] = []
        while true {
            guard let data = try? handle.read(upToCount: window), !data.isEmpty else { break }
            let chunk = carried + [UInt8](data)
            body(chunk)
            carried = Array(chunk.suffix(overlap))
        }
    }

    /// Every 64-lowercase-hex run in `data` that derives a key.
    static func secrets(in data: [UInt8]) -> Set<String> {
        let text = String(decoding: data, as: UTF8.self)
        var found = Set<String>()
        var run = ""
        for character in text + " " {
            if character.isHexDigit, character.isLowercase || character.isNumber {
                run.append(character)
                continue
            }
            if run.count == 64, KeyDerivations.pubky(secretHex: run) != nil { found.insert(run) }
            run = ""
        }
        return found
    }

    static func containsRaw(_ bytes: [UInt8], secretHex: String) -> Bool {
        guard let raw = Hex.decode(secretHex), bytes.count >= raw.count else { return false }
        var index = 0
        while index + raw.count <= bytes.count {
            if bytes[index] == raw[0], Array(bytes[index..<(index + raw.count)]) == raw { return true }
            index += 1
        }
        return false
    }

    static func files(under folder: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }
}
