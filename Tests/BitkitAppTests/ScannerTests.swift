import AppSupport
import Backend
import BitkitApp
import Foundation
import Keychain
import PubkyCrypto
import Testing

/// The scanner on a world on disk: auth links made by and checked against the simulated relay and
/// homeserver. The approval's just-in-time read of Ring's key runs on a phone in memory
/// (`ScannerMemoryTests`).
@Suite struct ScannerTests {
    private func signinLink(_ world: TestWorld) throws -> String {
        try world.client(app: "simctl").createAuthRequest(capabilities: "/pub/pubky.app/:rw").value.link
    }

    private func freshToken(_ world: TestWorld) throws -> String {
        var random = SeededRandom(seed: 11)
        return try world.store.issueSignupToken(
            homeserver: Fixture.hs, random: &random, now: try world.environment.now())
    }

    private func pickedA(_ world: TestWorld) throws {
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.send(.pick(.pubky(Fixture.a)))
    }

    /// Scenario 5: after a relaunch, a sign-in link is approved with the Ring key read just in time.
    @Test func aSignInLinkIsApprovedWithThePickedRingKey() throws {
        let world = try TestWorld()
        try pickedA(world)
        let relaunch = try world.send(.relaunch)
        #expect(relaunch.toasts.isEmpty)
        #expect(try world.state().identity.publicKey == "pubky\(Fixture.a)")
        let link = try signinLink(world)
        let sheet = try world.send(.scan(link))
        #expect(sheet.toasts.isEmpty)
        #expect(sheet.sheet?.id == "pubky-auth-approval")
        #expect(sheet.sheet?.title == "Authorize")
        #expect(sheet.sheet?.rows.map(\.title) == ["/pub/pubky.app"])
        #expect(sheet.sheet?.rows.map(\.caption) == ["READ, WRITE"])
        let approved = try world.send(.approve)
        #expect(approved.toasts.isEmpty)
        #expect(approved.sheet?.title == "Authorization Successful")
        #expect(
            approved.sheet?.texts == [
                "You authorized with pubky tkrq...p7qy and gave the service permission to access and edit your pubky.app data."
            ])
        let status = try world.client(app: "simctl").authRequestStatus(link).value
        #expect(status.pubky == Fixture.a)
        #expect(status.capabilities == "/pub/pubky.app/:rw")
        #expect(try world.privateItems()["pubky_secret_key"] == nil)
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)"])
        #expect(!(try world.bitkitStoredBytes()).contains(Fixture.aSecret))
    }

    /// spec/02 §14.2: malformed capability parts are dropped; the texts name the services; the key card
    /// shows the signing pubky; the success text names the pubky and the services.
    @Test func theApprovalSheetShowsWhatBitkitShows() throws {
        let world = try TestWorld()
        try pickedA(world)
        let caps = "/pub/pubky.app/:rw,/pub/x.y/:r,/pub/bad/rw,:w"
        let link = try world.client(app: "simctl").createAuthRequest(capabilities: caps).value.link
        let screen = try world.send(.scan(link))
        let sheet = try #require(screen.sheet)
        #expect(sheet.title == "Authorize")
        #expect(
            sheet.texts == [
                "A service is requesting permission to access and edit your pubky.app and x.y data.",
                "REQUESTED PERMISSIONS",
            ])
        #expect(sheet.rows.map(\.title) == ["/pub/pubky.app", "/pub/x.y"])
        #expect(sheet.rows.map(\.caption) == ["READ, WRITE", "READ"])
        #expect(sheet.rows.map(\.id) == ["SimPubkyAuthCapability_1", "SimPubkyAuthCapability_2"])
        #expect(
            sheet.footer == [
                "Make sure you trust the service, browser, or device before authorizing with your pubky.",
                "TKRQ...P7QY",
            ])
        #expect(sheet.buttons.map(\.label) == ["Cancel", "Authorize"])
        #expect(sheet.buttons.map(\.id) == ["PubkyAuthCancel", "PubkyAuthAuthorize"])
        let done = try #require(try world.send(.approve).sheet)
        #expect(done.title == "Authorization Successful")
        #expect(
            done.texts == [
                "You authorized with pubky tkrq...p7qy and gave the service permission to access and edit your pubky.app and x.y data."
            ])
        #expect(done.rows.isEmpty && done.footer == nil)
        // The token covers exactly the well-formed entries.
        #expect(
            try world.client(app: "simctl").authRequestStatus(link).value.capabilities
                == "/pub/pubky.app/:rw,/pub/x.y/:r")
    }

    @Test func permissionRowsTitlesCaptionsAndServices() {
        let permissions = PubkyAuthPermission.parse(" /pub/a/b/c:wr , /:r,/pub/:w,/pub/only.path:x, ,/pub/q/:rwx")
        #expect(permissions.map(\.title) == ["/pub/a/b/c", "/", "/pub", "/pub/only.path", "/pub/q"])
        #expect(permissions.map(\.caption) == ["READ, WRITE", "READ", "WRITE", "", "READ, WRITE"])
        #expect(permissions.map(\.serviceName) == ["a", nil, nil, "only.path", "q"])
        #expect(PubkyAuthPermission.services(permissions) == "a and only.path and q")
        #expect(PubkyAuthPermission.parse("/pub/pubky.app/rw,:rw,/pub/pubky.app/:").isEmpty)
    }

    /// Scenario 6: a signup link is refused while a Ring pubky is picked.
    @Test func aSignupLinkIsRefusedWhileARingPubkyIsPicked() throws {
        let world = try TestWorld()
        try pickedA(world)
        let token = try freshToken(world)
        let screen = try world.send(.scan("pubkyauth://direct_signup?hs=\(Fixture.hs)&st=\(token)"))
        #expect(screen.toastTexts == ["info · Already signed in"])
        #expect(screen.sheet == nil)
        #expect(try world.store.accounts().accounts.map(\.pubky) == [Fixture.a])
        #expect(try world.store.accounts().signupTokens.first { $0.token == token }?.usedBy == nil)
        let state = try world.state()
        #expect(state.privateKeychain["pubky_secret_key"] == false)
        #expect(state.session?.pubky == Fixture.a)
        #expect(state.reference?.pubky == Fixture.a)
        #expect(!(try world.sharedAccounts()).contains { $0.hasPrefix("to.bitkit") })
    }

    /// Scenario 15: a direct-signup link creates W and publishes its record at once.
    @Test func aDirectSignupLinkCreatesWAndPublishesTheOwnRecordAtOnce() throws {
        let world = try TestWorld()
        try world.baseline()
        let token = try freshToken(world)
        let sheet = try world.send(.scan("pubkyauth://direct_signup?hs=\(Fixture.hs)&st=\(token)"))
        #expect(sheet.sheet?.id == "pubky-auth-signup")
        #expect(
            sheet.sheet?.texts == [
                "Homeserver", Fixture.hs,
                "Create a new Pubky identity on this homeserver. Only continue if you trust it.",
            ])
        let approved = try world.send(.approve)
        #expect(approved.toasts.isEmpty)
        #expect(try world.store.accounts().accounts.map(\.pubky) == [Fixture.w])
        #expect(try world.store.accounts().signupTokens.first { $0.token == token }?.usedBy != nil)
        #expect(try world.store.pkarrRecords(pubky: Fixture.w).first?.homeserver == Fixture.hs)
        let state = try world.state()
        #expect(state.identity.isProfileSetupPending)
        #expect(state.identity.publicKey == "pubky\(Fixture.w)")
        #expect(try world.privateItems()["pubky_secret_key"] == Fixture.wSecret)
        #expect(try world.sharedAccounts() == ["to.bitkit.dev:\(Fixture.w)"])
        // R1: finishing the profile later keeps the record unchanged.
        try world.send(.deny)
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        let saved = try world.send(.save)
        #expect(saved.route == "payContacts")
        #expect(!(try world.state().identity.isProfileSetupPending))
        #expect(try world.sharedItem("to.bitkit.dev:\(Fixture.w)")?.data == Array(Fixture.wSecret.utf8))
    }

    /// R1: a signup link with a relay delivers W's AuthToken too.
    @Test func aSignupLinkWithARelayDeliversTheTokenAndPublishesTheRecord() throws {
        let world = try TestWorld()
        try world.baseline()
        let ticket = try world.client(app: "simctl").createAuthRequest(
            capabilities: "/pub/pubky.app/:rw", signupHomeserver: Fixture.hs
        ).value
        let sheet = try world.send(.scan(ticket.link))
        #expect(sheet.sheet?.id == "pubky-auth-signup")
        try world.send(.approve)
        let status = try world.client(app: "simctl").authRequestStatus(ticket.link).value
        #expect(status.pubky == Fixture.w)
        #expect(try world.sharedAccounts() == ["to.bitkit.dev:\(Fixture.w)"])
        #expect(try world.state().identity.isProfileSetupPending)
    }

    /// R10: with the Paykit UI off a pubkyauth link is just an unrecognised code.
    @Test func withThePaykitUIOffAPubkyauthLinkGetsTheGenericScannerError() throws {
        let world = try TestWorld()
        try world.send(.launch)
        try world.send(.restoreWallet(mnemonic: Fixture.mnemonic, passphrase: nil))
        let screen = try world.send(.scan(try signinLink(world)))
        #expect(screen.toasts.map(\.title) == ["Unable To Interpret Provided Data"])
        #expect(screen.sheet == nil)
        let state = try world.state()
        #expect(state.privateKeychain["pubky_secret_key"] == false)
        #expect(state.privateKeychain["paykit_session"] == false)
        #expect(try world.sharedAccounts().isEmpty)
    }

    @Test(arguments: [
        "pubkyauth://signin?caps=/pub/x/:rw", "pubkyauth://unknown?x=1", "pubkyauth://signup?hs=\(Fixture.hs)",
    ])
    func anUnparseableLinkIsAnInvalidAuthRequest(link: String) throws {
        let world = try TestWorld()
        try world.baseline()
        let screen = try world.send(.scan(link))
        #expect(screen.toasts.count == 1)
        #expect(screen.toasts.first?.text == "error · Invalid auth request")
        #expect(screen.toasts.first?.id == "PubkyAuthInvalidRequestToast")
        #expect(screen.sheet == nil)
    }

    @Test func aSignInLinkWithoutASessionNeedsAPubkyIdentity() throws {
        let world = try TestWorld()
        try world.baseline()
        let screen = try world.send(.scan(try signinLink(world)))
        #expect(
            screen.toastTexts == [
                "warning · Pubky Identity Required · Create a Pubky identity in your profile to approve auth requests."
            ])
        #expect(screen.sheet == nil)
    }

    /// Scenario 23(a): an owned identity approves from the scanner.
    @Test func anOwnedIdentityApprovesWithW() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        let link = try signinLink(world)
        #expect(try world.send(.scan(link)).toasts.isEmpty)
        try world.send(.approve)
        #expect(try world.client(app: "simctl").authRequestStatus(link).value.pubky == Fixture.w)
    }

    @Test func aRelayFailureIsAnAuthorizationFailedToast() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        let link = try signinLink(world)
        try world.send(.scan(link))
        try world.setOnline(false)
        let screen = try world.send(.approve)
        #expect(screen.toasts.first?.title == "Authorization Failed")
        #expect(screen.sheet?.buttons.last?.label == "Authorize")
    }

    @Test func aSignupFailureLeavesNothingPersisted() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.scan("pubkyauth://direct_signup?hs=\(Fixture.hs)&st=AAAA-AAAA-AAAA"))
        let screen = try world.send(.approve)
        #expect(screen.toastTexts == ["error · Authorization Failed · Invalid token"])
        let state = try world.state()
        #expect(state.identity.kind == .none)
        #expect(try world.sharedAccounts().isEmpty)
    }
}
