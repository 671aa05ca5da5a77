import AppSupport
import Backend
import Foundation
import PubkyCrypto
import RingApp
import Testing

/// `pubkyring://session?x-success=…` end to end (spec/03 §11).
@Suite struct SessionRequestTests {
    static let nonceCallback = "bitkit://wallet/callback?nonce=abc123&state=ready"
    /// The callback as the requesting app puts it in the link: encoded once.
    static let encodedCallback = "bitkit%3A%2F%2Fwallet%2Fcallback%3Fnonce%3Dabc123%26state%3Dready"
    static let link =
        "pubkyring://session?x-success=\(encodedCallback)&x-error=bitkit%3A%2F%2Fwallet%2Ferror%3Fnonce%3Dabc123"

    /// Ring owns A (signed up) and B (not signed up).
    private func ownsA() throws -> RingTestWorld {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        try sim.ring(.signUp(ref: Key.a, RingSignUp()))
        return sim
    }

    /// The parameters Ring appended after the callback's own query, in order.
    private func appended(_ url: String, to callback: String) throws -> [(String, String)] {
        #expect(url.hasPrefix(callback + "&"), "the callback must arrive byte for byte: \(url)")
        return url.dropFirst(callback.count + 1).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts.count > 1 ? parts[1] : ""))
        }
    }

    @Test func theSelectedPubkyIsSignedInAndTheSessionOpensXSuccessByteForByte() throws {
        let sim = try ownsA()
        let before = try sim.client().store().sessions(pubky: Key.a).count
        let screen = try sim.ring(.openLink(Self.link, pubky: "#1", confirm: false))
        #expect(screen.toasts.map(\.text) == ["success · Session Returned · Session data sent to requesting app"])
        #expect(screen.sheet == nil)
        let opened = try sim.snapshot().openedURLs
        #expect(opened.count == 1)
        let parameters = try appended(try #require(opened.first), to: Self.nonceCallback)
        #expect(parameters.map(\.0) == ["pubky", "session_secret", "capabilities"])
        #expect(parameters[0].1 == Key.a)
        #expect(parameters[2].1 == "/:rw")
        let secret = parameters[1].1
        #expect(secret.count == 26)
        // The secret is a live session at A's homeserver, which Ring keeps as it keeps every sign-in.
        let sessions = try sim.client().store().sessions(pubky: Key.a)
        #expect(sessions.count == before + 1)
        #expect(sessions.contains { $0.cookie == "\(Key.a)=\(secret)" && $0.homeserver == Key.hs })
        let session = try sim.client().importSession("\(Key.a):\(secret)").value
        #expect(session.capabilities == "/:rw")
        #expect(try #require(try sim.snapshot().pubkys.first).sessions.count == 2)
    }

    @Test func aSingleCandidateIsUsedWithoutAsking() throws {
        let sim = try ownsA()
        try sim.ring(.openLink(Self.link, pubky: nil, confirm: false))
        let opened = try #require(try sim.snapshot().openedURLs.first)
        #expect(try appended(opened, to: Self.nonceCallback).first?.1 == Key.a)
    }

    @Test func severalCandidatesAskWithSelectPubkyAndThePickReturnsTheSession() throws {
        let sim = try ownsA()
        try sim.ring(.signUp(ref: Key.b, RingSignUp()))
        let sheet = try #require(try sim.ring(.openLink(Self.link, pubky: nil, confirm: false)).sheet)
        #expect(sheet.id == "select-pubky")
        #expect(sheet.title == "Select Pubky")
        #expect(try sim.snapshot().openedURLs.isEmpty)
        let picked = try sim.ring(.select(ref: Key.b))
        #expect(picked.sheet == nil)
        #expect(picked.toasts.map(\.title) == ["Session Returned"])
        let opened = try #require(try sim.snapshot().openedURLs.first)
        #expect(try appended(opened, to: Self.nonceCallback).first?.1 == Key.b)
    }

    @Test func dismissingSelectPubkyOpensXCancel() throws {
        let sim = try ownsA()
        try sim.ring(.signUp(ref: Key.b, RingSignUp()))
        try sim.ring(.openLink(Self.link + "&x-cancel=bitkit%3A%2F%2Fwallet%2Fcancelled", pubky: nil, confirm: false))
        try sim.ring(.cancel)
        #expect(try sim.snapshot().openedURLs == ["bitkit://wallet/cancelled"])
    }

    @Test func noPubkyThatCanSignInGivesNoPubkySelected() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        let empty = try sim.ring(.openLink(Self.link, pubky: nil, confirm: false))
        #expect(empty.toasts.map(\.text) == ["error · No Pubky Selected · Please select a pubky to proceed"])
        try sim.ring(.importSecret(hex: Key.bSecret, name: nil))
        let notSetUp = try sim.ring(.openLink(Self.link, pubky: nil, confirm: false))
        #expect(notSetUp.toasts.map(\.title) == ["No Pubky Selected"])
        #expect(notSetUp.sheet == nil)
        #expect(try sim.snapshot().openedURLs.isEmpty)
        #expect(try sim.client().store().sessions().isEmpty)
    }

    @Test func anXSuccessWithoutSchemeIsRefusedBeforeAnySignIn() throws {
        let sim = try ownsA()
        let before = try sim.client().store().sessions().count
        let screen = try sim.ring(
            .openLink(
                "pubkyring://session?x-success=wallet-callback&x-error=app%3A%2F%2Ferr", pubky: "#1", confirm: false))
        #expect(screen.toasts.map(\.text) == ["error · Error · Invalid callback URL provided"])
        #expect(
            try sim.snapshot().openedURLs == [
                "app://err?errorCode=SESSION_ERROR&errorMessage=Invalid%20callback%20URL%20provided"
            ])
        #expect(try sim.client().store().sessions().count == before)
    }

    @Test func aFailedSignInShowsSignInFailedAndOpensXErrorWithSessionFailed() throws {
        let sim = try ownsA()
        try sim.sdkFault(.signIn)
        let screen = try sim.ring(.openLink(Self.link, pubky: "#1", confirm: false))
        #expect(screen.toasts.map(\.text) == ["error · Sign In Failed · Internal Server Error"])
        #expect(
            try sim.snapshot().openedURLs == [
                "bitkit://wallet/error?nonce=abc123&errorCode=SESSION_FAILED&errorMessage=Internal%20Server%20Error"
            ])
        // A homeserver that is down fails the same way, with its own message.
        try sim.client().store().updateKnobs { $0.homeserversDown = [Key.hs] }
        let down = try sim.ring(.openLink(Self.link, pubky: "#1", confirm: false))
        #expect(down.toasts.first?.title == "Sign In Failed")
        #expect(
            try sim.snapshot().openedURLs.first?.hasPrefix(
                "bitkit://wallet/error?nonce=abc123&errorCode=SESSION_FAILED&errorMessage=") == true)
    }

    @Test func offlineTheRequestIsRefusedAndNothingIsSignedIn() throws {
        let sim = try ownsA()
        let before = try sim.client().store().sessions().count
        try sim.setOnline(false)
        let screen = try sim.ring(.openLink(Self.link, pubky: "#1", confirm: false))
        #expect(
            screen.toasts.map(\.text) == [
                "error · Currently Offline · You need to be online to authorize with Pubky Ring"
            ])
        #expect(try sim.snapshot().openedURLs.isEmpty)
        try sim.setOnline(true)
        #expect(try sim.client().store().sessions().count == before)
    }

    @Test func theLegacyCallbackParameterIsAnXSuccessAndWithoutOneTheInputIsUnknown() throws {
        let sim = try ownsA()
        try sim.ring(.openLink("pubkyring://session?callback=\(Self.encodedCallback)", pubky: "#1", confirm: false))
        #expect(try sim.snapshot().openedURLs.first?.hasPrefix(Self.nonceCallback + "&pubky=\(Key.a)&") == true)
        let bare = try sim.ring(.openLink("pubkyring://session", pubky: "#1", confirm: false))
        #expect(
            bare.toasts.map(\.text) == [
                "error · Error · Unrecognized format. Expected a recovery phrase, invite code, auth URL, or session request."
            ])
    }

    @Test func anAdoptedBitkitPubkyReturnsASessionSignedWithBitkitsKeyReadJustInTime() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.signUpElsewhere(Key.wSecret)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: Key.w), .confirm)
        try sim.ring(.openLink(Self.link, pubky: Key.w, confirm: false))
        let opened = try #require(try sim.snapshot().openedURLs.first)
        #expect(try appended(opened, to: Self.nonceCallback).first?.1 == Key.w)
        #expect(!(try sim.privateItems()).contains { $0.service == Key.w }, "W's secret is never stored by Ring")
    }
}
