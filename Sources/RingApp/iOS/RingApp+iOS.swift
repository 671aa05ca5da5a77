import AppRuntime
import ContractNames
import Device
import IdentitySharing
import Keychain

extension RingApp {
    /// Ring on iOS: its private store is its keychain group, and it shares identities through the
    /// shared keychain group (`sharedService` lets tests isolate it).
    public convenience init(
        environment: AppEnvironment, keychain: Keychain, sharedService: String = SharedContract.service,
        defects: Set<Defect> = []
    ) {
        self.init(
            environment: environment, privateStore: RingPrivateKeychain(keychain: keychain),
            sharing: environment.ringExchange(keychain: keychain, service: sharedService, defects: defects),
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
