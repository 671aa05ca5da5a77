import Synchronization

/// Ring's `shared_pubky` store held in memory: the entries and the keystore key of one simulated
/// phone, for tests that drive Ring's real native module and provider without a disk. Give every
/// `SharedPubkyStore` of the phone the same value (`SharedPubkyStore(memory:random:)`) and Ring's
/// module and its provider share it as they share the file on a device. One mutex serializes calls.
public final class MemorySharedPubky: Sendable {
    private let contents = Mutex<(entries: [SharedPubkyStore.Entry], key: [UInt8]?)>(([], nil))

    public init() {}
}

extension MemorySharedPubky: SharedPubkyStorage {
    func loadEntries() -> [SharedPubkyStore.Entry] { contents.withLock { $0.entries } }
    func saveEntries(_ entries: [SharedPubkyStore.Entry]) { contents.withLock { $0.entries = entries } }
    func loadKey() -> [UInt8]? { contents.withLock { $0.key } }
    func saveKey(_ key: [UInt8]) { contents.withLock { $0.key = key } }
}
