import AppSupport
import Backend
import BitkitApp
import ContractNames
import Device
import Foundation
import Keychain
import PubkyCrypto
import Testing

@Suite struct CreateProfileTests {
    private func paykitProfile(_ world: TestWorld, _ pubky: String) throws -> PaykitProfile? {
        let record = try world.store.storage(pubky: pubky).first { $0.path == "/pub/staging.bitkit.to/profile.json" }
        guard let text = record?.text else { return nil }
        return try JSONDecoder().decode(PaykitProfile.self, from: Data(text.utf8))
    }

    /// Scenario 22 (and 13): a brand-new pubky through the create card.
    @Test func theCreateCardCreatesWsProfileThroughHomegateAndPublishesTheOwnRecord() throws {
        let world = try TestWorld()
        try world.baseline()
        let choice = try world.send(.open(.profile))
        #expect(choice.rowIDs == ["PubkyChoiceCreate"])
        let create = try world.send(.createProfile(name: "Satoshi", bio: nil))
        #expect(create.route == "createProfile")
        #expect(create.title == "Create Profile")
        #expect(create.texts.first == "pubky\(Fixture.w)")
        #expect(create.toasts.isEmpty)
        let saved = try world.send(.save)
        #expect(saved.route == "payContacts")
        #expect(saved.toasts.isEmpty)
        #expect(try world.journal(event: "backend").filter { $0.op == "homegate POST /ip_verification" }.count == 1)
        #expect(try world.store.accounts().accounts.map(\.pubky) == [Fixture.w])
        #expect(try world.store.pkarrRecords(pubky: Fixture.w).first?.homeserver == Fixture.hs)
        let profile = try #require(try paykitProfile(world, Fixture.w))
        #expect(profile.kind == "paykit.profile")
        #expect(profile.displayName == "Satoshi")
        let items = try world.privateItems()
        #expect(items["pubky_secret_key"] == Fixture.wSecret)
        #expect(items["paykit_session"]?.hasPrefix("\(Fixture.w):") == true)
        #expect(try world.sharedAccounts() == ["to.bitkit.dev:\(Fixture.w)"])
        let record = try #require(try world.sharedItem("to.bitkit.dev:\(Fixture.w)"))
        #expect(record.data == Array(Fixture.wSecret.utf8))
        #expect(record.accessibility == .whenUnlockedThisDeviceOnly)
        #expect(!record.synchronizable)
        let profileScreen = try world.send(.continueFlow)
        #expect(profileScreen.route == "profile")
        #expect(profileScreen.texts == ["pubky\(Fixture.w)", "Satoshi"])
        #expect(try world.state().identity.kind == .owned)
    }

    @Test func saveIsRefusedWhileTheNameIsEmpty() throws {
        let world = try TestWorld()
        try world.baseline()
        let screen = try world.send(.createProfile(name: "   ", bio: nil))
        #expect(screen.buttons.first { $0.id == "CreateProfileSave" }?.disabled == true)
        let outcome = try world.outcome(.save)
        #expect(outcome.notices.count == 1)
        #expect(outcome.screen?.route == "createProfile")
        #expect(try world.store.accounts().accounts.isEmpty)
    }

    /// Scenario 12: offline, nothing is written until a lookup has succeeded.
    @Test func anOfflineCreateProfileWritesNothingUntilALookupSucceeds() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        let picked = try world.send(.pick(.pubky(Fixture.a)))
        #expect(picked.toasts.isEmpty)
        try world.send(.home)
        try world.setOnline(false)
        let opened = try world.send(.createProfile(name: nil, bio: nil))
        #expect(opened.route == "createProfile")
        #expect(opened.toasts.map(\.title) == ["Profile Error"])
        #expect(opened.stack == ["home", "profile", "createProfile"])
        try world.send(.createProfile(name: "Alice", bio: nil))
        let first = try world.send(.save)
        #expect(first.toasts.map(\.title) == ["Profile Error"])
        #expect(try paykitProfile(world, Fixture.a) == nil)
        try world.setOnline(true)
        let second = try world.send(.save)
        #expect(second.toasts.isEmpty)
        #expect(second.route == "createProfile")
        #expect(second.texts.contains("Name: Alice"))
        #expect(try paykitProfile(world, Fixture.a) == nil)
        let third = try world.send(.save)
        #expect(third.route == "payContacts")
        #expect(try paykitProfile(world, Fixture.a)?.displayName == "Alice")
        #expect(!(try world.state().identity.isProfileSetupPending))
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)"])
    }

    /// R7: a failed lookup never overwrites an existing profile.
    @Test func aFailedLookupNeverOverwritesAnExistingProfile() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        let pair = try #require(Ed25519KeyPair(secretHex: Fixture.aSecret))
        let session = try world.client().signIn(keyPair: pair).value
        _ = try world.client().putProfile(
            PaykitProfile(displayName: "Alice", extra: .init(name: "Alice", bio: "Hi")), session: session,
            namespace: "staging.bitkit.to")
        try world.knobs { $0.storageReadFaults = [Fixture.hs] }
        let picked = try world.send(.pick(.pubky(Fixture.a)))
        #expect(picked.route == "createProfile")
        #expect(picked.toasts.map(\.title) == ["Profile Error"])
        try world.send(.createProfile(name: "Bob", bio: nil))
        let first = try world.send(.save)
        #expect(first.toasts.map(\.title) == ["Profile Error"])
        #expect(try paykitProfile(world, Fixture.a)?.displayName == "Alice")
        try world.knobs { $0.storageReadFaults = [] }
        let second = try world.send(.save)
        #expect(second.title == "Restore Profile")
        #expect(second.texts.contains("Name: Alice"))
        #expect(try paykitProfile(world, Fixture.a)?.displayName == "Alice")
        let third = try world.send(.save)
        #expect(third.route == "payContacts")
        let written = try #require(try paykitProfile(world, Fixture.a))
        #expect(written.displayName == "Alice")
        #expect(written.extra.bio == "Hi")
    }

    /// R7 contrast: a brand-new W's lookup is lenient.
    @Test func aBrandNewKeysLookupIsLenientAndSaveSignsUp() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.knobs { $0.storageReadFaults = [Fixture.hs] }
        let create = try world.send(.createProfile(name: "Satoshi", bio: nil))
        #expect(create.toasts.isEmpty)
        let saved = try world.send(.save)
        #expect(saved.route == "payContacts")
        try world.knobs { $0.storageReadFaults = [] }
        #expect(try paykitProfile(world, Fixture.w)?.displayName == "Satoshi")
    }

    @Test func aFailedProfileWriteOnTheFullPathEndsTheNewSessionAndKeepsNothing() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.addSDKFault("profile-write", remaining: 1)
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        let saved = try world.send(.save)
        #expect(saved.route == "createProfile")
        #expect(saved.toasts.map(\.title) == ["Profile Error"])
        let state = try world.state()
        #expect(state.privateKeychain["paykit_session"] == false)
        #expect(state.privateKeychain["pubky_secret_key"] == false)
        #expect(try world.store.sessions(pubky: Fixture.w).isEmpty)
    }

    @Test func anExistingKeyIsOnlySignedInNeverSignedUpAgain() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        // A restore failure leaves W's key but no session; Create Profile again signs W in.
        try world.knobs { $0.homeserversDown = [Fixture.hs] }
        try world.send(.relaunch)
        try world.knobs { $0.homeserversDown = [] }
        #expect(try world.state().identity.kind == .owned)
        let homegateBefore = try world.journal(event: "backend").filter { $0.op == "homegate POST /ip_verification" }
            .count
        try world.send(.open(.createProfile))
        try world.send(.createProfile(name: "Satoshi 2", bio: nil))
        let saved = try world.send(.save)
        #expect(saved.route == "payContacts")
        #expect(
            try world.journal(event: "backend").filter { $0.op == "homegate POST /ip_verification" }.count
                == homegateBefore)
        #expect(try paykitProfile(world, Fixture.w)?.displayName == "Satoshi 2")
    }

    /// Scenario 14: a profile created before the update is published at first launch.
    @Test func aPreUpdateOwnedIdentityIsPublishedAtLaunch() throws {
        let world = try TestWorld()
        let pair = try #require(Ed25519KeyPair(secretHex: Fixture.wSecret))
        let session = try world.client(app: "to.bitkit").signUpThroughHomegate(keyPair: pair).value
        _ = try world.client(app: "to.bitkit").putProfile(
            PaykitProfile(displayName: "Satoshi"), session: session, namespace: "staging.bitkit.to")
        try world.writePrivate("bip39_mnemonic_0", Fixture.mnemonic)
        try world.writePrivate("pubky_secret_key", Fixture.wSecret)
        try world.writePrivate("paykit_session", session.exported)
        try Sandbox(world: world.world, app: .bitkit).save(
            BitkitDefaults(values: [BitkitDefaults.Key.installMarker: .bool(true)]), "defaults")
        let screen = try world.send(.launch)
        #expect(screen.toasts.isEmpty)
        #expect(try world.state().identity.publicKey == "pubky\(Fixture.w)")
        #expect(try world.state().identity.authState == .authenticated)
        #expect(try world.sharedAccounts() == ["to.bitkit.dev:\(Fixture.w)"])
        #expect(try world.privateItems()["pubky_secret_key"] == Fixture.wSecret)
    }

    @Test func createProfileWithoutAMnemonicShowsProfileErrorAndGoesBack() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.open(.profile))
        let group = world.network.bitkitPrivateGroup
        try KeychainGroupStore(directory: world.world.groupDirectory(group), accessGroup: group).remove(
            service: BitkitPrivateKeychain.service, account: "bip39_mnemonic_0")
        let screen = try world.send(.createProfile(name: nil, bio: nil))
        #expect(screen.route == "pubkyChoice")
        #expect(screen.toastTexts == ["error · Profile Error · Authentication failed: Mnemonic not found"])
    }
}

@Suite struct SessionRefreshTests {
    /// spec/02 §21: an auth failure signs in again once with the active key and retries.
    @Test func aProfileWriteWithAnEndedSessionSignsInAgainAndRetries() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.send(.pick(.pubky(Fixture.a)))
        // The homeserver forgets Bitkit's session behind its back.
        let saved = try #require(try world.privateItems()["paykit_session"])
        let secret = String(saved.dropFirst(Fixture.a.count + 1))
        _ = try world.client().signOut(
            HomeserverSession(
                pubky: Fixture.a, homeserver: Fixture.hs, secret: secret, capabilities: "/:rw", createdAt: Date()))
        try world.send(.createProfile(name: "Alice", bio: nil))
        let saved2 = try world.send(.save)
        #expect(saved2.route == "payContacts")
        #expect(saved2.toasts.isEmpty)
        #expect(try world.privateItems()["paykit_session"] != saved)
        #expect(try world.privateItems()["pubky_secret_key"] == nil)
    }
}

@Suite struct OwnRecordTests {
    /// spec/02 §2 and §15: the toggle only gates UI; launch publishes (and heals) the own record.
    @Test func launchPublishesTheOwnRecordEvenWithThePaykitUIOffAndHealsARemovedOne() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        try world.send(.setPaykitUI(false))
        try KeychainGroupStore(directory: world.world.sharedGroup, accessGroup: SharedContract.accessGroup).remove(
            service: SharedContract.service, account: "to.bitkit.dev:\(Fixture.w)")
        #expect(try world.sharedAccounts().isEmpty)
        try world.send(.relaunch)
        #expect(try world.sharedAccounts() == ["to.bitkit.dev:\(Fixture.w)"])
    }

    @Test func anAdoptedIdentityIsNeverPublishedAndAdoptionRemovesOwnRecords() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.inject("to.bitkit.dev:\(Fixture.w)", data: Fixture.wSecret)
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.send(.pick(.pubky(Fixture.a)))
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)"])
        try world.send(.relaunch)
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)"])
    }
}
