import ContractNames
import Foundation
import IdentitySharing
import Keychain
import PubkyCrypto

/// Ring's `SharedPubkyStore` (spec/07 §3): SharedPreferences `shared_pubky` in Ring's sandbox, one
/// entry per pubky (the key exactly as given), each value Base64 of a 12-byte IV followed by the
/// AES-256-GCM ciphertext and tag of the secret, under the keystore key `shared_pubky` (made at
/// first use). Its bytes live in a folder (`init(folder:…)`, a world's sandbox) or in memory
/// (`init(memory:…)`, a phone in a test); every rule here holds for both.
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

    let storage: any SharedPubkyStorage
    /// Random bytes for the key and each IV (the world's seeded sequence, so a run replays).
    let random: @Sendable (Int) -> [UInt8]
    /// A keystore failure forced on a write (`set`) or a removal (`remove`, `removeAll`) of the
    /// record `app.pubkyring:<pubky>` (nil for `removeAll`): its message, or nil to go on.
    let fault: @Sendable (_ removal: Bool, _ record: String?) -> String?

    /// The store in Ring's sandbox `folder`, written atomically (and fsynced when `durable`).
    public init(
        folder: URL, durable: Bool, random: @escaping @Sendable (Int) -> [UInt8],
        fault: @escaping @Sendable (_ removal: Bool, _ record: String?) -> String? = { _, _ in nil }
    ) {
        self.init(storage: SharedPubkyFolder(folder: folder, durable: durable), random: random, fault: fault)
    }

    /// The store of a phone in memory.
    public init(
        memory: MemorySharedPubky, random: @escaping @Sendable (Int) -> [UInt8],
        fault: @escaping @Sendable (_ removal: Bool, _ record: String?) -> String? = { _, _ in nil }
    ) {
        self.init(storage: memory, random: random, fault: fault)
    }

    init(
        storage: any SharedPubkyStorage, random: @escaping @Sendable (Int) -> [UInt8],
        fault: @escaping @Sendable (_ removal: Bool, _ record: String?) -> String?
    ) {
        self.storage = storage
        self.random = random
        self.fault = fault
    }

    /// The message of a keystore operation the device refused with `status` (a fault armed on
    /// Ring's shared records, spec/07 §3).
    public static func keystoreRefusal(_ status: OSStatus) -> String {
        "android.security.KeyStoreException: the keystore refused the operation (status \(status.rawValue))"
    }

    private func record(_ pubky: String) -> String { AndroidContract.ringPackage + ":" + pubky }

    // MARK: Reading (Ring's provider)

    /// Every entry, in creation order; none when the file does not exist.
    public func entries() throws(Failure) -> [Entry] { try storage.loadEntries() }

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
        if writer == nil, let message = fault(false, record(pubky)) { throw Failure(message) }
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
        if let message = fault(true, record(pubky)) { throw Failure(message) }
        var entries = try entries()
        guard entries.contains(where: { $0.pubky == pubky }) else { return false }
        entries.removeAll { $0.pubky == pubky }
        try write(entries)
        return true
    }

    /// `removeAllOwned`: clears the file in one step; returns the pubkys it held.
    @discardableResult
    public func removeAll() throws(Failure) -> [String] {
        if let message = fault(true, nil) { throw Failure(message) }
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

    private func write(_ entries: [Entry]) throws(Failure) { try storage.saveEntries(entries) }

    private func existingKey() throws(Failure) -> [UInt8]? { try storage.loadKey() }

    private func keyMadeAtFirstUse() throws(Failure) -> [UInt8] {
        if let key = try existingKey() { return key }
        let key = random(AESGCM.keyLength)
        try storage.saveKey(key)
        return key
    }
}
