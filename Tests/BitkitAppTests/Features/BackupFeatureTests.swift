import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import Device
import IdentitySharing
import PubkyCrypto
import Testing

/// The Pubky part of a backup restore (`Backup`, spec/02 §20; the reviewed hazard R8), step by step
/// through the reducer.
@Suite struct BackupFeatureTests {
    typealias F = BitkitFixture

    @Test func anUndecodableBackupTouchesNoCredential() {
        var world = F.walletWorld()
        world.privateStore[BitkitStoreKey.secretKey] = F.wSecret
        let store = TestStore<Bitkit>(F.baseline(), .restoreBackup(#"{"pubkySession":{"kind":42}}"#))
        store.run { world.respond($0, $1) }
        #expect(store.calls.isEmpty)
        #expect(store.notices.count == 1)
        #expect(world.privateStore[BitkitStoreKey.secretKey] == F.wSecret)
    }

    @Test func aLegacyRelayBackupRestoresNoIdentityAndNeverSendsItsSecret() {
        var world = F.walletWorld()
        world.privateStore[BitkitStoreKey.secretKey] = F.wSecret
        world.privateStore[BitkitStoreKey.session] = "\(F.w):s"
        let document = #"{"pubkySession":{"kind":"externalSession","sessionSecret":"\#(F.a):LEGACY"}}"#
        let store = TestStore<Bitkit>(F.baseline(), .restoreBackup(document))
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls.isEmpty)
        #expect(store.sharingCalls == [.withdrawAll(before: .restoreBeforeRemoveOwn)])
        #expect(world.privateStore[BitkitStoreKey.session] == nil)
        #expect(world.privateStore[BitkitStoreKey.secretKey] == nil)
    }

    @Test func aLocalSeedBackupStoresTheOwnKeyAndSignsIn() {
        var world = F.walletWorld()
        world.accounts = [F.w]
        let store = TestStore<Bitkit>(F.baseline(), .restoreBackup(#"{"pubkySession":{"kind":"localSeed"}}"#))
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls == [.signIn(F.pair(F.wSecret))])
        #expect(world.privateStore[BitkitStoreKey.secretKey] == F.wSecret)
        #expect(store.state.memory?.publicKey == "pubky" + F.w)
    }
}
