import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import Device
import IdentitySharing
import PubkyCrypto
import Testing

/// The profile's screens (`Profile`, spec/02 §13, §17; the reviewed hazard R7): Create Profile's
/// lookup and Save, Delete Profile and Disconnect, step by step through the reducer.
@Suite struct ProfileFeatureTests {
    typealias F = BitkitFixture

    /// spec/02 §13.1: Create Profile for a brand-new key looks its profile up leniently and Save
    /// signs W up, writes the profile, activates and publishes the own record.
    @Test func createProfileSignsTheOwnKeyUpAndWritesTheProfile() {
        var world = F.walletWorld()
        let store = TestStore<Bitkit>(F.onPubkyChoice([]), .createProfile(name: "Wendy", bio: nil))
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.mnemonic))))
        store.run(until: { $0 == .checkpoint(.createProfileBeforeLookup) }) { world.respond($0, $1) }
        #expect(store.state.profileForm.form?.shownPubky == "pubky" + F.w)
        #expect(store.state.profileForm.form?.strict == false)
        store.answer(.resumed(Bitkit.stored(store.state)))
        #expect(store.awaiting == .request(.network(.profileRead, .profile(pubky: F.w))))
        store.answer(.reply(.profile(nil)))
        #expect(store.outcome == .finished)
        #expect(store.state.profileForm.form?.lookup == .notFound)
        #expect(store.state.profileForm.form?.profile.name == "Wendy")

        let save = TestStore<Bitkit>(store.state, .save)
        save.run { world.respond($0, $1) }
        #expect(
            save.networkCalls.prefix(2) == [
                .signUpThroughHomegate(F.pair(F.wSecret)),
                .putProfile(
                    ProfileSummary(name: "Wendy"),
                    PubkySession(pubky: F.w, homeserver: BitkitFakeWorld.homeserver, secret: "s-aihf")),
            ])
        #expect(save.sharingCalls.last == .offer(pubky: F.w, secret: F.wSecret, between: nil))
        #expect(save.state.identity.publicKey == "pubky" + F.w)
        #expect(save.state.identity.profile == ProfileSummary(name: "Wendy"))
        #expect(save.state.memory?.top == .payContacts)
        #expect(world.profiles[F.w] == ProfileSummary(name: "Wendy"))
    }

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
        #expect(store.state.defaults.reference == F.referenceA)
        #expect(world.privateStore[BitkitStoreKey.session] != nil)
        #expect(!store.sharingCalls.contains(.withdrawAll(before: .disconnectBeforeRemoveOwn)))
    }
}
