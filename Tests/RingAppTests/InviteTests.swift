import AppSupport
import Backend
import Foundation
import PubkyCrypto
import RingApp
import Testing

/// Invite codes in every form (spec/03 §11): a new pubky signed up on the default homeserver with the
/// code, no authorization step.
@Suite struct InviteTests {
    private func freshCode(_ sim: RingTestWorld, seed: UInt64 = 5) throws -> String {
        var random = SeededRandom(seed: seed)
        return try sim.client().store().issueSignupToken(
            homeserver: RingHomeservers.defaultHomeserver, random: &random, now: sim.ringEnvironment.deviceTime())
    }

    /// The new pubky is owned, signed up on the default homeserver with `code`, published, and shown.
    private func expectSignedUpWith(_ code: String, _ sim: RingTestWorld, screen: Screen) throws {
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.signedUp && entry.homeserver == RingHomeservers.defaultHomeserver)
        #expect(entry.signupToken == code && entry.sourceApp == nil)
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(entry.pubky)"])
        let token = try sim.client().store().accounts().signupTokens.first { $0.token == code }
        #expect(token?.usedBy == entry.pubky)
        #expect(screen.route == "detail" && screen.texts == [entry.pubky], "the new pubky's review screen")
        #expect(screen.sheet == nil, "no authorization step")
    }

    @Test func aBareCodeSignsUpANewPubky() throws {
        let sim = try RingTestWorld()
        let code = try freshCode(sim)
        let screen = try sim.ring(.openLink("  \(code)\n", pubky: nil, confirm: false))
        try expectSignedUpWith(code, sim, screen: screen)
        #expect(try sim.snapshot().openedURLs.isEmpty)
    }

    @Test func anInviteURLSignsUpAndOpensItsXSuccessByteForByte() throws {
        let sim = try RingTestWorld()
        let code = try freshCode(sim)
        let link =
            "https://example.com/invite/\(code)?x-success=myapp%3A%2F%2Finvited%3Fref%3D1%26via%3Dqr&x-error=myapp%3A%2F%2Ffailed"
        let screen = try sim.ring(.openLink(link, pubky: nil, confirm: false, source: .deepLink))
        try expectSignedUpWith(code, sim, screen: screen)
        #expect(try sim.snapshot().openedURLs == ["myapp://invited?ref=1&via=qr"])
    }

    @Test func aPubkyringInviteLinkInLowercaseUsesTheCodeUppercased() throws {
        let sim = try RingTestWorld()
        let code = try freshCode(sim)
        let screen = try sim.ring(.openLink("pubkyring://invite/\(code.lowercased())", pubky: nil, confirm: false))
        try expectSignedUpWith(code, sim, screen: screen)
    }

    @Test func offlineAnInviteShowsCurrentlyOfflineAndCreatesNothing() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.setOnline(false)
        for form in [
            "AZ3B-1D37-3SA0", "pubkyring://invite/AZ3B-1D37-3SA0", "https://example.com/invite/AZ3B-1D37-3SA0",
        ] {
            let screen = try sim.ring(.openLink(form, pubky: nil, confirm: false))
            #expect(
                screen.toasts.map(\.text) == [
                    "error · Currently Offline · You need to be online to authorize with Pubky Ring"
                ])
            #expect(screen.route == "home" && screen.sheet == nil)
        }
        #expect(try sim.snapshot().pubkys.isEmpty)
        #expect(try sim.privateItems().isEmpty)
        #expect(try sim.sharedAccounts().isEmpty)
        #expect(try sim.snapshot().openedURLs.isEmpty)
        // Delivered by the OS, the link's x-error hears about it.
        try sim.ring(
            .openLink(
                "https://example.com/invite/AZ3B-1D37-3SA0?x-error=myapp%3A%2F%2Ffailed", pubky: nil, confirm: false,
                source: .deepLink))
        #expect(
            try sim.snapshot().openedURLs == [
                "myapp://failed?errorCode=OFFLINE&errorMessage=You%20need%20to%20be%20online%20to%20authorize%20with%20Pubky%20Ring"
            ])
        #expect(try sim.snapshot().pubkys.isEmpty)
    }

    @Test func anUnknownCodeShowsConfigurationFailedAndOpensXErrorWithInviteFailed() throws {
        let sim = try RingTestWorld()
        let screen = try sim.ring(
            .openLink(
                "https://example.com/invite/AZ3B-1D37-3SA0?x-error=myapp%3A%2F%2Ffailed", pubky: nil, confirm: false))
        #expect(screen.sheet?.id == "configuration-failed")
        #expect(screen.sheet?.title == "Configuration Failed")
        #expect(screen.toasts.isEmpty)
        #expect(screen.route == "home")
        #expect(
            try sim.snapshot().openedURLs == [
                "myapp://failed?errorCode=INVITE_FAILED&errorMessage=Unable%20to%20sign%20up%20with%20the%20homeserver.%20Please%20update%20the%20homeserver%20and/or%20invite%20code%20and%20try%20again."
            ])
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(!entry.signedUp && entry.signupToken == "AZ3B-1D37-3SA0", "the new key stays, not signed up")
    }

    @Test func onlyACodeThatEndsTheInvitePathCounts() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        for text in [
            "https://example.com/invite/AZ3B-1D37-3SA0X", "https://example.com/invites/AZ3B-1D37-3SA0", "AZ3B-1D37-3SA",
        ] {
            let screen = try sim.ring(.openLink(text, pubky: nil, confirm: false))
            #expect(screen.toasts.map(\.title) == ["Error"], "\(text)")
        }
        #expect(try sim.snapshot().pubkys.isEmpty)
    }
}
