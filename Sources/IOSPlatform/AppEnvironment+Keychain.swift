import ContractNames
import Device
import IdentitySharing
import Keychain

extension AppEnvironment {
    /// Bitkit's side of the shared keychain group for `install`, every call journalled as a
    /// `sharing` event beside the keychain events it causes.
    public func bitkitExchange(
        install: InstalledApp, keychain: Keychain, service: String = SharedContract.service
    ) -> BitkitKeychainExchange {
        // The journal keeps the owner the build should write, so the audit sees a defect's writes.
        var exchange = BitkitKeychainExchange(
            keychain: keychain,
            ownSourceApp: install.has(.ownPrefixWithoutNetwork)
                ? SharedContract.bitkitSourceApps[0] : install.ownerPrefix,
            service: service, report: sharingReport(owner: install.ownerPrefix))
        exchange.checksDerivation = !install.has(.noDerivationCheck)
        exchange.listsOnlyRing = !install.has(.choiceListsBitkitRecords)
        return exchange
    }

    /// Ring's side of the shared keychain group, every call journalled.
    public func ringExchange(
        keychain: Keychain, service: String = SharedContract.service, defects: Set<Defect> = []
    ) -> RingKeychainExchange {
        var exchange = RingKeychainExchange(
            keychain: keychain, service: service, report: sharingReport(owner: SharedContract.ringSourceApp))
        exchange.removesOnlyOwn = !defects.contains(.ringWipeRemovesBitkitRecords)
        return exchange
    }
}
