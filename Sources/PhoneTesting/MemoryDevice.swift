import ContractNames
import Foundation
import Keychain
import Synchronization

/// The state of one phone in memory that both platforms' pieces read: the keychain (every app's
/// groups), the lock, armed keychain faults and each Bitkit package's private store.
final class MemoryDevice: Sendable {
    struct State: Sendable {
        var locked = false
        var faults: [MemoryPhone.Fault] = []
        /// Bitkit package → its private store (key → value), what `PUBKY_SECRET_KEY` is read from.
        var privateStores: [String: [String: String]] = [:]
    }

    let keychain = MemoryKeychain()
    let state = Mutex(State())
    let now: Date

    init(now: Date) { self.now = now }

    /// The first armed fault of `bundleID` on `operation` for `account`, if any.
    func fault(bundleID: String, operation: KeychainOperation, account: String?) -> OSStatus? {
        state.withLock { state in
            state.faults.first {
                $0.bundleID == bundleID && $0.operation == operation && ($0.account == nil || $0.account == account)
            }?.status
        }
    }

    /// The keychain an app with `bundleID` and `entitlements` calls.
    func keychain(bundleID: String, entitlements: [String]) -> Keychain {
        Keychain(
            caller: KeychainCaller(
                bundleID: bundleID, entitlements: entitlements,
                protection: { [self] in state.withLock { $0.locked } ? .locked : .unlocked },
                fault: { [self] operation, _, account in
                    fault(bundleID: bundleID, operation: operation, account: account)
                },
                now: { [now] in now }),
            memory: keychain)
    }

    func privateStore(of package: String) -> [String: String] { state.withLock { $0.privateStores[package] ?? [:] } }
}
