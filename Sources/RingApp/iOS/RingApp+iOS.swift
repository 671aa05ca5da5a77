import AppRuntime
import ContractNames
import Device
import IdentitySharing
import Keychain

extension RingApp {
    /// Ring on its device: its private store is its keychain group, and it shares identities
    /// through the shared keychain group (iOS; `sharedService` lets tests isolate it) or its native
    /// module over content providers (`install` on an Android device, spec/07 §3, §5).
    public convenience init(
        environment: AppEnvironment, keychain: Keychain, sharedService: String = SharedContract.service,
        defects: Set<Defect> = [], install: InstalledApp? = nil
    ) {
        let sharing: any IdentitySharing
        if let install, install.platform == .android {
            sharing = environment.ringProviderModule(install: install)
        } else {
            sharing = environment.ringExchange(keychain: keychain, service: sharedService, defects: defects)
        }
        self.init(
            environment: environment, privateStore: RingPrivateKeychain(keychain: keychain), sharing: sharing,
            defects: defects)
    }
}

/// Ring's shared-record calls of spec/01 §11 one by one (`ring-sim keychain …`).
public struct RingSharedRecordCalls: Sendable {
    public let exchange: RingKeychainExchange
    let environment: AppEnvironment

    public init(environment: AppEnvironment, keychain: Keychain, service: String = SharedContract.service) {
        self.exchange = environment.ringExchange(keychain: keychain, service: service)
        self.environment = environment
    }

    /// `setOwned` called on its own, passing `ring.setOwned.between-delete-and-add` between its delete
    /// and its add.
    public func setOwnedRecord(pubky: String, secretKey: String) throws(RingKeychainExchange.Failure) {
        try exchange.setOwned(pubky: pubky, secretKey: secretKey) {
            environment.checkpoint(RingCheckpoint.setOwnedBetweenDeleteAndAdd)
        }
    }

    /// `removeAllOwned` called on its own, passing `ring.removeAllOwned.before-delete` before each delete.
    public func removeAllOwnedRecords() throws(RingKeychainExchange.Failure) {
        try exchange.removeAllOwned { _ in environment.checkpoint(RingCheckpoint.removeAllOwnedBeforeDelete) }
    }
}
