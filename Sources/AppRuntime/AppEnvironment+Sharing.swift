import ContractNames
import Device
import IdentitySharing
import Keychain
import Simulation

extension AppEnvironment {
    /// Bitkit's side of the shared keychain group for `install` (iOS), every call journalled as a
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

    /// Ring's side of the shared keychain group (iOS), every call journalled.
    public func ringExchange(
        keychain: Keychain, service: String = SharedContract.service, defects: Set<Defect> = []
    ) -> RingKeychainExchange {
        var exchange = RingKeychainExchange(
            keychain: keychain, service: service, report: sharingReport(owner: SharedContract.ringSourceApp))
        exchange.removesOnlyOwn = !defects.contains(.ringWipeRemovesBitkitRecords)
        return exchange
    }

    /// The identity-sharing seam of this app's install: a build from before the shared keychain
    /// has none.
    public func sharing(
        install: InstalledApp, keychain: Keychain, service: String = SharedContract.service
    ) -> any IdentitySharing {
        switch (app, install.platform) {
        case (.bitkit, _) where !install.build.sharesKeys:
            return NoSharing(ownSourceApp: install.ownerPrefix, policy: install.platform == .ios ? .iOS : .android)
        case (.bitkit, .ios): return bitkitExchange(install: install, keychain: keychain, service: service)
        case (.ring, .ios): return ringExchange(keychain: keychain, service: service, defects: Set(install.defects))
        case (.bitkit, .android): return bitkitProviderClient(install: install)
        case (.ring, .android): return ringProviderModule(install: install)
        }
    }

    /// Journals each call of an exchange as one `sharing` event of this app (`owner` is the
    /// prefix its build writes).
    func sharingReport(owner: String) -> SharingReport {
        let environment = self
        return { event in
            var entry = JournalEntry(
                app: environment.app.rawValue, kind: .sharing(event.op), account: event.record, detail: event.detail)
            entry.owner = owner
            entry.peer = event.peer
            entry.result = event.result.rawValue
            entry.records = event.records
            environment.record(entry)
        }
    }
}
