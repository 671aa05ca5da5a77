import AppRuntime
import ContractNames
import Device
import IdentitySharing
import Keychain

extension BitkitApp {
    /// Bitkit on its device: its private store is its keychain group for the build's network (on
    /// Android the model of its encrypted DataStore `keychain`, under the names the device's OS
    /// gives its keys), and it shares identities as the device's OS does (`PhoneOS.sharing`): not
    /// at all before the shared keychain.
    public init(
        environment: AppEnvironment, install: InstalledApp, os: any PhoneOS, keychain: Keychain,
        sharedService: String = SharedContract.service, backend: @escaping BackendFactory,
        paykitNetwork: @escaping PaykitNetworkFactory = SimulatedPaykitNetwork.factory
    ) {
        let network = install.network ?? .regtest
        var privateStore = BitkitPrivateKeychain(keychain: keychain, accessGroup: network.bitkitPrivateGroup)
        privateStore.wipeNamesItsGroup = !install.has(.wipeRemovesAllShared)
        privateStore.storedNames = os.bitkitKeyNames
        self.init(
            environment: environment, install: install, os: os, privateStore: privateStore,
            sharing: os.sharing(of: install, in: environment, keychain: keychain, service: sharedService),
            backend: backend, paykitNetwork: paykitNetwork)
    }

    /// The full state dump (`state --json`): what is stored where, and the app's memory.
    public func state() throws -> BitkitStateSnapshot {
        try BitkitStateSnapshot.inspect(self)
    }
}
