import AppRuntime
import ContractNames
import Device
import IdentitySharing
import Keychain

extension BitkitApp {
    /// Bitkit on its device: its private store is its keychain group for the build's network (on
    /// Android the model of its encrypted DataStore `keychain`, with Android's key names), and it
    /// shares identities through the shared keychain group (iOS) or content providers (Android);
    /// not at all before the shared keychain.
    public init(
        environment: AppEnvironment, install: InstalledApp, keychain: Keychain,
        sharedService: String = SharedContract.service, backend: @escaping BackendFactory,
        paykitNetwork: @escaping PaykitNetworkFactory = SimulatedPaykitNetwork.factory
    ) {
        let network = install.network ?? .regtest
        var privateStore = BitkitPrivateKeychain(keychain: keychain, accessGroup: network.bitkitPrivateGroup)
        privateStore.wipeNamesItsGroup = !install.has(.wipeRemovesAllShared)
        if install.platform == .android { privateStore.storedNames = AndroidContract.bitkitKeyNames }
        self.init(
            environment: environment, install: install, privateStore: privateStore,
            sharing: environment.sharing(install: install, keychain: keychain, service: sharedService),
            backend: backend, paykitNetwork: paykitNetwork)
    }

    /// The full state dump (`state --json`): what is stored where, and the app's memory.
    public func state() throws -> BitkitStateSnapshot {
        try BitkitStateSnapshot.inspect(self)
    }
}

/// Bitkit's shared-record calls of spec/01 §10 one by one, with their statuses (`bitkit-sim
/// keychain …`): the keychain answers them even for a build that never makes them itself.
public struct BitkitSharedRecordCalls: Sendable {
    public let exchange: BitkitKeychainExchange
    let environment: AppEnvironment

    public init(app: BitkitApp, keychain: Keychain, service: String = SharedContract.service) {
        exchange = app.environment.bitkitExchange(install: app.install, keychain: keychain, service: service)
        environment = app.environment
    }

    /// `removeAllOwn()` called on its own, passing `bitkit.removeAllOwn.before-delete` before each delete.
    public func removeAllOwnRecords() -> Withdrawal {
        exchange.withdrawAll { _ in environment.checkpoint(BitkitCheckpoint.removeAllOwnBeforeDelete) }
    }
}
