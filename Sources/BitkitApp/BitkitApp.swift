import AppRuntime
import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain

/// Bitkit on the simulated device: one `send` is one user action, run on the app's main actor
/// against its stores (private keychain, UserDefaults, memory), the shared group and the network.
public struct BitkitApp: Sendable {
    /// Makes the app's network client for one action (called at most once per action, lazily).
    public typealias BackendFactory = @Sendable (AppEnvironment) throws -> BitkitBackend
    /// Makes the payment-request network client for one action (lazily, at most once).
    public typealias PaykitNetworkFactory = @Sendable (AppEnvironment, BitcoinNetwork) throws -> PaykitNetwork

    public let environment: AppEnvironment
    public let install: InstalledApp
    public let keychain: Keychain
    /// `pubky.shared.v1`; automated tests may pass `unit-tests.pubky.shared.v1`.
    public let sharedService: String
    let makeBackend: BackendFactory
    let makePaykitNetwork: PaykitNetworkFactory

    public init(
        environment: AppEnvironment, install: InstalledApp, keychain: Keychain,
        sharedService: String = SharedContract.service, backend: @escaping BackendFactory,
        paykitNetwork: @escaping PaykitNetworkFactory = SimulatedPaykitNetwork.factory
    ) {
        self.environment = environment
        self.install = install
        self.keychain = keychain
        self.sharedService = sharedService
        self.makeBackend = backend
        self.makePaykitNetwork = paykitNetwork
    }

    /// The build's network (every Bitkit install has one; regtest by default).
    public var network: BitcoinNetwork { install.network ?? .regtest }

    /// The app's container.
    public var sandbox: Sandbox { Sandbox(world: environment.world, app: .bitkit) }

    /// How this build shares identities with Ring (none for a build from before the shared keychain).
    public var sharing: any IdentitySharing {
        environment.sharing(install: install, keychain: keychain, service: sharedService)
    }

    /// Bitkit's shared-record calls of spec/01 §10 one by one, with their statuses (`bitkit-sim
    /// keychain …`): the keychain answers them even for a build that never makes them itself.
    public var sharedRecordCalls: BitkitKeychainExchange {
        environment.bitkitExchange(install: install, keychain: keychain, service: sharedService)
    }

    /// Bitkit's private keychain for this build.
    public var privateKeychain: BitkitPrivateKeychain {
        BitkitPrivateKeychain(keychain: keychain, accessGroup: network.bitkitPrivateGroup)
    }

    /// `removeAllOwn()` called on its own (`bitkit-sim keychain remove-all-own`), passing
    /// `bitkit.removeAllOwn.before-delete` before each delete.
    public func removeAllOwnRecords() -> Withdrawal {
        sharedRecordCalls.withdrawAll { _ in environment.checkpoint(BitkitCheckpoint.removeAllOwnBeforeDelete) }
    }

    /// Runs one user action and returns the screen it leaves.
    public func send(_ action: BitkitAction) throws -> BitkitOutcome {
        try AppKernel<BitkitCheckpoint>.act(environment) { kernel in
            let runtime = try BitkitRuntime(app: self, kernel: kernel)
            try runtime.run(action)
            return runtime.outcome()
        }
    }

    /// The full state dump (`state --json`): what is stored where, and the app's memory.
    public func state() throws -> BitkitStateSnapshot {
        try BitkitStateSnapshot.inspect(self)
    }

    /// The Pubky part of a metadata backup taken now (spec/02 §20). Never contains a secret.
    public func backupSnapshot() throws -> BackupDocument {
        try sandbox.withMainActor(run: environment.run) { _ in
            let defaults = try sandbox.load(BitkitDefaults.self, "defaults") ?? BitkitDefaults()
            if defaults.reference != nil { return BackupDocument(pubkySession: nil) }
            let hasKey = (try? privateKeychain.hasValue(BitkitPrivateKeychain.Key.secretKey)) ?? false
            return BackupDocument(pubkySession: hasKey ? .localSeed : nil)
        }
    }
}
