import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import PubkyCrypto
import Simulation

extension AndroidPhone {
    /// The content resolver of the app `caller` installs, on the device of `environment` (spec/07
    /// §1.3–§1.4): the package manager reads the device's installs, a provider's body is its owner's
    /// code reading the owner's store live (Bitkit's private keychain, Ring's `shared_pubky`), and
    /// each query is journalled and passes a scheduling point mid-call.
    public func contentResolver(caller install: InstalledApp, in environment: AppEnvironment) -> ContentResolver {
        let phone = self
        let caller = ContentResolver.Package(name: install.package, certificate: install.certificate, provider: nil)
        return ContentResolver(
            caller: caller,
            resolve: { authority in phone.resolveProvider(authority, in: environment) },
            revoked: { permission in
                let revoked =
                    environment.run.failures.recording(environment.world.deviceFile.path) {
                        try environment.device.read().revokedGrants
                    } ?? []
                return revoked.contains(RevokedGrant(app: environment.app, permission: permission))
            },
            fault: { authority, path in
                let faults =
                    environment.run.failures.recording(environment.world.deviceFile.path) {
                        try environment.device.read().providerFaults
                    } ?? []
                guard let fault = faults.last(where: { $0.matches(authority: authority, path: path) }) else {
                    return nil
                }
                return fault.exception.map(ContentResolver.Fault.exception) ?? .nullCursor
            },
            pass: { authority, path, package in
                environment.run.crash?.pass("provider query \(authority)/\(path)", app: environment.app.rawValue)
                environment.pass(
                    .provider(
                        authority: authority, path: path, reads: Self.providerReads(package),
                        app: environment.app, holdsMainActor: environment.run.mainActor.isHeld))
            },
            record: { call in Self.record(call, in: environment) })
    }

    /// What a package's provider reads: Bitkit's private keychain group, or Ring's sandbox.
    static func providerReads(_ package: String) -> [String] {
        if package == AndroidContract.ringPackage { return SchedulingPoint.sandboxResource(.ring) }
        let network = BitcoinNetwork.allCases.first { $0.bitkitSourceApp == package } ?? .regtest
        return ["keychain", network.bitkitPrivateGroup]
    }

    /// The installed package whose provider has `authority`, with that provider's code.
    func resolveProvider(_ authority: String, in environment: AppEnvironment) -> ContentResolver.Package? {
        guard
            let state = environment.run.failures.recording(
                environment.world.deviceFile.path, { try environment.device.read() })
        else { return nil }
        for install in state.allInstalls where AndroidContract.authority(of: install.package) == authority {
            switch install.kind {
            case .bitkit:
                // A build from before the shared keychain has no provider.
                guard install.build.sharesKeys else { return nil }
                return ContentResolver.Package(
                    name: install.package, certificate: install.certificate,
                    provider: bitkitProvider(install, in: environment))
            case .ring:
                return ContentResolver.Package(
                    name: install.package, certificate: install.certificate,
                    provider: RingSharedPubkyProvider(store: ringSharedPubkyStore(in: environment)))
            }
        }
        return nil
    }

    /// Bitkit's provider for `install`, reading `PUBKY_SECRET_KEY` from its private keychain as
    /// Bitkit does (its keychain calls are Bitkit's in the journal), under the store's own lock.
    func bitkitProvider(_ install: InstalledApp, in environment: AppEnvironment) -> BitkitSharedPubkyProvider {
        // The provider reads only the private group of `install`'s network: no sandbox, no package.
        let owner = AppEnvironment(world: environment.world, app: .bitkit, run: environment.run)
        let keychain = keychain(for: install, in: owner, schedules: false)
        let group = install.privateGroup
        let key = storedName(ofBitkitKey: BitkitStoreKey.secretKey)
        return BitkitSharedPubkyProvider(
            loadSecretKey: { () throws(BitkitSharedPubkyProvider.LoadFailure) -> String? in
                let result = keychain.copyMatching(
                    KeychainQuery(service: nil, account: key, accessGroup: group), limit: .one, returnData: true)
                if result.status == .itemNotFound { return nil }
                guard result.status == .success, let item = result.items.first,
                    let text = String(validating: item.data, as: UTF8.self)
                else { throw .init("PUBKY_SECRET_KEY could not be loaded (status \(result.status.rawValue))") }
                return text
            },
            log: { line in owner.record(JournalEntry(app: AppKind.bitkit.rawValue, kind: .log(.sharing), detail: line))
            })
    }

    /// Ring's `shared_pubky` store in its sandbox; keys and IVs come from the world's random sequence.
    /// `faults` false for a tool's own writes (`simctl provider put`), which no fault rule of Ring's may hit.
    public func ringSharedPubkyStore(in environment: AppEnvironment, faults: Bool = true) -> SharedPubkyStore {
        SharedPubkyStore(
            folder: environment.world.sandbox(.ring), durable: environment.world.durable,
            random: { count in
                var random = SeededRandom(seed: environment.drawSeed())
                return random.bytes(count)
            },
            fault: { removal, record in
                guard faults else { return nil }
                // `simctl fault add --app ring` on the shared group hits Ring's native calls here: on
                // Android its shared records are the store's entries (spec/07 §3, a keystore error).
                let status =
                    environment.run.failures.recording(environment.world.deviceFile.path) {
                        try environment.device.consumeFault(
                            app: environment.app, operation: removal ? .delete : .write,
                            group: SharedContract.accessGroup, account: record)
                    } ?? nil
                return status.map(SharedPubkyStore.keystoreRefusal)
            })
    }

    /// Journals one provider call as a `provider` event of the calling app.
    static func record(_ call: ContentResolver.Call, in environment: AppEnvironment) {
        var entry = JournalEntry(
            app: environment.app.rawValue, kind: .provider(.query), service: call.authority, account: call.path,
            count: call.count, detail: call.message)
        entry.owner = call.caller
        entry.peer = call.provider
        entry.result = call.outcome
        entry.records = call.pubkys
        entry.certificate = call.callerCertificate
        entry.peerCertificate = call.providerCertificate
        entry.derives = call.derives
        environment.record(entry)
    }

    /// Bitkit's side of Android sharing for `install`: its content-provider client, every call
    /// journalled as a `sharing` event beside the `provider` events it causes.
    public func bitkitProviderClient(install: InstalledApp, in environment: AppEnvironment) -> BitkitProviderClient {
        BitkitProviderClient(
            resolver: contentResolver(caller: install, in: environment), ownSourceApp: install.package,
            report: environment.sharingReport(owner: install.package))
    }

    /// Ring's side of Android sharing: its native module over its store and Bitkit's providers.
    public func ringProviderModule(install: InstalledApp, in environment: AppEnvironment) -> RingProviderModule {
        RingProviderModule(
            resolver: contentResolver(caller: install, in: environment), store: ringSharedPubkyStore(in: environment),
            report: environment.sharingReport(owner: AndroidContract.ringPackage))
    }
}
