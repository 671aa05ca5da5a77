import AppRuntime
import ContractNames
import Device
import IdentitySharing
import Keychain

extension RingApp {
    /// Ring on its device: its private store is its keychain group, and it shares identities as
    /// the device's OS does (`PhoneOS.sharing`, the factory Bitkit's sharing comes from too; its
    /// `service` lets tests isolate the iOS group).
    public convenience init(
        environment: AppEnvironment, install: InstalledApp, os: any PhoneOS, keychain: Keychain,
        sharedService: String = SharedContract.service
    ) {
        self.init(
            environment: environment, os: os, privateStore: RingPrivateKeychain(keychain: keychain),
            sharing: os.sharing(of: install, in: environment, keychain: keychain, service: sharedService),
            defects: Set(install.defects))
    }
}
