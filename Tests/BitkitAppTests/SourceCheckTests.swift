import AppSupport
import Backend
import BitkitApp
import Device
import Foundation
import Keychain
import PubkyCrypto
import Testing

/// The source check on a world on disk: what needs the simulated homeserver's own behaviour (a
/// homeserver down, its sessions and signup tokens) or the device's journal and private-keychain
/// faults. The rest runs on a phone in memory (`SourceCheckMemoryTests`).
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
