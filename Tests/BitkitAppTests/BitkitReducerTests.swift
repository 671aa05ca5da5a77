import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import IdentitySharing
import PubkyCrypto
import Testing

/// Bitkit's identity flows as a pure reducer (spec/02 §8–§20, the reviewed hazards R1–R8 of
/// spec/06): each test drives one step effect by effect — answered by the test where the order is
/// the rule, by an in-memory world elsewhere — and asserts the effects and the state. No process,
/// no disk, no clock.
@Suite struct BitkitReducerTests {
    typealias F = BitkitFixture
    static let ringA = SharedIdentity(pubky: F.a, sourceApp: "app.pubkyring")
    static let ringB = SharedIdentity(pubky: F.b, sourceApp: "app.pubkyring")
    static let referenceA = AdoptedReference(sourceApp: "app.pubkyring", pubky: F.a)
    static let adoptFailure = "error · \(BitkitTexts.adoptErrorTitle) · Authentication failed: "
    static let sourceLost =
        "error · \(BitkitTexts.sourceLostTitle) · \(BitkitTexts.sourceLostDescription)"

    static func walletWorld() -> BitkitFakeWorld {
        var world = BitkitFakeWorld()
        world.privateStore = [BitkitStoreKey.mnemonic: F.mnemonic]
        return world
    }

    // MARK: Pick / adopt (spec/02 §12)

    @Test func pickingReadsTheSecretJustInTimeSetsTheReferenceBeforeSigningInAndNeverStoresIt() {
        var world = Self.walletWorld()
        world.ringPublishes(F.aSecret)
        world.accounts = [F.a]
        world.records = [F.a]
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.a]), .pick(.pubky(F.a)))
        #expect(store.awaiting == .holdProcess)
        store.answer(.process(1))
        #expect(store.state.memory?.adoption == InFlightMarker(process: 1, subject: F.a))
        #expect(store.awaiting == .checkpoint(.pickBeforeRead))
        store.answer(.resumed(Bitkit.stored(store.state)))
        #expect(store.awaiting == .sharing(.readSecret(Self.ringA)))
        #expect(store.state.defaults.reference == nil)
        store.answer(.sharing(.secret(.found(F.aSecret)), reloaded: nil))
        // The reference is set before the sign-in, so activation never stores the secret.
        #expect(store.state.defaults.reference == Self.referenceA)
        #expect(store.awaiting == .checkpoint(.pickBeforeSignIn))
        store.run { world.respond($0, $1) }
        #expect(store.outcome == .finished)
        #expect(store.sharingCalls == [.readSecret(Self.ringA), .withdrawAll(before: .activateBeforeRemoveOwn)])
        #expect(store.networkCalls.prefix(1) == [.signIn(F.pair(F.aSecret))])
        #expect(!store.networkCalls.contains(.signUpThroughHomegate(F.pair(F.aSecret))))
        #expect(world.privateStore[BitkitStoreKey.secretKey] == nil)
        #expect(world.privateStore[BitkitStoreKey.session]?.hasPrefix(F.a + ":") == true)
        #expect(store.state.memory?.adoption == nil)
        #expect(store.state.memory?.authState == .authenticated)
        #expect(store.state.memory?.top == .createProfile)
        #expect(store.journal.contains(JournalLine(.identity(.adopted), account: Self.ringA.record)))
    }

    /// The reviewed hazard of the seed: a sign-in that fails while a record exists must not sign up
    /// (which would replace that record); the reference goes back.
    @Test func aFailedSignInWithARecordPresentRollsBackAndNeverSignsUp() {
        var world = Self.walletWorld()
        world.ringPublishes(F.aSecret)
        world.records = [F.a]
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.a]), .pick(.pubky(F.a)))
        store.run(until: { $0 == .request(.network(.recordCheck, .recordCheck(pubky: F.a))) }) { world.respond($0, $1) }
        #expect(store.state.defaults.reference == Self.referenceA)
        store.answer(.reply(.recordCheck(.found)))
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls == [.signIn(F.pair(F.aSecret)), .recordCheck(pubky: F.a)])
        #expect(store.state.defaults.reference == nil)
        #expect(store.toasts == [Self.adoptFailure + "No account for this pubky"])
        #expect(store.state.memory?.adoption == nil)
        #expect(world.accounts.isEmpty)
    }

    @Test func aNeverSignedUpPubkyIsSignedUpThroughHomegateOnlyWhenTheCheckSaysNoRecord() {
        var world = Self.walletWorld()
        world.ringPublishes(F.bSecret)
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.b]), .pick(.pubky(F.b)))
        store.run { world.respond($0, $1) }
        let pair = F.pair(F.bSecret)
        #expect(
            store.networkCalls.prefix(3) == [.signIn(pair), .recordCheck(pubky: F.b), .signUpThroughHomegate(pair)])
        #expect(store.calls.contains(.checkpoint(.pickBeforeSignUp)))
        #expect(world.accounts == [F.b])
        #expect(store.state.defaults.reference?.pubky == F.b)
        #expect(store.toasts.isEmpty)
    }

    /// spec/02 §11.1: a failed adoption reloads the rows once — one listing, no lookup of a row the
    /// session remembers — and the error shows on Pubky Choice.
    @Test func aFailedAdoptionReloadsTheRowsOnce() {
        var world = Self.walletWorld()
        world.ring = [(F.b, F.aSecret)]
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.b]), .pick(.pubky(F.b)))
        store.run { world.respond($0, $1) }
        #expect(store.sharingCalls.filter { $0 == .listPeers }.count == 1)
        #expect(store.networkCalls.isEmpty)
        #expect(store.state.memory?.top == .pubkyChoice)
        #expect(store.toasts == [Self.adoptFailure + BitkitTexts.ringKeyUnavailable])
    }

    /// R6: a record check that cannot conclude (DHT unreachable) is no "not found".
    @Test func anInconclusiveRecordCheckNeverSignsUp() {
        var world = Self.walletWorld()
        world.ringPublishes(F.bSecret)
        world.recordCheckUnknown = true
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.b]), .pick(.pubky(F.b)))
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls == [.signIn(F.pair(F.bSecret)), .recordCheck(pubky: F.b)])
        #expect(world.accounts.isEmpty)
        #expect(store.state.defaults.reference == nil)
        #expect(store.toasts == [Self.adoptFailure + "No account for this pubky"])
    }

    /// R11: a record whose secret derives another key is never adopted, and nothing is signed.
    @Test func aRecordHoldingAnotherKeysSecretIsNeverAdopted() {
        var world = Self.walletWorld()
        world.ring = [(F.b, F.aSecret)]
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.b]), .pick(.pubky(F.b)))
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls.isEmpty)
        #expect(store.state.defaults.reference == nil)
        #expect(store.toasts == [Self.adoptFailure + BitkitTexts.ringKeyUnavailable])
    }

    /// R12: an adoption in flight in a live run rejects a second one before anything is read; a
    /// marker whose run is gone does not.
    @Test func aSecondAdoptionWhileOneRunsIsRejectedBeforeAnyRead() {
        var busy = F.onPubkyChoice([F.a, F.b])
        busy.memory?.adoption = InFlightMarker(process: 2, subject: F.a)
        var world = Self.walletWorld()
        world.ringPublishes(F.aSecret)
        world.ringPublishes(F.bSecret)
        world.liveProcesses = [1, 2]
        let store = TestStore<Bitkit>(busy, .pick(.pubky(F.b)))
        store.run { world.respond($0, $1) }
        // Asked once by the guard, once for the screen (its rows stay disabled while it runs).
        #expect(store.calls == [.processAlive(2), .processAlive(2)])
        #expect(store.state.adoptionBusy)
        #expect(store.toasts == [Self.adoptFailure + BitkitTexts.adoptionInProgress])
        world.liveProcesses = [1]
        let later = TestStore<Bitkit>(busy, .pick(.pubky(F.b)))
        later.run { world.respond($0, $1) }
        #expect(later.sharingCalls.first == .readSecret(Self.ringB))
    }

    // MARK: The source check (spec/02 §16)

    @Test func aForegroundClearsTheAdoptionOnlyOnADefiniteAbsence() {
        var (state, world) = F.adoptedA()
        world.ring = []
        let store = TestStore<Bitkit>(state, .foreground)
        store.run { world.respond($0, $1) }
        #expect(
            store.calls == [
                .checkpoint(.sourceCheckBeforeLookup), .sharing(.presence(Self.ringA)), .sdkFault(.forgetSession),
                .request(.store(.delete(BitkitStoreKey.session))), .request(.store(.delete(BitkitStoreKey.secretKey))),
                .sharing(.withdrawAll(before: .sourceCheckBeforeRemoveOwn)),
            ])
        #expect(store.journal.contains(JournalLine(.identity(.sourceLost), account: Self.ringA.record)))
        #expect(store.toasts == [Self.sourceLost])
        #expect(store.state.defaults.reference == nil)
        #expect(store.state.memory?.publicKey == nil)
        state = store.state
        #expect(world.privateStore[BitkitStoreKey.session] == nil)
    }

    /// R5: a locked device (the read is unknown) keeps the adoption and the saved session.
    @Test func anUnknownPresenceKeepsTheAdoption() {
        var (state, world) = F.adoptedA()
        world.sharingUnknown = "status -25308"
        let store = TestStore<Bitkit>(state, .foreground)
        store.run { world.respond($0, $1) }
        #expect(store.calls == [.checkpoint(.sourceCheckBeforeLookup), .sharing(.presence(Self.ringA))])
        #expect(store.state.defaults.reference == Self.referenceA)
        #expect(store.toasts.isEmpty)
        state = store.state
        #expect(state.memory?.authState == .authenticated)
        #expect(world.privateStore[BitkitStoreKey.session] != nil)
    }

    /// The seam carries Android's rule: the decision rests on a listing, and a failed listing keeps.
    @Test func onAndroidTheSourceCheckListsAndAFailedListingKeeps() {
        var (state, world) = F.adoptedA(policy: .android)
        world.ring = []
        let lost = TestStore<Bitkit>(state, .foreground)
        lost.run { world.respond($0, $1) }
        #expect(lost.sharingCalls.first == .listPeers)
        #expect(!lost.sharingCalls.contains(.presence(Self.ringA)))
        #expect(lost.toasts == [Self.sourceLost])
        (state, world) = F.adoptedA(policy: .android)
        world.sharingUnknown = "Ring provider unavailable"
        let kept = TestStore<Bitkit>(state, .foreground)
        kept.run { world.respond($0, $1) }
        #expect(kept.toasts.isEmpty)
        #expect(kept.state.defaults.reference == Self.referenceA)
    }

    @Test func theLaunchChecksTheSourceAfterRestoringTheSession() {
        var (state, world) = F.adoptedA()
        state.memory = nil
        world.ring = []
        let store = TestStore<Bitkit>(state, .launch)
        store.run { world.respond($0, $1) }
        let calls = store.calls
        let restored = calls.firstIndex(of: .request(.network(.importSession, .importSession("\(F.a):s-tkrq"))))
        let checked = calls.firstIndex(of: .sharing(.presence(Self.ringA)))
        #expect(restored != nil && checked != nil && restored! < checked!)
        #expect(store.toasts == [Self.sourceLost])
        #expect(store.state.memory?.isInitialized == true)
    }

    /// R3: a failing `forgetSessionAccess` still deletes both credentials.
    @Test func aFailedForgetSessionStillDeletesTheCredentials() {
        var (state, world) = F.adoptedA()
        world.ring = []
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
        var world = Self.walletWorld()
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
        world2.own = [:]
        served.run { world2.respond($0, $1) }
        #expect(!served.sharingCalls.contains { if case .offer = $0 { return true } else { return false } })
    }

    /// R1: approving a signup link publishes the own record right away, before the profile exists.
    @Test func aSignupLinkApprovalPublishesTheOwnRecordAtOnce() {
        var world = Self.walletWorld()
        let link = "pubkyauth://direct_signup?hs=\(Fixture.hs)&st=AAAA-BBBB-CCCC"
        let store = TestStore<Bitkit>(F.baseline(), .scan(link), .approve)
        store.run { world.respond($0, $1) }
        let signUp = store.calls.firstIndex {
            if case .request(.network(_, .signUp)) = $0 { return true } else { return false }
        }
        let offer = store.calls.firstIndex(of: .sharing(.offer(pubky: F.w, secret: F.wSecret, between: nil)))
        #expect(signUp != nil && offer != nil && signUp! < offer!)
        #expect(store.state.memory?.isProfileSetupPending == true)
        #expect(world.own["to.bitkit.dev:\(F.w)"] == F.wSecret)
        #expect(world.privateStore[BitkitStoreKey.secretKey] == F.wSecret)
    }

    // MARK: Restore and signup (R2, spec/02 §8, spec/07 §7)

    @Test func aFailedRestoreDeletesTheSessionOnIOSAndKeepsItOnAndroidButKeepsTheReference() {
        for policy in [SharingPolicy.iOS, .android] {
            var (state, world) = F.adoptedA(policy: policy)
            state.memory = nil
            world.accounts = []
            let store = TestStore<Bitkit>(state, .launch)
            store.run { world.respond($0, $1) }
            #expect(store.state.defaults.reference == Self.referenceA)
            #expect(store.state.memory?.sessionRestorationFailed == true)
            #expect(
                store.toasts
                    == ["error · \(BitkitTexts.sessionExpiredTitle) · \(BitkitTexts.sessionExpiredDescription)"])
            #expect((world.privateStore[BitkitStoreKey.session] != nil) == policy.keepsSessionOnFailedRestore)
        }
    }

    @Test func aSignupLinkIsRefusedWhileAPickedPubkyIsReferenced() {
        var (state, world) = F.adoptedA()
        state.memory?.publicKey = nil
        state.memory?.authState = .idle
        world.privateStore[BitkitStoreKey.session] = nil
        let store = TestStore<Bitkit>(state, .scan("pubkyauth://direct_signup?hs=\(Fixture.hs)&st=AAAA-BBBB-CCCC"))
        store.run { world.respond($0, $1) }
        #expect(store.toasts == ["info · \(BitkitTexts.alreadySignedIn)"])
        #expect(store.networkCalls.isEmpty)
        #expect(store.state.memory?.sheet == nil)
    }

    // MARK: Delete Profile, Disconnect, wipe (spec/02 §17–§19)

    @Test func deleteProfileDeletesThenSignsOutThenClearsTheIdentity() {
        var (state, world) = F.adoptedA()
        world.profiles[F.a] = ProfileSummary(name: "Alice")
        state.memory?.path = [.profile, .editProfile]
        let store = TestStore<Bitkit>(state, .deleteProfile(confirm: false), .deleteProfile(confirm: true))
        store.run { world.respond($0, $1) }
        let session = PubkySession(pubky: F.a, homeserver: BitkitFakeWorld.homeserver, secret: "s-tkrq")
        #expect(store.networkCalls.contains(.deleteProfile(session)))
        #expect(store.networkCalls.last == .signOut(session))
        #expect(store.sharingCalls.last == .withdrawAll(before: .disconnectBeforeRemoveOwn))
        #expect(store.state.defaults.reference == nil)
        #expect(world.profiles[F.a] == nil)
        #expect(world.privateStore[BitkitStoreKey.session] == nil)
        #expect(store.journal.contains(JournalLine(.identity(.disconnected))))
    }

    @Test func aFailedSignOutChangesNothingLocally() {
        var (state, world) = F.adoptedA()
        world.faults = [.signOut]
        state.memory?.path = [.profile]
        let store = TestStore<Bitkit>(state, .disconnect(confirm: false), .disconnect(confirm: true))
        store.run { world.respond($0, $1) }
        #expect(store.toasts.first?.hasPrefix("error · \(BitkitTexts.disconnectErrorTitle) · ") == true)
        #expect(store.state.defaults.reference == Self.referenceA)
        #expect(world.privateStore[BitkitStoreKey.session] != nil)
        #expect(!store.sharingCalls.contains(.withdrawAll(before: .disconnectBeforeRemoveOwn)))
    }

    @Test func aWipeRemovesTheOwnRecordsThePrivateStoreAndEveryDefaultAndJournalsItsEnds() {
        var world = Self.walletWorld()
        world.privateStore[BitkitStoreKey.secretKey] = F.wSecret
        world.own = ["to.bitkit.dev:\(F.w)": F.wSecret]
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

    // MARK: Backups (spec/02 §20, R8)

    @Test func anUndecodableBackupTouchesNoCredential() {
        var world = Self.walletWorld()
        world.privateStore[BitkitStoreKey.secretKey] = F.wSecret
        let store = TestStore<Bitkit>(F.baseline(), .restoreBackup(#"{"pubkySession":{"kind":42}}"#))
        store.run { world.respond($0, $1) }
        #expect(store.calls.isEmpty)
        #expect(store.notices.count == 1)
        #expect(world.privateStore[BitkitStoreKey.secretKey] == F.wSecret)
    }

    @Test func aLegacyRelayBackupRestoresNoIdentityAndNeverSendsItsSecret() {
        var world = Self.walletWorld()
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
        var world = Self.walletWorld()
        world.accounts = [F.w]
        let store = TestStore<Bitkit>(F.baseline(), .restoreBackup(#"{"pubkySession":{"kind":"localSeed"}}"#))
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls == [.signIn(F.pair(F.wSecret))])
        #expect(world.privateStore[BitkitStoreKey.secretKey] == F.wSecret)
        #expect(store.state.memory?.publicKey == "pubky" + F.w)
    }

    // MARK: Profiles and reinstalls (R7, R4)

    /// R7: a lookup that fails is never followed by a write that could overwrite a profile.
    @Test func saveAfterAFailedLookupOnlyLooksUpAgain() {
        var (state, world) = F.adoptedA()
        world.profileReadsFail = true
        state.memory?.path = [.createProfile]
        state.memory?.createProfile = CreateProfileForm(
            shownPubky: "pubky" + F.a, lookup: .failed, strict: true, restoring: false,
            profile: ProfileSummary(name: "Bob"))
        let store = TestStore<Bitkit>(state, .save)
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls == [.profile(pubky: F.a)])
        #expect(store.toasts == ["error · \(BitkitTexts.createErrorTitle) · HTTP 500"])
        #expect(store.state.memory?.createProfile?.lookup == .failed)
    }

    /// spec/02 §8.1 (and R4's update-install): without an install marker a surviving mnemonic means
    /// a reinstall: own records and the private store go; with the marker nothing does.
    @Test func theOrphanCheckRunsOnlyWithoutTheInstallMarker() {
        var fresh = F.baseline()
        fresh.memory = nil
        fresh.defaults.installMarker = false
        var world = Self.walletWorld()
        let orphan = TestStore<Bitkit>(fresh, .launch)
        orphan.run { world.respond($0, $1) }
        #expect(orphan.sharingCalls.first == .withdrawAll(before: .orphanBeforeRemoveOwn))
        #expect(orphan.calls.contains(.request(.store(.wipe))))
        #expect(orphan.state.defaults.installMarker)
        var marked = F.baseline()
        marked.memory = nil
        world = Self.walletWorld()
        let update = TestStore<Bitkit>(marked, .launch)
        update.run { world.respond($0, $1) }
        #expect(!update.calls.contains(.request(.store(.wipe))))
        #expect(world.privateStore[BitkitStoreKey.mnemonic] == F.mnemonic)
    }
}
