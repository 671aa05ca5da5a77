import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import Device
import IdentitySharing
import PubkyCrypto
import Testing

/// The wallet (`Wallet`, spec/02 §19): created from the world's randomness, funded, and reset,
/// step by step through the reducer.
@Suite struct WalletFeatureTests {
    typealias F = BitkitFixture

    /// Onboarding → Create wallet: no wallet yet, a draw, the mnemonic saved, then Home and the
    /// profile initialisation as at launch (no session: nothing restored).
    @Test func createAWalletFromTheWorldsRandomness() {
        var onboarding = F.baseline()
        onboarding.memory?.root = .onboarding
        onboarding.memory?.isInitialized = false
        let store = TestStore<Bitkit>(onboarding, .createWallet)
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.mnemonic))))
        store.answer(.reply(.value(nil)))
        #expect(store.awaiting == .draw)
        store.answer(.drawn(7))
        guard case .request(.store(.save(BitkitStoreKey.mnemonic, let words)))? = store.awaiting else {
            Issue.record("The mnemonic is saved next; the step waits on \(String(describing: store.awaiting)).")
            return
        }
        #expect(words.split(separator: " ").count == 12)
        store.answer(.reply(.done))
        #expect(store.state.memory?.root == .home)
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.session))))
        store.answer(.reply(.value(nil)))
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.secretKey))))
        store.answer(.reply(.value(nil)))
        #expect(store.awaiting == .checkpoint(.launchBeforeRestore))
        store.answer(.resumed(Bitkit.stored(store.state)))
        #expect(store.awaiting == .checkpoint(.publishOwnBeforeWrite))
        store.answer(.resumed(Bitkit.stored(store.state)))
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.secretKey))))
        store.answer(.reply(.value(nil)))
        #expect(store.outcome == .finished)
        #expect(store.state.identity.isInitialized)
        #expect(store.state.identity.authState == .idle)
    }

    /// The dev funds add up; a sum that would overflow is refused and changes nothing.
    @Test func fundingAddsToTheBalancesAndRefusesAnOverflow() {
        var world = F.walletWorld()
        world.funds = WalletFunds(onchainSats: 5, lightningSats: 1)
        let store = TestStore<Bitkit>(F.baseline(), .paykit(.fund(onchainSats: 10, lightningSats: 20)))
        #expect(store.awaiting == .request(.loadDocument(.funds)))
        store.run { world.respond($0, $1) }
        #expect(
            store.calls == [
                .request(.loadDocument(.funds)),
                .request(.saveDocument(.funds(WalletFunds(onchainSats: 15, lightningSats: 21)))),
            ])
        let overflow = TestStore<Bitkit>(F.baseline(), .paykit(.fund(onchainSats: .max, lightningSats: 0)))
        overflow.run { world.respond($0, $1) }
        #expect(overflow.outcome == .failed("\(BitkitAppError.invalidArgument("The balance would overflow."))"))
        #expect(world.funds == WalletFunds(onchainSats: 15, lightningSats: 21))
    }

    @Test func aWipeRemovesTheOwnRecordsThePrivateStoreAndEveryDefaultAndJournalsItsEnds() {
        var world = F.walletWorld()
        world.privateStore[BitkitStoreKey.secretKey] = F.wSecret
        world.bitkitPublishes(F.wSecret)
        let store = TestStore<Bitkit>(F.baseline(), .reset(confirm: true))
        store.run { world.respond($0, $1) }
        #expect(store.sharingCalls == [.withdrawAll(before: .wipeBeforeRemoveOwn)])
        #expect(store.calls.contains(.request(.store(.wipe))))
        #expect(world.own.isEmpty && world.privateStore.isEmpty)
        #expect(store.state.defaults == BitkitDefaults())
        #expect(store.state.memory?.root == .onboarding)
        let ends = store.journal.filter { if case .wipe = $0.kind { return true } else { return false } }
        #expect(ends.map(\.kind) == [.wipe(.start), .wipe(.end)])
        #expect(ends.allSatisfy { $0.owner == "to.bitkit.dev" })
    }
}
