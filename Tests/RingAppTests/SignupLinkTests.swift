import AppSupport
import Backend
import Foundation
import PubkyCrypto
import RingApp
import Testing

@Suite struct SignupLinkTests {
    @Test func aSignupLinkCreatesSavesPublishesSignsUpThenAsksToAuthorize() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        let ticket = try sim.authRequest(signupHomeserver: Key.hs)
        let token = try #require(ticket.signupToken)
        let screen = try sim.ring(.openLink(ticket.link, pubky: nil, confirm: false))
        #expect(screen.toasts.map(\.text) == ["success · Signup Successful · Your new Pubky has been created"])
        #expect(screen.sheet?.id == "confirm-auth")
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.signupToken == token && entry.signedUp && entry.homeserver == Key.hs)
        #expect(entry.backupPreference == .unknown && entry.isBackedUp == false && entry.sourceApp == nil)
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(entry.pubky)"])
        let account = try sim.client().store().accounts().accounts.first { $0.pubky == entry.pubky }
        #expect(account?.signupToken == token)
        try sim.ring(.confirm)
        #expect(try sim.requestStatus(ticket.link).pubky == entry.pubky)
    }

    @Test func aDirectSignupLinkStopsAfterTheSignup() throws {
        let sim = try RingTestWorld()
        try sim.ring(.launch)
        var random = SeededRandom(seed: 3)
        let token = try sim.client().store().issueSignupToken(
            homeserver: Key.hs, random: &random, now: sim.ringEnvironment.deviceTime())
        let screen = try sim.ring(
            .openLink("pubkyauth://direct_signup?hs=\(Key.hs)&st=\(token)", pubky: nil, confirm: true))
        #expect(screen.toasts.map(\.text) == ["success · Signup Successful · Your new Pubky has been created"])
        #expect(screen.sheet == nil)
        #expect(screen.route == "home")
        #expect(try sim.snapshot().pubkys.map(\.signedUp) == [true])
        // A `signup?hs=…` without relay and secret is a direct signup too; the same token is reused.
        let again = try sim.ring(.openLink("pubkyauth://signup?hs=\(Key.hs)&st=\(token)", pubky: nil, confirm: false))
        #expect(again.toasts.isEmpty)
        #expect(try sim.snapshot().pubkys.count == 1)
    }

    @Test func aSignupLinkOfflineIsRefused() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        let ticket = try sim.authRequest(signupHomeserver: Key.hs)
        try sim.setOnline(false)
        let screen = try sim.ring(.openLink(ticket.link, pubky: nil, confirm: false))
        #expect(
            screen.toasts.map(\.text) == [
                "error · Currently Offline · You need to be online to authorize with Pubky Ring"
            ])
        #expect(try sim.snapshot().pubkys.isEmpty)
    }

    @Test func aFailedSignupWithoutAnotherSignedUpPubkyShowsConfigurationFailed() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        let link = "pubkyauth://direct_signup?hs=\(Key.hs)&st=AAAA-BBBB-CCCC"
        let screen = try sim.ring(.openLink(link, pubky: nil, confirm: false))
        #expect(screen.sheet?.id == "configuration-failed")
        #expect(screen.sheet?.title == "Configuration Failed")
        #expect(screen.toasts.isEmpty)
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.signedUp == false)
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(entry.pubky)"], "the new key was saved and published")
    }

    @Test func aFailedSignupFallsBackToAnotherSignedUpPubkyForTheAuthorization() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.ring(.signUp(ref: "#1", RingSignUp()))
        let ticket = try sim.authRequest()
        let query = ticket.link.dropFirst("pubkyauth://signin?".count)
        let link = "pubkyauth://signup?\(query)&hs=\(Key.hs)&st=AAAA-BBBB-CCCC"
        let screen = try sim.ring(.openLink(link, pubky: nil, confirm: true))
        #expect(screen.sheet?.title == "Authorization Successful")
        #expect(try sim.requestStatus(ticket.link).pubky == Key.a)
    }

    @Test func signUpWithAnInviteStoresTheTokenAndTheSession() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        var random = SeededRandom(seed: 5)
        let token = try sim.client().store().issueSignupToken(
            homeserver: Key.hs, random: &random, now: sim.ringEnvironment.deviceTime())
        let screen = try sim.ring(.signUp(ref: "#1", RingSignUp(homeserver: Key.hs, invite: token)))
        #expect(screen.toasts.isEmpty)
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.signedUp && entry.signupToken == token && entry.sessions.count == 1)
        #expect(try sim.ring(.home).rows.first?.button == "Authorize")
        let used = try sim.ring(
            .importSecret(hex: Key.bSecret, name: nil),
            .signUp(ref: "#2", RingSignUp(homeserver: Key.hs, invite: token)))
        #expect(
            used.toasts.map(\.text) == [
                "error · Error · Unable to sign up with the homeserver. Please update the homeserver and/or invite code and try again."
            ])
    }

    @Test func signUpWithoutAnInviteIssuesATokenAndSaysSo() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        let ring = try sim.ring()
        try ring.send(.signUp(ref: "#1", RingSignUp()))
        #expect(ring.notes.count == 1)
        #expect(ring.notes.first?.contains("issued signup token") == true)
        #expect(try sim.snapshot().pubkys.first?.signedUp == true)
    }

    @Test func createWithSignUpSignsTheNewKeyUp() throws {
        let sim = try RingTestWorld()
        try sim.ring(.create(name: "Alice", signUp: RingSignUp(homeserver: RingHomeservers.production)))
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.name == "Alice" && entry.signedUp && entry.homeserver == RingHomeservers.production)
    }
}
