import ContractNames
import IOSPlatform
import IdentitySharing
import Keychain

/// An iOS phone in memory: one shared keychain group (`MemoryKeychain`) that Bitkit's and Ring's
/// real keychain exchanges read and write, gated by the device lock and the faults armed.
struct MemoryIOS: MemoryOS {
    let device: MemoryDevice
    private let os = IOSPhone()

    var platform: Platform { os.platform }
    var policy: SharingPolicy { os.policy }

    func bitkit(package: String) -> any IdentitySharing { bitkitExchange(package: package) }

    func bitkitExchange(package: String) -> BitkitKeychainExchange {
        // Every flavour is bundle `to.bitkit` on iOS; the package names its network's private group.
        let network = BitcoinNetwork.allCases.first { $0.bitkitSourceApp == package } ?? .regtest
        return BitkitKeychainExchange(
            keychain: device.keychain(
                bundleID: AppKind.bitkit.bundleID,
                entitlements: [network.bitkitPrivateGroup, SharedContract.accessGroup]),
            ownSourceApp: package)
    }

    func ring() -> any IdentitySharing {
        RingKeychainExchange(
            keychain: device.keychain(
                bundleID: AppKind.ring.bundleID,
                entitlements: [SharedContract.ringPrivateGroup, SharedContract.accessGroup]))
    }

    /// Bitkit publishes its own shared record (spec/02 §15).
    func bitkitShares(pubky: String, secret: String, package: String) {
        _ = bitkit(package: package).offer(pubky: pubky, secret: secret) {}
    }

    func bitkitStopsSharing(package: String) { _ = bitkit(package: package).withdrawAll { _ in } }

    /// The app's build lacks the access-group entitlement: every keychain call fails with −34018.
    func revokeAccess(of app: AppKind) {
        device.state.withLock { state in
            state.faults += KeychainOperation.allCases.map {
                MemoryPhone.Fault(bundleID: app.bundleID, operation: $0, status: .missingEntitlement)
            }
        }
    }

    /// Trust is the access-group entitlement, not a certificate: nothing changes.
    func install(_ package: String, certificate: String) {}

    /// The shared group's records, account → data.
    var sharedRecords: [String: String] {
        Dictionary(
            sharedItems.map { ($0.account, String(decoding: $0.data, as: UTF8.self)) },
            uniquingKeysWith: { first, _ in first })
    }

    var sharedItems: [KeychainItem] {
        (try? KeychainGroupStore(memory: device.keychain, accessGroup: SharedContract.accessGroup).inspect().items)
            ?? []
    }
}
