import AppSupport
import Backend
import Foundation
import Keychain
import PubkyCrypto
import RingApp
import Testing

@Suite struct AuthorizationTests {
    /// Ring owns A (signed up) and B (not signed up); W is Bitkit's (signed up) and adopted.
    private func prepared(adoptW: Bool = true) throws -> RingTestWorld {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        try sim.ring(.signUp(ref: Key.a, RingSignUp()))
        try sim.signUpElsewhere(Key.wSecret)
        try sim.bitkitPublish(secret: Key.wSecret)
        if adoptW { try sim.ring(.showOffer(ref: Key.w), .confirm) }
        return sim
    }

    @Test func noPubkysAtAllGivesTheNoPubkysToast() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        let link = try sim.authRequest().link
        let screen = try sim.ring(.openLink(link, pubky: nil, confirm: false))
        #expect(screen.toasts.map(\.text) == ["error · No Pubkys exist · Please add and setup a Pubky to proceed."])
        #expect(screen.sheet == nil)
    }

    @Test func pubkysThatCannotAuthorizeGiveTheSetupToast() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.bSecret, name: nil))
        let screen = try sim.ring(.openLink(try sim.authRequest().link, pubky: nil, confirm: false))
        #expect(
            screen.toasts.map(\.text) == [
                "error · No Pubkys are setup · Please setup any of your existing Pubkys to proceed."
            ])
    }

    @Test func oneCandidateOpensTheConfirmSheetDirectly() throws {
        let sim = try prepared(adoptW: false)
        let ticket = try sim.authRequest(caps: "/pub/pubky.app/:rw,/pub/paykit/:r")
        let sheet = try #require(try sim.ring(.openLink(ticket.link, pubky: nil, confirm: false)).sheet)
        #expect(sheet.id == "confirm-auth")
        #expect(sheet.title == "Authorize")
        #expect(
            sheet.texts == [
                "Requested Permissions",
                "Make sure you trust this relay, service, browser, or device before authorizing with your pubky.",
            ])
        #expect(sheet.rows.map(\.title) == ["/pub/pubky.app/", "/pub/paykit/", "pubky #1"])
        #expect(sheet.rows.map(\.pills).prefix(2) == [["Read", "Write"], ["Read"]])
        #expect(sheet.buttons.map(\.id) == ["ConfirmAuthCancelButton", "ConfirmAuthAuthorizeButton"])
        let done = try #require(try sim.ring(.confirm).sheet)
        #expect(done.title == "Authorization Successful")
        #expect(done.texts == ["Granted Permissions"])
        #expect(done.buttons.map(\.id) == ["ConfirmAuthSuccessButton"])
        let status = try sim.requestStatus(ticket.link)
        #expect(status.state == .approved && status.pubky == Key.a)
        #expect(status.capabilities == "/pub/pubky.app/:rw,/pub/paykit/:r")
        #expect(try sim.ring(.confirm).sheet == nil, "OK closes it")
    }

    @Test func severalCandidatesOpenSelectPubkyWithAdoptedOnesIncluded() throws {
        let sim = try prepared()
        let ticket = try sim.authRequest()
        let sheet = try #require(try sim.ring(.openLink(ticket.link, pubky: nil, confirm: false)).sheet)
        #expect(sheet.id == "select-pubky")
        #expect(sheet.title == "Select Pubky")
        #expect(sheet.texts == ["Select which pubky you want to use to authorize this service, browser, or device."])
        #expect(sheet.rows.map(\.title) == ["pubky #1", "pubky #3 (Bitkit)"])
        #expect(throws: RingAppError.notAuthorizable(Key.b)) { try sim.ring(.select(ref: Key.b)) }
        let confirm = try #require(try sim.ring(.select(ref: "#3")).sheet)
        #expect(confirm.id == "confirm-auth")
        #expect(confirm.rows.last?.caption == Key.w)
    }

    @Test func anAdoptedPubkyAuthorizesWithItsSecretReadJustInTime() throws {
        let sim = try prepared()
        let ticket = try sim.authRequest()
        let before = try sim.journal().count
        let screen = try sim.ring(.openLink(ticket.link, pubky: Key.w, confirm: true))
        #expect(screen.sheet?.title == "Authorization Successful")
        let status = try sim.requestStatus(ticket.link)
        #expect(status.state == .approved && status.pubky == Key.w)
        #expect(status.capabilities == "/pub/pubky.app/:rw")
        let reads = try sim.journal().dropFirst(before).filter { $0.event == "keychain" && $0.data == true }
        #expect(reads.map(\.account) == ["to.bitkit.dev:\(Key.w)"])
        #expect(try sim.privateItems().contains { $0.data == Array(Key.wSecret.utf8) || $0.service == Key.w } == false)
        #expect(try sim.sharedAccounts().contains("app.pubkyring:\(Key.w)") == false)
    }

    @Test func anAdoptedRecordWhoseSecretDerivesAnotherPubkyCannotSign() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.signUpElsewhere(Key.wSecret)
        try sim.bitkitPublish(Key.w, value: Key.aSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        let ticket = try sim.authRequest()
        let screen = try sim.ring(.openLink(ticket.link, pubky: nil, confirm: true))
        #expect(screen.toasts.map(\.text) == ["error · Error · Failed to get secret key"])
        #expect(screen.sheet == nil)
        #expect(try sim.requestStatus(ticket.link).state == .pending, "nothing was signed")
        #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.w], "the adoption is kept")
    }

    @Test func aMissingOrMalformedAdoptedRecordFailsAndKeepsTheAdoption() throws {
        for value in [nil, "zz", Key.wSecret.uppercased(), Key.wSecret + "\n"] as [String?] {
            let sim = try RingTestWorld()
            try sim.ring(.finishOnboarding)
            try sim.signUpElsewhere(Key.wSecret)
            try sim.bitkitPublish(secret: Key.wSecret)
            try sim.ring(.showOffer(ref: "#1"), .confirm)
            try sim.bitkitRemove(Key.w)
            if let value { try sim.bitkitPublish(Key.w, value: value) }
            let screen = try sim.ring(.openLink(try sim.authRequest().link, pubky: Key.w, confirm: true))
            #expect(screen.toasts.map(\.text) == ["error · Error · Failed to get secret key"])
            #expect(try sim.snapshot().pubkys.count == 1)
        }
    }

    @Test func anUnreadableRecordBecauseOfTheLockFailsToo() throws {
        let sim = try prepared()
        let link = try sim.authRequest().link
        try sim.ring(.openLink(link, pubky: Key.w, confirm: false))
        try sim.setProtection(.locked)
        let screen = try sim.ring(.confirm)
        #expect(screen.toasts.map(\.text) == ["error · Error · Failed to get secret key"])
        #expect(try sim.snapshot().pubkys.count == 3)
    }

    @Test func offlineAuthorizationIsRefused() throws {
        let sim = try prepared()
        let ticket = try sim.authRequest()
        try sim.setOnline(false)
        let screen = try sim.ring(.openLink(ticket.link, pubky: Key.a, confirm: true))
        #expect(
            screen.toasts.map(\.text) == [
                "error · Currently Offline · You need to be online to authorize with Pubky Ring"
            ])
        try sim.setOnline(true)
        #expect(try sim.requestStatus(ticket.link).state == .pending)
    }

    @Test func callbacksAndTheSourceTitle() throws {
        let sim = try prepared(adoptW: false)
        let base = try sim.authRequest().link
        let link =
            base + "&x-source=Example%20App&x-success=example://ok&x-error=example://err&x-cancel=example://cancel"
        let sheet = try #require(try sim.ring(.openLink(link, pubky: nil, confirm: false)).sheet)
        #expect(sheet.title == "Authorize Example App")
        try sim.ring(.cancel)
        #expect(try sim.snapshot().openedURLs == ["example://cancel"])
        let done = try sim.ring(.openLink(link, pubky: nil, confirm: true))
        #expect(done.sheet == nil, "with x-success the sheet closes and the callback opens")
        #expect(try sim.snapshot().openedURLs == ["example://ok"])

        // The network drops while the confirm sheet is open: Authorize fails and x-error opens.
        try sim.ring(.openLink(link, pubky: nil, confirm: false))
        try sim.setOnline(false)
        try sim.ring(.confirm)
        #expect(
            try sim.snapshot().openedURLs == [
                "example://err?errorCode=OFFLINE&errorMessage=You%20need%20to%20be%20online%20to%20authorize%20with%20Pubky%20Ring"
            ])
    }

    @Test func offlineAScannedLinkShowsCurrentlyOfflineAndNothingElseButADeepLinkAlsoOpensXError() throws {
        let sim = try prepared(adoptW: false)
        let ticket = try sim.authRequest()
        let link = ticket.link + "&x-error=example%3A%2F%2Ferr%3Fa%3D1%26b%3D2"
        try sim.setOnline(false)
        let scanned = try sim.ring(.openLink(link, pubky: nil, confirm: true, source: .scanned))
        #expect(
            scanned.toasts.map(\.text) == [
                "error · Currently Offline · You need to be online to authorize with Pubky Ring"
            ])
        #expect(scanned.sheet == nil, "the input is refused before the confirm sheet")
        #expect(try sim.snapshot().openedURLs.isEmpty)
        let delivered = try sim.ring(.openLink(link, pubky: nil, confirm: true, source: .deepLink))
        #expect(delivered.toasts.map(\.title) == ["Currently Offline"])
        #expect(delivered.sheet == nil)
        #expect(
            try sim.snapshot().openedURLs == [
                "example://err?a=1&b=2&errorCode=OFFLINE&errorMessage=You%20need%20to%20be%20online%20to%20authorize%20with%20Pubky%20Ring"
            ])
        try sim.setOnline(true)
        #expect(try sim.requestStatus(ticket.link).state == .pending)
    }

    @Test func aSignInLinksNestedCallbackArrivesByteForByte() throws {
        let sim = try prepared(adoptW: false)
        let link = try sim.authRequest().link + "&x-success=bitkit%3A%2F%2Fsignup%2Fsuccess%3Fnonce%3Dabc%26next%3Dhome"
        let screen = try sim.ring(.openLink(link, pubky: nil, confirm: true))
        #expect(screen.sheet == nil)
        #expect(try sim.snapshot().openedURLs == ["bitkit://signup/success?nonce=abc&next=home"])
        // Wholly percent-encoded (no literal `?`), the link still parses; its callback comes from the cleaned text.
        let encoded = try #require(
            (try sim.authRequest().link + "&x-success=app://done").addingPercentEncoding(
                withAllowedCharacters: .alphanumerics))
        try sim.ring(.openLink(encoded, pubky: nil, confirm: true))
        #expect(try sim.snapshot().openedURLs == ["app://done"])
    }

    @Test func ringsLinkCleanupIsAppliedBeforeParsing() throws {
        let sim = try prepared(adoptW: false)
        let ticket = try sim.authRequest()
        let query = ticket.link.dropFirst("pubkyauth://signin".count)
        let wrapped = "pubkyring://signin/" + query
        let screen = try sim.ring(.openLink(wrapped, pubky: nil, confirm: true))
        #expect(screen.sheet?.title == "Authorization Successful")
        #expect(try sim.requestStatus(ticket.link).pubky == Key.a)
        let garbage = try sim.ring(.openLink("https://example.com", pubky: nil, confirm: false))
        #expect(
            garbage.toasts.map(\.text) == [
                "error · Error · Unrecognized format. Expected a recovery phrase, invite code, auth URL, or session request."
            ])
    }

    @Test func aFailedDeliverySignsInAndRetriesOnceCreatingASessionItem() throws {
        let sim = try prepared()
        let ticket = try sim.authRequest()
        try sim.sdkFault(.deliverAuthToken, times: 1)
        let screen = try sim.ring(.openLink(ticket.link, pubky: Key.w, confirm: true))
        #expect(screen.sheet?.title == "Authorization Successful")
        #expect(try sim.requestStatus(ticket.link).pubky == Key.w)
        let sessions = try #require(try sim.snapshot().pubkys.first { $0.pubky == Key.w }).sessions
        #expect(sessions.count == 1 && sessions.first?.capabilities == "/:rw")
        let id = try #require(sessions.first).id
        #expect(id == id.lowercased() && id.count == 36)
        #expect(try sim.privateItems().contains { $0.service == "pubky-session:\(Key.w):\(id)" })
    }

    @Test func aFailedRetryGivesFailedToProcessAuthAndAFailedSignInSignInFailed() throws {
        let sim = try prepared()
        try sim.sdkFault(.deliverAuthToken, times: 2)
        let retried = try sim.ring(.openLink(try sim.authRequest().link, pubky: Key.a, confirm: true))
        #expect(retried.toasts.map(\.text) == ["error · Error · Failed to process auth"])
        try sim.sdkFault(.deliverAuthToken, times: 1)
        try sim.sdkFault(.signIn, times: 1)
        let signIn = try sim.ring(.openLink(try sim.authRequest().link, pubky: Key.a, confirm: true))
        #expect(signIn.toasts.map(\.text) == ["error · Error · Sign in failed"])
    }

    @Test func theSessionIdIsTheUUIDv5OfTheSessionSecret() throws {
        let sim = try prepared(adoptW: false)
        let entry = try #require(try sim.snapshot().pubkys.first)
        let session = try #require(entry.sessions.first)
        let item = try #require(try sim.privateItems().first { $0.service.hasPrefix("pubky-session:") })
        let exported = String(decoding: item.data, as: UTF8.self)
        let secret = String(exported.dropFirst(Key.a.count + 1))
        let namespace = try #require(UUID(uuidString: "4dd6b3f6-1ef1-4e8a-9a7b-4bbdb8b69785"))
        #expect(session.id == UUIDv5.make(namespace: namespace, name: secret).uuidString.lowercased())
        #expect(item.service == "pubky-session:\(Key.a):\(session.id)")
    }
}
