import AndroidPlatform
import ContractNames
import IdentitySharing
import Keychain
import Synchronization

/// An Android phone in memory (spec/07): a package table (each package and its signing
/// certificate), the grants a world switch revoked, per-path provider faults, Bitkit's providers
/// reading `PUBKY_SECRET_KEY` live from each package's private store, and Ring's `shared_pubky`
/// store (`MemorySharedPubky`). Bitkit's client and Ring's native module are the real ones, over
/// the real resolver, permission check and providers.
final class MemoryAndroid: MemoryOS {
    struct Table: Sendable {
        /// Installed package → its certificate (Ring and the regtest Bitkit, both debug-signed, at first).
        var installs: [String: String] = [
            AndroidContract.ringPackage: MemoryPhone.debugCertificate,
            BitcoinNetwork.regtest.bitkitSourceApp: MemoryPhone.debugCertificate,
        ]
        /// (calling package, permission) pairs whose grant was revoked.
        var revoked: Set<[String]> = []
        var faults: [String: ContentResolver.Fault] = [:]
        /// Requests for random bytes Ring's store made (its key, then one IV per write).
        var draws = 0
    }

    let device: MemoryDevice
    let table = Mutex(Table())
    private let ringStore = MemorySharedPubky()
    private let os = AndroidPhone()

    init(device: MemoryDevice) { self.device = device }

    var platform: Platform { os.platform }
    var policy: SharingPolicy { os.policy }

    // MARK: The package manager

    func install(_ package: String, certificate: String) { table.withLock { $0.installs[package] = certificate } }

    func uninstall(_ package: String) {
        table.withLock { $0.installs[package] = nil }
        // Nothing outlives the app (spec/07 §9).
        if package == AndroidContract.ringPackage {
            _ = try? store(faults: false).removeAll()
        } else {
            device.state.withLock { $0.privateStores[package] = nil }
        }
    }

    func fault(authority: String, path: String, _ fault: ContentResolver.Fault?) {
        table.withLock { $0.faults["\(authority)/\(path)"] = fault }
    }

    /// The installed package claiming `authority`, with its provider's code.
    private func resolve(_ authority: String) -> ContentResolver.Package? {
        guard
            let (package, certificate) = table.withLock({ table in
                table.installs.first { AndroidContract.authority(of: $0.key) == authority }
            })
        else { return nil }
        return ContentResolver.Package(name: package, certificate: certificate, provider: provider(of: package))
    }

    private func provider(of package: String) -> any ContentProvider {
        if package == AndroidContract.ringPackage { return RingSharedPubkyProvider(store: store(faults: true)) }
        return BitkitSharedPubkyProvider(loadSecretKey: { [device] in
            device.privateStore(of: package)[BitkitStoreKey.secretKey]
        })
    }

    /// The content resolver of `package`, under the system's own grant rule.
    func resolver(caller package: String) -> ContentResolver {
        let certificate = table.withLock { $0.installs[package] } ?? MemoryPhone.debugCertificate
        return ContentResolver(
            caller: ContentResolver.Package(name: package, certificate: certificate, provider: nil),
            resolve: { [self] in resolve($0) },
            revoked: { [self] permission in table.withLock { $0.revoked.contains([package, permission]) } },
            fault: { [self] authority, path in table.withLock { $0.faults["\(authority)/\(path)"] } })
    }

    /// Ring's store; its keystore fails where a keychain fault of Ring's on the shared group is
    /// armed, as `simctl fault add --app ring` does on an Android world.
    func store(faults: Bool) -> SharedPubkyStore {
        SharedPubkyStore(
            memory: ringStore,
            random: { [self] count in
                let draw = table.withLock { table in
                    defer { table.draws += 1 }
                    return table.draws
                }
                return (0..<count).map { UInt8(truncatingIfNeeded: draw &* 37 &+ $0 &+ 1) }
            },
            fault: { [device] removal, record in
                guard faults,
                    let status = device.fault(
                        bundleID: AppKind.ring.bundleID, operation: removal ? .delete : .write, account: record)
                else { return nil }
                return SharedPubkyStore.keystoreRefusal(status)
            })
    }

    // MARK: The exchanges

    func bitkit(package: String) -> any IdentitySharing {
        BitkitProviderClient(resolver: resolver(caller: package), ownSourceApp: package)
    }

    func ring() -> any IdentitySharing {
        RingProviderModule(resolver: resolver(caller: AndroidContract.ringPackage), store: store(faults: true))
    }

    /// Bitkit's provider serves `PUBKY_SECRET_KEY` live once the package's private store holds it
    /// (spec/07 §2): there is no publish step.
    func bitkitShares(pubky: String, secret: String, package: String) {
        if table.withLock({ $0.installs[package] }) == nil {
            install(package, certificate: MemoryPhone.debugCertificate)
        }
        device.state.withLock { $0.privateStores[package, default: [:]][BitkitStoreKey.secretKey] = secret }
    }

    func bitkitStopsSharing(package: String) {
        device.state.withLock { _ = $0.privateStores[package]?.removeValue(forKey: BitkitStoreKey.secretKey) }
    }

    /// The app's grants of the other app's signature permissions are revoked (a world switch).
    func revokeAccess(of app: AppKind) {
        let caller = app == .ring ? AndroidContract.ringPackage : BitcoinNetwork.regtest.bitkitSourceApp
        let owners = app == .ring ? AndroidContract.bitkitPackages : [AndroidContract.ringPackage]
        table.withLock { table in
            for owner in owners { table.revoked.insert([caller, AndroidContract.permission(of: owner)]) }
        }
    }

    /// What every installed provider serves a trusted caller (`ProviderRecords`, spec/07 §0 "SK").
    var sharedRecords: [String: String] {
        let installed = table.withLock { Array($0.installs.keys) }.map { package -> ProviderRecords.Installed in
            package == AndroidContract.ringPackage
                ? .ring(store(faults: false))
                : .bitkitKey(package: package, stored: device.privateStore(of: package)[BitkitStoreKey.secretKey])
        }
        let records = (try? ProviderRecords.read(installed, showSecrets: true)) ?? []
        return Dictionary(records.map { ($0.record, $0.secret ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}
