import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import Device
import IdentitySharing
import PubkyCrypto
import Testing

/// Bitkit's identity (`Identity`, `PubkyProfileManager`: spec/02 §8, §15, §16, §18; spec/07 §6.7,
/// §7; the reviewed hazards R1–R5): the launch's restore, the source check, the own record and the
/// link aliases, step by step through the reducer.
@Suite struct IdentityFeatureTests {
    typealias F = BitkitFixture

    // MARK: The source check (spec/02 §16)

    @Test func aForegroundClearsTheAdoptionOnlyOnADefiniteAbsence() {
        var (state, world) = F.adoptedA()
        world.ringWithdrawsAll()
        let store = TestStore<Bitkit>(state, .foreground)
        store.run { world.respond($0, $1) }
        #expect(
            store.calls == [
                .checkpoint(.sourceCheckBeforeLookup), .sharing(.presence(F.ringA)), .sdkFault(.forgetSession),
                .request(.store(.delete(BitkitStoreKey.session))), .request(.store(.delete(BitkitStoreKey.secretKey))),
                .sharing(.withdrawAll(before: .sourceCheckBeforeRemoveOwn)),
            ])
        #expect(store.journal.contains(JournalLine(.identity(.sourceLost), account: F.ringA.record)))
        #expect(store.toasts == [F.sourceLost])
        #expect(store.state.defaults.reference == nil)
        #expect(store.state.memory?.publicKey == nil)
        state = store.state
        #expect(world.privateStore[BitkitStoreKey.session] == nil)
    }

    /// R5: a locked device (the read is unknown) keeps the adoption and the saved session.
    @Test func anUnknownPresenceKeepsTheAdoption() {
        var (state, world) = F.adoptedA()
        world.phone.locked = true
        let store = TestStore<Bitkit>(state, .foreground)
        store.run { world.respond($0, $1) }
        #expect(store.calls == [.checkpoint(.sourceCheckBeforeLookup), .sharing(.presence(F.ringA))])
        #expect(store.state.defaults.reference == F.referenceA)
        #expect(store.toasts.isEmpty)
        state = store.state
        #expect(state.memory?.authState == .authenticated)
        #expect(world.privateStore[BitkitStoreKey.session] != nil)
    }

    /// The seam carries Android's rule: the decision rests on a listing, and a failed listing keeps.
    @Test func onAndroidTheSourceCheckListsAndAFailedListingKeeps() {
        var (state, world) = F.adoptedA(policy: .android)
        world.ringWithdrawsAll()
        let lost = TestStore<Bitkit>(state, .foreground)
        lost.run { world.respond($0, $1) }
        #expect(lost.sharingCalls.first == .listPeers)
        #expect(!lost.sharingCalls.contains(.presence(F.ringA)))
        #expect(lost.toasts == [F.sourceLost])
        (state, world) = F.adoptedA(policy: .android)
        world.bitkitKeychainFails(.list, status: -25308)
        let kept = TestStore<Bitkit>(state, .foreground)
        kept.run { world.respond($0, $1) }
        #expect(kept.toasts.isEmpty)
        #expect(kept.state.defaults.reference == F.referenceA)
    }

    @Test func theLaunchChecksTheSourceAfterRestoringTheSession() {
        var (state, world) = F.adoptedA()
        state.memory = nil
        world.ringWithdrawsAll()
        let store = TestStore<Bitkit>(state, .launch)
        store.run { world.respond($0, $1) }
        let calls = store.calls
        let restored = calls.firstIndex(of: .request(.network(.importSession, .importSession("\(F.a):s-tkrq"))))
        let checked = calls.firstIndex(of: .sharing(.presence(F.ringA)))
        #expect(restored != nil && checked != nil && restored! < checked!)
        #expect(store.toasts == [F.sourceLost])
        #expect(store.state.memory?.isInitialized == true)
    }

    /// R3: a failing `forgetSessionAccess` still deletes both credentials.
    @Test func aFailedForgetSessionStillDeletesTheCredentials() {
        var (state, world) = F.adoptedA()
        world.ringWithdrawsAll()
        world.privateStore[BitkitStoreKey.secretKey] = "stale"
        world.faults = [.forgetSession]
        let store = TestStore<Bitkit>(state, .foreground)
        store.run { world.respond($0, $1) }
        #expect(world.privateStore[BitkitStoreKey.session] == nil)
        #expect(world.privateStore[BitkitStoreKey.secretKey] == nil)
        state = store.state
        #expect(state.defaults.reference == nil)
    }

    // MARK: Own shared record (spec/02 §15)

    @Test func aLaunchWithALocalKeyPublishesTheOwnRecordAndAndroidPublishesNothing() {
        var world = F.walletWorld()
        world.privateStore[BitkitStoreKey.secretKey] = F.wSecret
        world.privateStore[BitkitStoreKey.session] = "\(F.w):s-aihf"
        world.accounts = [F.w]
        var state = F.baseline()
        state.memory = nil
        let store = TestStore<Bitkit>(state, .launch)
        store.run { world.respond($0, $1) }
        #expect(store.sharingCalls.contains(.offer(pubky: F.w, secret: F.wSecret, between: nil)))
        #expect(world.own == ["to.bitkit.dev:\(F.w)": F.wSecret])
        var android = F.baseline(policy: .android)
        android.memory = nil
        let served = TestStore<Bitkit>(android, .launch)
        var world2 = world
        world2.bitkitWithdrawsAll()
        served.run { world2.respond($0, $1) }
        #expect(!served.sharingCalls.contains { if case .offer = $0 { return true } else { return false } })
    }

    // MARK: The launch: restore (R2, R4, spec/02 §8, spec/07 §7)

    @Test func aFailedRestoreDeletesTheSessionOnIOSAndKeepsItOnAndroidButKeepsTheReference() {
        for policy in [SharingPolicy.iOS, .android] {
            var (state, world) = F.adoptedA(policy: policy)
            state.memory = nil
            world.accounts = []
            let store = TestStore<Bitkit>(state, .launch)
            store.run { world.respond($0, $1) }
            #expect(store.state.defaults.reference == F.referenceA)
            #expect(store.state.memory?.sessionRestorationFailed == true)
            #expect(
                store.toasts
                    == ["error · \(BitkitTexts.sessionExpiredTitle) · \(BitkitTexts.sessionExpiredDescription)"])
            #expect((world.privateStore[BitkitStoreKey.session] != nil) == policy.keepsSessionOnFailedRestore)
        }
    }

    /// spec/02 §8.1 (and R4's update-install): without an install marker a surviving mnemonic means
    /// a reinstall: own records and the private store go; with the marker nothing does.
    @Test func theOrphanCheckRunsOnlyWithoutTheInstallMarker() {
        var fresh = F.baseline()
        fresh.memory = nil
        fresh.defaults.installMarker = false
        var world = F.walletWorld()
        let orphan = TestStore<Bitkit>(fresh, .launch)
        orphan.run { world.respond($0, $1) }
        #expect(orphan.sharingCalls.first == .withdrawAll(before: .orphanBeforeRemoveOwn))
        #expect(orphan.calls.contains(.request(.store(.wipe))))
        #expect(orphan.state.defaults.installMarker)
        var marked = F.baseline()
        marked.memory = nil
        world = F.walletWorld()
        let update = TestStore<Bitkit>(marked, .launch)
        update.run { world.respond($0, $1) }
        #expect(!update.calls.contains(.request(.store(.wipe))))
        #expect(world.privateStore[BitkitStoreKey.mnemonic] == F.mnemonic)
    }

    // MARK: Link aliases (spec/07 §6.7)

    /// On Android Bitkit decides its link handlers at the end of every action, from the identity
    /// and the keys as it holds them (no keychain call), and asks the OS for exactly those.
    @Test func onAndroidWithoutAnIdentityOnlyTheSignupAliasIsEnabled() {
        let store = TestStore<Bitkit>(F.baseline(policy: .android), .setPaykitUI(true))
        #expect(store.awaiting == .request(.store(.peek(BitkitStoreKey.secretKey))))
        store.answer(.reply(.value(nil)))
        #expect(store.awaiting == .request(.store(.peek(BitkitStoreKey.session))))
        store.answer(.reply(.value(nil)))
        #expect(store.outcome == .finished)
        #expect(store.effects.last == .linkAliases([URLRouter.Alias.pubkySignup]))
    }

    @Test func onAndroidTheOwnKeyEnablesTheAuthAliasAndAnAdoptedIdentityNeither() {
        var owned = F.baseline(policy: .android)
        owned.memory?.publicKey = "pubky" + F.w
        owned.memory?.authState = .authenticated
        var world = F.walletWorld()
        world.privateStore[BitkitStoreKey.secretKey] = F.wSecret
        world.privateStore[BitkitStoreKey.session] = "\(F.w):s-aihf"
        let own = TestStore<Bitkit>(owned, .home)
        own.run { world.respond($0, $1) }
        #expect(own.effects.last == .linkAliases([URLRouter.Alias.pubkyAuth]))
        var (adopted, adoptedWorld) = F.adoptedA(policy: .android)
        adopted.memory?.path = [.settings]
        let ring = TestStore<Bitkit>(adopted, .home)
        ring.run { adoptedWorld.respond($0, $1) }
        #expect(ring.effects.last == .linkAliases([]))
        var off = owned
        off.defaults.paykitUIEnabled = false
        let hidden = TestStore<Bitkit>(off, .home)
        hidden.run { world.respond($0, $1) }
        #expect(hidden.effects.last == .linkAliases([]))
    }

    /// iOS has no aliases, and a look at the screen (no action) decides nothing.
    @Test func onIOSAndOnALookAtTheScreenNoAliasesAreDecided() {
        let ios = TestStore<Bitkit>(F.baseline(), .setPaykitUI(true))
        #expect(ios.outcome == .finished)
        #expect(ios.effects.isEmpty)
        let look = TestStore<Bitkit>(F.baseline(policy: .android))
        #expect(look.outcome == .finished)
        #expect(look.effects.isEmpty)
    }
}
