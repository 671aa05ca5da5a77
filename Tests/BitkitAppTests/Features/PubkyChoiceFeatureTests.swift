import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import Device
import IdentitySharing
import PubkyCrypto
import Testing

/// Pubky Choice (`PubkyChoice`, spec/02 §11–§12, the reviewed hazards R6, R11, R12): its rows and
/// their lookups, and the adoption of a pick, step by step through the reducer.
@Suite struct PubkyChoiceFeatureTests {
    typealias F = BitkitFixture

    // MARK: Appear (spec/02 §11)

    /// The rows show at once; each row's profile is looked up after the checkpoint, one by one.
    @Test func appearingListsTheRowsAtOnceThenLooksEachProfileUpAfterTheCheckpoint() {
        let store = TestStore<Bitkit>(F.baseline(), .open(.pubkyChoice))
        // Pubky Choice is offered only while Bitkit has no identity (§10).
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.session))))
        store.answer(.reply(.value(nil)))
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.secretKey))))
        store.answer(.reply(.value(nil)))
        #expect(store.awaiting == .sharing(.listPeers))
        store.answer(.sharing(.listing(.listed([F.ringA, F.ringB])), reloaded: nil))
        #expect(store.state.pubkyChoice.choice == PubkyChoiceList(pubkys: [F.a, F.b], lookingUp: [F.a, F.b]))
        #expect(store.awaiting == .checkpoint(.choiceBeforeProfileFetch))
        store.answer(.resumed(Bitkit.stored(store.state)))
        #expect(store.awaiting == .request(.network(.profileRead, .profile(pubky: F.a))))
        store.answer(.reply(.profile(ProfileSummary(name: "Alice"))))
        #expect(store.state.pubkyChoice.choice?.lookingUp == [F.b])
        #expect(store.awaiting == .request(.network(.profileRead, .profile(pubky: F.b))))
        store.answer(.reply(.profile(nil)))
        #expect(store.outcome == .finished)
        #expect(store.state.pubkyChoice.choice?.lookingUp == [])
        #expect(
            store.state.pubkyChoice.rowProfiles
                == RowProfileCache(found: [F.a: ProfileSummary(name: "Alice")], missed: [F.b]))
        #expect(store.state.memory?.top == .pubkyChoice)
    }

    /// §11.1: a foreground looks the misses up again; a found profile is remembered for the session.
    @Test func aForegroundLooksTheMissesUpAgainAndKeepsWhatWasFound() {
        var state = F.onPubkyChoice([F.a, F.b])
        state.memory?.rowProfiles = RowProfileCache(found: [F.a: ProfileSummary(name: "Alice")], missed: [F.b])
        var world = F.walletWorld()
        world.ringPublishes(F.aSecret)
        world.ringPublishes(F.bSecret)
        let store = TestStore<Bitkit>(state, .foreground)
        store.run { world.respond($0, $1) }
        #expect(
            store.calls == [
                .sharing(.listPeers), .checkpoint(.choiceBeforeProfileFetch),
                .request(.network(.profileRead, .profile(pubky: F.b))),
            ])
        #expect(store.state.pubkyChoice.rowProfiles?.found[F.a] == ProfileSummary(name: "Alice"))
    }

    // MARK: Pick and adopt (spec/02 §12)

    @Test(arguments: Platform.allCases)
    func pickingReadsTheSecretJustInTimeSetsTheReferenceBeforeSigningInAndNeverStoresIt(platform: Platform) {
        var world = F.walletWorld(on: platform)
        world.ringPublishes(F.aSecret)
        world.accounts = [F.a]
        world.records = [F.a]
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.a], policy: world.policy), .pick(.pubky(F.a)))
        #expect(store.awaiting == .holdProcess)
        store.answer(.process(1))
        #expect(store.state.memory?.adoption == InFlightMarker(process: 1, subject: F.a))
        #expect(store.awaiting == .checkpoint(.pickBeforeRead))
        store.answer(.resumed(Bitkit.stored(store.state)))
        #expect(store.awaiting == .sharing(.readSecret(F.ringA)))
        #expect(store.state.defaults.reference == nil)
        store.answer(.sharing(.secret(.found(F.aSecret)), reloaded: nil))
        // The reference is set before the sign-in, so activation never stores the secret.
        #expect(store.state.defaults.reference == F.referenceA)
        #expect(store.awaiting == .checkpoint(.pickBeforeSignIn))
        store.run { world.respond($0, $1) }
        #expect(store.outcome == .finished)
        #expect(store.sharingCalls == [.readSecret(F.ringA), .withdrawAll(before: .activateBeforeRemoveOwn)])
        #expect(store.networkCalls.prefix(1) == [.signIn(F.pair(F.aSecret))])
        #expect(!store.networkCalls.contains(.signUpThroughHomegate(F.pair(F.aSecret))))
        #expect(world.privateStore[BitkitStoreKey.secretKey] == nil)
        #expect(world.privateStore[BitkitStoreKey.session]?.hasPrefix(F.a + ":") == true)
        #expect(store.state.memory?.adoption == nil)
        #expect(store.state.memory?.authState == .authenticated)
        #expect(store.state.memory?.top == .createProfile)
        #expect(store.journal.contains(JournalLine(.identity(.adopted), account: F.ringA.record)))
    }

    /// The reviewed hazard of the seed: a sign-in that fails while a record exists must not sign up
    /// (which would replace that record); the reference goes back.
    @Test(arguments: Platform.allCases)
    func aFailedSignInWithARecordPresentRollsBackAndNeverSignsUp(platform: Platform) {
        var world = F.walletWorld(on: platform)
        world.ringPublishes(F.aSecret)
        world.records = [F.a]
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.a], policy: world.policy), .pick(.pubky(F.a)))
        store.run(until: { $0 == .request(.network(.recordCheck, .recordCheck(pubky: F.a))) }) { world.respond($0, $1) }
        #expect(store.state.defaults.reference == F.referenceA)
        store.answer(.reply(.recordCheck(.found)))
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls == [.signIn(F.pair(F.aSecret)), .recordCheck(pubky: F.a)])
        #expect(store.state.defaults.reference == nil)
        #expect(store.toasts == [F.adoptFailure + "No account for this pubky"])
        #expect(store.state.memory?.adoption == nil)
        #expect(world.accounts.isEmpty)
    }

    @Test(arguments: Platform.allCases)
    func aNeverSignedUpPubkyIsSignedUpThroughHomegateOnlyWhenTheCheckSaysNoRecord(platform: Platform) {
        var world = F.walletWorld(on: platform)
        world.ringPublishes(F.bSecret)
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.b], policy: world.policy), .pick(.pubky(F.b)))
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
    @Test(arguments: Platform.allCases)
    func aFailedAdoptionReloadsTheRowsOnce(platform: Platform) {
        var world = F.walletWorld(on: platform)
        world.ringPublishes(pubky: F.b, value: "not-a-secret")
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.b], policy: world.policy), .pick(.pubky(F.b)))
        store.run { world.respond($0, $1) }
        #expect(store.sharingCalls.filter { $0 == .listPeers }.count == 1)
        #expect(store.networkCalls.isEmpty)
        #expect(store.state.memory?.top == .pubkyChoice)
        #expect(store.toasts == [F.unreadableKey(world.policy)])
    }

    /// R6: a record check that cannot conclude (DHT unreachable) is no "not found".
    @Test(arguments: Platform.allCases)
    func anInconclusiveRecordCheckNeverSignsUp(platform: Platform) {
        var world = F.walletWorld(on: platform)
        world.ringPublishes(F.bSecret)
        world.recordCheckUnknown = true
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.b], policy: world.policy), .pick(.pubky(F.b)))
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls == [.signIn(F.pair(F.bSecret)), .recordCheck(pubky: F.b)])
        #expect(world.accounts.isEmpty)
        #expect(store.state.defaults.reference == nil)
        #expect(store.toasts == [F.adoptFailure + "No account for this pubky"])
    }

    /// R11: a record whose secret derives another key is never adopted, and nothing is signed. Ring's
    /// record is read through Bitkit's real exchange over the phone (the keychain group on iOS, Ring's
    /// provider on Android): its derivation check is the subject, so no fake stands in for it.
    @Test(arguments: Platform.allCases)
    func aRecordHoldingAnotherKeysSecretIsNeverAdopted(platform: Platform) {
        var world = F.walletWorld(on: platform)
        world.ringPublishes(pubky: F.b, value: F.aSecret)
        let store = TestStore<Bitkit>(F.onPubkyChoice([F.b], policy: world.policy), .pick(.pubky(F.b)))
        store.run { world.respond($0, $1) }
        #expect(store.sharingCalls.prefix(1) == [.readSecret(F.ringB)])
        #expect(store.networkCalls.isEmpty)
        #expect(store.state.defaults.reference == nil)
        #expect(store.toasts == [F.unreadableKey(world.policy)])
    }

    /// R12: an adoption in flight in a live run rejects a second one before anything is read; a
    /// marker whose run is gone does not.
    @Test func aSecondAdoptionWhileOneRunsIsRejectedBeforeAnyRead() {
        var busy = F.onPubkyChoice([F.a, F.b])
        busy.memory?.adoption = InFlightMarker(process: 2, subject: F.a)
        var world = F.walletWorld()
        world.ringPublishes(F.aSecret)
        world.ringPublishes(F.bSecret)
        world.liveProcesses = [1, 2]
        let store = TestStore<Bitkit>(busy, .pick(.pubky(F.b)))
        store.run { world.respond($0, $1) }
        // Asked once by the guard, once for the screen (its rows stay disabled while it runs).
        #expect(store.calls == [.processAlive(2), .processAlive(2)])
        #expect(store.state.adoptionBusy)
        #expect(store.toasts == [F.adoptFailure + BitkitTexts.adoptionInProgress])
        world.liveProcesses = [1]
        let later = TestStore<Bitkit>(busy, .pick(.pubky(F.b)))
        later.run { world.respond($0, $1) }
        #expect(later.sharingCalls.first == .readSecret(F.ringB))
    }
}
