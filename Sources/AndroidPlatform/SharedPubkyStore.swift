import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import SafeFiles

/// Ring's `SharedPubkyStore` (spec/07 §3): SharedPreferences file `shared_pubky` in Ring's sandbox,
/// one entry per pubky (the key exactly as given), each value Base64 of a 12-byte IV followed by
/// the AES-256-GCM ciphertext and tag of the secret, under the keystore key `shared_pubky` (made at
/// first use). Writes replace the file atomically, so Ring's provider sees each at once and whole.
public struct SharedPubkyStore: Sendable {
    /// A native failure: Ring rejects with code `shared_pubky` and this message (spec/07 §3).
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// One stored entry, in creation order.
    public struct Entry: Codable, Sendable, Equatable {
        public var pubky: String
        /// Base64 (no line wrap) of IV ‖ ciphertext ‖ tag.
        public var value: String
        /// Simulator bookkeeping, not Android's: `simctl` for an entry a tool planted on purpose (the
        /// audit exempts it); nil for Ring's own writes.
        public var writer: String?
    }

    private struct File: Codable {
        var entries: [Entry]
    }

    /// Ring's sandbox folder.
    public let folder: URL
    let durable: Bool
    /// Random bytes for the key and each IV (the world's seeded sequence, so a run replays).
    let random: @Sendable (Int) -> [UInt8]

    public init(folder: URL, durable: Bool, random: @escaping @Sendable (Int) -> [UInt8]) {
        self.folder = folder
        self.durable = durable
        self.random = random
    }

    var fileURL: URL { folder.appendingPathComponent("shared_prefs/\(AndroidContract.ringStoreName).json") }
    var keyURL: URL { folder.appendingPathComponent("keystore/\(AndroidContract.ringStoreName).key") }

    // MARK: Reading (Ring's provider)

    /// Every entry, in creation order; none when the file does not exist.
    public func entries() throws(Failure) -> [Entry] {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            if !FileManager.default.fileExists(atPath: fileURL.path) { return [] }
            throw Failure("cannot read \(fileURL.lastPathComponent): \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(File.self, from: data).entries
        } catch {
            throw Failure("\(fileURL.lastPathComponent) is malformed: \(error)")
        }
    }

    /// The secret of the entry for exactly `pubky`: nil when there is none or it does not decrypt.
    public func secret(of pubky: String) throws(Failure) -> String? {
        guard let entry = try entries().last(where: { $0.pubky == pubky }) else { return nil }
        return decrypt(entry.value)
    }

    /// The secret sealed in `value`, nil when it does not decrypt (wrong key, tampered, truncated).
    public func decrypt(_ value: String) -> String? {
        guard let key = try? existingKey(), let sealed = Data(base64Encoded: value).map(Array.init),
            sealed.count > AESGCM.nonceLength
        else { return nil }
        let nonce = Array(sealed.prefix(AESGCM.nonceLength))
        guard let plain = AESGCM.open(Array(sealed.dropFirst(AESGCM.nonceLength)), key: key, nonce: nonce) else {
            return nil
        }
        return String(validating: plain, as: UTF8.self)
    }

    // MARK: Writing (Ring's native module)

    /// `setOwned`: seals `secret` and writes it in place of any entry for `pubky` (no window
    /// without it), keeping its position.
    public func set(pubky: String, secret: String, writer: String? = nil) throws(Failure) {
        let key = try keyMadeAtFirstUse()
        let nonce = random(AESGCM.nonceLength)
        guard let sealed = AESGCM.seal(Array(secret.utf8), key: key, nonce: nonce) else {
            throw Failure("AES/GCM/NoPadding is not available on this device")
        }
        let value = Data(nonce + sealed).base64EncodedString()
        var entries = try entries()
        if let index = entries.firstIndex(where: { $0.pubky == pubky }) {
            entries[index].value = value
            entries[index].writer = writer
        } else {
            entries.append(Entry(pubky: pubky, value: value, writer: writer))
        }
        try write(entries)
    }

    /// The entry for exactly `pubky`, if any.
    public func entry(_ pubky: String) throws(Failure) -> Entry? {
        try entries().last { $0.pubky == pubky }
    }

    /// `removeOwned`: removes the entry for `pubky`; none is fine. Returns whether one was there.
    @discardableResult
    public func remove(pubky: String) throws(Failure) -> Bool {
        var entries = try entries()
        guard entries.contains(where: { $0.pubky == pubky }) else { return false }
        entries.removeAll { $0.pubky == pubky }
        try write(entries)
        return true
    }

    /// `removeAllOwned`: clears the file in one step; returns the pubkys it held.
    @discardableResult
    public func removeAll() throws(Failure) -> [String] {
        let removed = ((try? entries()) ?? []).map(\.pubky)
        try write([])
        return removed
    }

    /// Replaces one entry's stored value as it is (a test or `simctl` fault: an undecryptable entry).
    public func overwrite(pubky: String, value: String) throws(Failure) {
        var entries = try entries()
        if let index = entries.firstIndex(where: { $0.pubky == pubky }) {
            entries[index].value = value
            entries[index].writer = "simctl"
        } else {
            entries.append(Entry(pubky: pubky, value: value, writer: "simctl"))
        }
        try write(entries)
    }

    private func write(_ entries: [Entry]) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(
                try encoder.encode(File(entries: entries)) + Data("\n".utf8), to: fileURL, durable: durable)
        } catch {
            throw Failure("cannot write \(fileURL.lastPathComponent): \(error)")
        }
    }

    private func existingKey() throws -> [UInt8]? {
        guard let text = try? String(contentsOf: keyURL, encoding: .utf8) else { return nil }
        guard let key = Hex.decode(text.trimmingCharacters(in: .whitespacesAndNewlines)), key.count == AESGCM.keyLength
        else { throw Failure("the keystore key \(AndroidContract.ringStoreName) is malformed") }
        return key
    }

    private func keyMadeAtFirstUse() throws(Failure) -> [UInt8] {
        do {
            if let key = try existingKey() { return key }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure("\(error)")
        }
        let key = random(AESGCM.keyLength)
        do {
            try FileManager.default.createDirectory(
                at: keyURL.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(Data(Hex.encode(key).utf8), to: keyURL, durable: durable)
        } catch {
            throw Failure("cannot create the keystore key \(AndroidContract.ringStoreName): \(error)")
        }
        return key
    }
}
