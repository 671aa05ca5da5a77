import ContractNames
import Foundation
import PubkyCrypto
import SafeFiles

/// Where Ring's `shared_pubky` store keeps its entries and its keystore key: files in Ring's
/// sandbox (`SharedPubkyFolder`, a world's, shared by processes) or memory (`MemorySharedPubky`,
/// one phone inside a test). `SharedPubkyStore` applies every rule (creation order, in-place
/// overwrite, sealing, the key made at first use, keystore faults) above this line, so the two
/// stores behave alike by construction; only bytes differ.
protocol SharedPubkyStorage: Sendable {
    /// The entries in creation order; none when nothing was ever written.
    func loadEntries() throws(SharedPubkyStore.Failure) -> [SharedPubkyStore.Entry]
    /// Replaces the entries whole: a reader sees the old list or the new one, never a mix.
    func saveEntries(_ entries: [SharedPubkyStore.Entry]) throws(SharedPubkyStore.Failure)
    /// The keystore key; nil when none was made yet.
    func loadKey() throws(SharedPubkyStore.Failure) -> [UInt8]?
    func saveKey(_ key: [UInt8]) throws(SharedPubkyStore.Failure)
}

/// The store on disk (spec/07 §3): SharedPreferences file `shared_prefs/shared_pubky.json` in Ring's
/// sandbox, replaced atomically so Ring's provider sees each write at once and whole, and the
/// keystore key as hex in `keystore/shared_pubky.key`.
struct SharedPubkyFolder: SharedPubkyStorage {
    /// Ring's sandbox folder.
    let folder: URL
    let durable: Bool

    private struct File: Codable {
        var entries: [SharedPubkyStore.Entry]
    }

    var fileURL: URL {
        folder.appendingPathComponent("shared_prefs/\(AndroidContract.ringStoreName).json", isDirectory: false)
    }
    var keyURL: URL {
        folder.appendingPathComponent("keystore/\(AndroidContract.ringStoreName).key", isDirectory: false)
    }

    func loadEntries() throws(SharedPubkyStore.Failure) -> [SharedPubkyStore.Entry] {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            if !FileManager.default.fileExists(atPath: fileURL.path) { return [] }
            throw .init("cannot read \(fileURL.lastPathComponent): \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(File.self, from: data).entries
        } catch {
            throw .init("\(fileURL.lastPathComponent) is malformed: \(error)")
        }
    }

    func saveEntries(_ entries: [SharedPubkyStore.Entry]) throws(SharedPubkyStore.Failure) {
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(
                try encoder.encode(File(entries: entries)) + Data("\n".utf8), to: fileURL, durable: durable)
        } catch {
            throw .init("cannot write \(fileURL.lastPathComponent): \(error)")
        }
    }

    func loadKey() throws(SharedPubkyStore.Failure) -> [UInt8]? {
        guard let text = try? String(contentsOf: keyURL, encoding: .utf8) else { return nil }
        guard let key = Hex.decode(text.trimmingCharacters(in: .whitespacesAndNewlines)), key.count == AESGCM.keyLength
        else { throw .init("the keystore key \(AndroidContract.ringStoreName) is malformed") }
        return key
    }

    func saveKey(_ key: [UInt8]) throws(SharedPubkyStore.Failure) {
        do {
            try FileManager.default.createDirectory(
                at: keyURL.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(Data(Hex.encode(key).utf8), to: keyURL, durable: durable)
        } catch {
            throw .init("cannot create the keystore key \(AndroidContract.ringStoreName): \(error)")
        }
    }
}
