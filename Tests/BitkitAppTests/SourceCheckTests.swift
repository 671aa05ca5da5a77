import AppSupport
import Backend
import BitkitApp
import Device
import Foundation
import Keychain
import PubkyCrypto
import Testing

@Suite struct SourceCheckTests {
    /// Baseline, Ring imports and signs up A (and B), Bitkit picks A.
    private func pickedA(alsoB: Bool = true) throws -> TestWorld {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        if alsoB {
            try world.ringImport(Fixture.bSecret)
            try world.ringSignUp(Fixture.bSecret)
        }
        try world.send(.pick(.pubky(Fixture.a)))
        return world
    }

    private func expectCleared(_ world: TestWorld, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let state = try world.state()
        #expect(state.reference == nil, sourceLocation: sourceLocation)
        #expect(state.privateKeychain["paykit_session"] == false, sourceLocation: sourceLocation)
        #expect(state.privateKeychain["pubky_secret_key"] == false, sourceLocation: sourceLocation)
        #expect(state.identity.authState == .idle, sourceLocation: sourceLocation)
        #expect(state.identity.publicKey == nil, sourceLocation: sourceLocation)
        #expect(state.identity.kind == .none, sourceLocation: sourceLocation)
    }

    /// Scenario 7: Ring deletes the picked pubky while Bitkit is terminated.
    @Test func aLaunchAfterRingDeletedThePickedPubkyClearsTheIdentityAndStaysHome() throws {
        let world = try pickedA()
        _ = try world.outcome(.kill)
        try world.ringDelete(Fixture.a)
        let screen = try world.send(.launch)
        #expect(screen.route == "home")
        #expect(screen.toastTexts == [Fixture.sourceLost])
        try expectCleared(world)
        #expect(try world.store.sessions(pubky: Fixture.a).count >= 1)
        let choice = try world.send(.open(.profile))
        #expect(choice.route == "pubkyChoice")
        #expect(choice.rows.map(\.caption) == ["ORHZ...SQKY"])
        #expect(choice.texts == ["Use an existing pubky from Pubky Ring."])
    }

    /// Scenario 8: on foreground, with Profile in the path, the path becomes [pubkyChoice].
    @Test func aForegroundAfterRingDeletedTheLastPubkyResetsToPubkyChoiceWithTheCreateCard() throws {
        let world = try pickedA(alsoB: false)
        try world.send(.home)
        try world.send(.open(.profile))
        try world.send(.background)
        try world.ringDelete(Fixture.a)
        let screen = try world.send(.foreground)
        #expect(screen.toastTexts == [Fixture.sourceLost])
        #expect(screen.stack == ["home", "pubkyChoice"])
        #expect(screen.texts == ["Create a new pubky and profile in Bitkit."])
        #expect(screen.rowIDs == ["PubkyChoiceCreate"])
        try expectCleared(world)
        #expect(try world.sharedAccounts().isEmpty)
    }

    /// Scenario 9: every identity route resets the path.
    @Test(arguments: [BitkitRoute.createProfile, .payContacts, .contacts, .editProfile, .contactDetail, .contactSaved])
    func aLostSourceOnAnIdentityScreenResetsThePathToPubkyChoice(route: BitkitRoute) throws {
        let world = try pickedA()
        if route != .createProfile { try world.send(.open(route)) }
        #expect(try world.state().route == route.rawValue)
        try world.send(.background)
        try world.ringDelete(Fixture.a)
        let screen = try world.send(.foreground)
        #expect(screen.toastTexts == [Fixture.sourceLost])
        #expect(screen.stack == ["home", "pubkyChoice"])
        #expect(screen.rows.map(\.caption) == ["ORHZ...SQKY"])
        try expectCleared(world)
    }

    /// Scenario 10: without an identity route in the path the screen stays.
    @Test(arguments: [BitkitRoute.settings, .contactsIntro, .contactActivity, .send])
    func aLostSourceElsewhereKeepsTheScreen(route: BitkitRoute) throws {
        let world = try pickedA()
        try world.send(.home)
        try world.send(.open(route))
        try world.send(.background)
        try world.ringDelete(Fixture.a)
        let screen = try world.send(.foreground)
        #expect(screen.toastTexts == [Fixture.sourceLost])
        #expect(screen.stack == ["home", route.rawValue])
        try expectCleared(world)
        let choice = try world.send(.open(.profile))
        #expect(choice.route == "pubkyChoice")
        #expect(choice.rows.map(\.caption) == ["ORHZ...SQKY"])
    }

    /// spec/01 §9 and §13: only errSecItemNotFound is "missing".
    @Test(arguments: ["locked", "entitlement", "wrong-secret", "read-fault"])
    func anythingButNotFoundKeepsTheAdoption(condition: String) throws {
        let world = try pickedA()
        try world.send(.background)
        switch condition {
        case "locked": try world.setProtection(.locked)
        case "entitlement":
            try DeviceStore(world: world.world).update {
                $0.apps[.bitkit] = InstalledApp(kind: .bitkit, network: .regtest, sharedGroupEnabled: false)
            }
        case "wrong-secret": try world.ringPublish(Fixture.a, secret: Fixture.bSecret)
        default: try world.addKeychainFault(.read, account: "app.pubkyring:*", status: OSStatus(-25291))
        }
        let screen = try world.send(.foreground)
        #expect(screen.toasts.isEmpty)
        let state = try world.state()
        #expect(state.reference?.pubky == Fixture.a)
        #expect(state.identity.authState == .authenticated)
        #expect(state.privateKeychain["paykit_session"] == true)
    }

    /// R3: a failing forgetSessionAccess still deletes the credentials, in order.
    @Test func aFailingForgetSessionAccessStillDeletesSessionThenKey() throws {
        let world = try pickedA()
        try world.addSDKFault("forget-session")
        try world.send(.background)
        try world.ringDelete(Fixture.a)
        let screen = try world.send(.foreground)
        #expect(screen.toastTexts == [Fixture.sourceLost])
        try expectCleared(world)
        let deletes = try world.journal(event: "keychain").filter { $0.op == "delete" }.compactMap(\.account)
        let session = try #require(deletes.lastIndex(of: "paykit_session"))
        let key = try #require(deletes.lastIndex(of: "pubky_secret_key"))
        #expect(session < key)
        let relaunch = try world.send(.relaunch)
        #expect(relaunch.toasts.isEmpty)
        #expect(try world.state().identity.publicKey == nil)
        #expect(try world.send(.open(.profile)).route == "pubkyChoice")
        #expect(try world.store.sessions(pubky: Fixture.a).count >= 1)
    }

    /// R2: a failed restore keeps the reference; the signup link stays refused; a later launch recovers.
    @Test func aFailedRestoreKeepsThePickedPubkyAndSignupLinksStayRefused() throws {
        let world = try pickedA(alsoB: false)
        try world.knobs { $0.homeserversDown = [Fixture.hs] }
        let relaunch = try world.send(.relaunch)
        #expect(relaunch.toastTexts == [Fixture.sessionExpired])
        var state = try world.state()
        #expect(state.reference?.pubky == Fixture.a)
        #expect(state.privateKeychain["paykit_session"] == false)
        #expect(state.identity.publicKey == nil)
        #expect(state.identity.authState == .idle)
        #expect(state.identity.sessionRestorationFailed)
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)"])
        var random = SeededRandom(seed: 5)
        try world.store.addHomeserver(
            .init(pubky: "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo", name: "hs2"),
            now: try world.environment.now())
        let token = try world.store.issueSignupToken(
            homeserver: "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo", random: &random,
            now: try world.environment.now())
        let scan = try world.send(
            .scan("pubkyauth://direct_signup?hs=8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo&st=\(token)"))
        #expect(scan.toastTexts == ["info · Already signed in"])
        #expect(scan.sheet == nil)
        #expect(try world.store.accounts().accounts.map(\.pubky) == [Fixture.a])
        try world.knobs { $0.homeserversDown = [] }
        let recovered = try world.send(.relaunch)
        #expect(recovered.toasts.isEmpty)
        state = try world.state()
        #expect(state.identity.authState == .authenticated)
        #expect(state.identity.publicKey == "pubky\(Fixture.a)")
        #expect(state.session?.pubky == Fixture.a)
    }

    /// R5: locked launch — the Ring key cannot be read, the session is kept, no source loss.
    @Test func aLockedLaunchKeepsTheAdoptionAndTheSavedSession() throws {
        let world = try pickedA(alsoB: false)
        _ = try world.outcome(.kill)
        try world.setProtection(.locked)
        try world.knobs { $0.homeserversDown = [Fixture.hs] }
        let screen = try world.send(.launch)
        #expect(screen.toastTexts == [Fixture.sessionExpired])
        let state = try world.state()
        #expect(state.reference?.pubky == Fixture.a)
        #expect(state.privateKeychain["paykit_session"] == true)
        let keychain = try world.journal(event: "keychain").filter { $0.account == "app.pubkyring:\(Fixture.a)" }
        // The just-in-time data read and the existence check both answer -25308 (the journal marks
        // `data` only for reads that returned data, so the two look alike there).
        #expect(keychain.filter { $0.op == "copy" && $0.status == -25308 }.count >= 2)
        try world.setProtection(.unlocked)
        try world.knobs { $0.homeserversDown = [] }
        let after = try world.send(.relaunch)
        #expect(after.toasts.isEmpty)
        #expect(try world.state().identity.publicKey == "pubky\(Fixture.a)")
    }

    @Test func aFailedRestoreThatAlsoLostTheSourceShowsSessionExpiredFirst() throws {
        let world = try pickedA(alsoB: false)
        _ = try world.outcome(.kill)
        try world.ringDelete(Fixture.a)
        try world.knobs { $0.homeserversDown = [Fixture.hs] }
        let screen = try world.send(.launch)
        #expect(screen.toastTexts == [Fixture.sessionExpired, Fixture.sourceLost])
    }

    @Test func anUnreadableSavedSessionEndsInitialisationWithoutPublishOrSourceCheck() throws {
        let world = try pickedA(alsoB: false)
        _ = try world.outcome(.kill)
        try world.ringDelete(Fixture.a)
        try world.addKeychainFault(.read, group: .bitkitPrivate, account: "paykit_session", status: OSStatus(-25291))
        let screen = try world.send(.launch)
        #expect(screen.toasts.isEmpty)
        let state = try world.state()
        #expect(!state.identity.isInitialized)
        #expect(state.identity.initializationErrorMessage != nil)
        #expect(state.reference?.pubky == Fixture.a)
        // Not initialised: foreground runs no source check either.
        try world.send(.background)
        #expect(try world.send(.foreground).toasts.isEmpty)
    }
}
