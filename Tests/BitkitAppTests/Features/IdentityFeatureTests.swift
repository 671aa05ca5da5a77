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

    /// The seam carries Android's rule: the decision rests on a listing of Ring's provider (read
    /// through Bitkit's real client, resolver and permission check), and a failed listing keeps.
    @Test func onAndroidTheSourceCheckListsAndAFailedListingKeeps() {
        var (state, world) = F.adoptedA(on: .android)
        world.ringWithdrawsAll()
        let lost = TestStore<Bitkit>(state, .foreground)
        lost.run { world.respond($0, $1) }
        #expect(lost.sharingCalls.first == .listPeers)
        #expect(!lost.sharingCalls.contains(.presence(F.ringA)))
        #expect(lost.toasts == [F.sourceLost])
        (state, world) = F.adoptedA(on: .android)
        world.ringWithdrawsAll()
        world.bitkitLosesAccess()
        let kept = TestStore<Bitkit>(state, .foreground)
        kept.run { world.respond($0, $1) }
        #expect(kept.toasts.isEmpty)
        #expect(kept.state.defaults.reference == F.referenceA)
    }

    /// spec/07 §10 row 14 on both phones: Bitkit's build loses its access to Ring's records (a
    /// missing entitlement; a revoked signature permission) — unknown, so the adoption is kept.
    @Test(arguments: Platform.allCases)
    func aSourceCheckWithoutAccessToRingKeepsTheAdoption(platform: Platform) {
        var (state, world) = F.adoptedA(on: platform)
        // Ring no longer has A: only the lost access stands between Bitkit and a definite absence.
        world.ringWithdrawsAll()
        world.bitkitLosesAccess()
        let store = TestStore<Bitkit>(state, .foreground)
        store.run { world.respond($0, $1) }
        #expect(store.toasts.isEmpty)
        #expect(store.state.defaults.reference == F.referenceA)
        #expect(world.privateStore[BitkitStoreKey.session] != nil)
        state = store.state
        #expect(state.memory?.authState == .authenticated)
    }

    /// spec/07 §1.3 on Android: a Ring signed with another certificate is not trusted, so Bitkit's
    /// listing fails and the adoption is kept.
    @Test func onAndroidARingSignedWithAnotherCertificateKeepsTheAdoption() {
        var (state, world) = F.adoptedA(on: .android)
        world.ringWithdrawsAll()
        world.phone.install("app.pubkyring", certificate: "other")
        let store = TestStore<Bitkit>(state, .foreground)
        store.run { world.respond($0, $1) }
        #expect(store.toasts.isEmpty)
        #expect(store.state.defaults.reference == F.referenceA)
        state = store.state
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
        var world2 = F.walletWorld(on: .android)
        world2.privateStore[BitkitStoreKey.secretKey] = F.wSecret
        world2.privateStore[BitkitStoreKey.session] = "\(F.w):s-aihf"
        world2.accounts = [F.w]
        var android = F.baseline(policy: world2.policy)
        android.memory = nil
        let served = TestStore<Bitkit>(android, .launch)
        served.run { world2.respond($0, $1) }
        #expect(!served.sharingCalls.contains { if case .offer = $0 { return true } else { return false } })
        // Its provider serves the key it holds, with no publish step (spec/07 §2).
        #expect(world2.own == ["to.bitkit.dev:\(F.w)": F.wSecret])
    }

    // MARK: The launch: restore (R2, R4, spec/02 §8, spec/07 §7)

    @Test func aFailedRestoreDeletesTheSessionOnIOSAndKeepsItOnAndroidButKeepsTheReference() {
        for platform in Platform.allCases {
            var (state, world) = F.adoptedA(on: platform)
            let policy = world.policy
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
        var world = F.walletWorld(on: .android)
        var owned = F.baseline(policy: world.policy)
        owned.memory?.publicKey = "pubky" + F.w
        owned.memory?.authState = .authenticated
        world.privateStore[BitkitStoreKey.secretKey] = F.wSecret
        world.privateStore[BitkitStoreKey.session] = "\(F.w):s-aihf"
        let own = TestStore<Bitkit>(owned, .home)
        own.run { world.respond($0, $1) }
        #expect(own.effects.last == .linkAliases([URLRouter.Alias.pubkyAuth]))
        var (adopted, adoptedWorld) = F.adoptedA(on: .android)
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
