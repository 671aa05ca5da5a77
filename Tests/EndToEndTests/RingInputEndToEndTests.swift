import Foundation
import Testing

/// Issue 18's acceptance, run with the real binaries: Bitkit's approval sheet, and Ring's session
/// requests, invites and pasted phrases as QA sends them with `simctl auth-request`.
@Suite struct RingInputEndToEndTests {
    static let wMnemonic =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    private func toasts(_ screen: [String: Any]) -> [String] {
        (screen["toasts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    private func ringState(_ sim: Sim) throws -> [String: Any] { try sim("ring-sim", "state", "--json").json() }

    /// Ring owns A, signed up on the staging homeserver.
    private func ringOwnsA() throws -> Sim {
        let sim = try Sim()
        try sim("ring-sim", "onboarding", "finish")
        try sim("ring-sim", "import", "--secret", Fixture.aSecret)
        try sim("ring-sim", "signup", "#1")
        return sim
    }

    @Test func bitkitsSheetDropsMalformedCapsAndShowsTitleRowsTextsAndKeyCard() throws {
        let sim = try ringOwnsA()
        defer { sim.cleanup() }
        try sim("bitkit-sim", "wallet", "restore", "--mnemonic", Self.wMnemonic)
        try sim("bitkit-sim", "settings", "dev", "paykit-ui", "on")
        try sim("bitkit-sim", "settings", "dev", "profile-intro", "seen")
        try sim("bitkit-sim", "open", "profile")
        #expect(try sim("bitkit-sim", "pick", "#1").status == 0)
        let caps = "/pub/pubky.app/:rw,/pub/x.y/:r,/pub/bad/rw,:w"
        let ticket = try sim("simctl", "auth-request", "create", "--caps", caps, "--json").json()
        let link = try #require(ticket["link"] as? String)
        #expect(link.contains("caps=\(caps)&"), "the link carries the caps as written")

        let screen = try sim("bitkit-sim", "scan", link, "--json").json()
        let sheet = try #require(screen["sheet"] as? [String: Any])
        #expect(sheet["title"] as? String == "Authorize")
        let rows = sheet["rows"] as? [[String: Any]] ?? []
        #expect(rows.map { $0["title"] as? String } == ["/pub/pubky.app", "/pub/x.y"])
        #expect(rows.map { $0["caption"] as? String } == ["READ, WRITE", "READ"])
        #expect(
            sheet["texts"] as? [String] == [
                "A service is requesting permission to access and edit your pubky.app and x.y data.",
                "REQUESTED PERMISSIONS",
            ])
        #expect(
            sheet["footer"] as? [String] == [
                "Make sure you trust the service, browser, or device before authorizing with your pubky.",
                "TKRQ...P7QY",
            ])

        // The text rendering shows the same, in the sheet's order.
        try sim("bitkit-sim", "deny")
        let text = try sim("bitkit-sim", "scan", link).stdout
        #expect(
            text.contains(
                """
                  ┌ sheet pubky-auth-approval: Authorize
                  │ A service is requesting permission to access and edit your pubky.app and x.y data.
                  │ REQUESTED PERMISSIONS
                  │ • /pub/pubky.app  READ, WRITE  (SimPubkyAuthCapability_1)
                  │ • /pub/x.y  READ  (SimPubkyAuthCapability_2)
                  │ Make sure you trust the service, browser, or device before authorizing with your pubky.
                  │ TKRQ...P7QY
                  │ [Cancel]  (PubkyAuthCancel)
                  │ [Authorize]  (PubkyAuthAuthorize)
                """), "\(text)")
        let done = try sim("bitkit-sim", "approve").stdout
        #expect(
            done.contains(
                "You authorized with pubky tkrq...p7qy and gave the service permission to access and edit your pubky.app and x.y data."
            ))
    }

    @Test func aSessionRequestOpensTheNestedCallbackWithALiveSession() throws {
        let sim = try ringOwnsA()
        defer { sim.cleanup() }
        let request = try sim(
            "simctl", "auth-request", "session", "--x-success", "bitkit://wallet/callback?nonce=abc123&state=ready",
            "--json"
        ).json()
        let link = try #require(request["link"] as? String)
        #expect(
            link == "pubkyring://session?x-success=bitkit%3A%2F%2Fwallet%2Fcallback%3Fnonce%3Dabc123%26state%3Dready")

        let text = try sim("ring-sim", "authorize", link, "--pubky", "#1").stdout
        #expect(text.contains("Toast: success · Session Returned · Session data sent to requesting app"))
        let opened = try #require((try ringState(sim))["openedURLs"] as? [String])
        #expect(opened.count == 1)
        let url = try #require(opened.first)
        let prefix = "bitkit://wallet/callback?nonce=abc123&state=ready&pubky=\(Fixture.a)&session_secret="
        #expect(url.hasPrefix(prefix) && url.hasSuffix("&capabilities=/:rw"), "\(url)")
        #expect(text.contains("Opened: \(url)"))
        let secret = String(url.dropFirst(prefix.count).dropLast("&capabilities=/:rw".count))

        let sessions = try sim("simctl", "backend", "show", "sessions", "--json").json()["sessions"] as? [[String: Any]]
        #expect(sessions?.contains { $0["cookie"] as? String == "\(Fixture.a)=\(secret)" } == true)
        let received = try sim("simctl", "auth-request", "received", url, "--json").json()
        #expect((received["parameters"] as? [String: String])?["state"] == "ready")
        let session = try #require(received["session"] as? [String: Any])
        #expect(session["valid"] as? Bool == true)
        #expect(session["capabilities"] as? String == "/:rw")
        // A made-up secret is not a session the homeserver knows.
        let forged = try sim("simctl", "auth-request", "received", prefix + "0000000000000000000000000A", "--json")
            .json()
        #expect((forged["session"] as? [String: Any])?["valid"] as? Bool == false)
    }

    @Test func anInviteScannedOfflineShowsCurrentlyOfflineAndCreatesNothing() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "onboarding", "finish")
        try sim("simctl", "net", "off")
        let run = try sim("ring-sim", "authorize", "pubkyring://invite/AZ3B-1D37-3SA0")
        #expect(run.status == 0)
        #expect(
            run.stdout.contains("Toast: error · Currently Offline · You need to be online to authorize with Pubky Ring")
        )
        let state = try ringState(sim)
        #expect((state["pubkys"] as? [Any])?.isEmpty == true)
        #expect((state["privateItems"] as? [Any])?.isEmpty == true)
        let shared = try sim("simctl", "keychain", "list", "--group", "shared", "--json").json()
        #expect((shared["items"] as? [Any])?.isEmpty == true)
    }

    @Test func aPastedPhraseWithAnySeparatorImportsWAndAnInviteURLSignsUpAndOpensItsXSuccess() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "onboarding", "finish")
        try sim(
            "ring-sim", "authorize",
            "abandon-abandon_abandon+abandon abandon abandon abandon abandon abandon abandon abandon about")
        #expect(
            (try ringState(sim))["pubkys"].flatMap { $0 as? [[String: Any]] }?.map { $0["pubky"] as? String } == [
                Fixture.w
            ])

        let invite = try sim(
            "simctl", "auth-request", "--invite", "--x-success", "myapp://invited?ref=1&via=qr", "--json"
        ).json()
        let link = try #require(invite["link"] as? String)
        let code = try #require(invite["code"] as? String)
        #expect(link == "https://example.com/invite/\(code)?x-success=myapp%3A%2F%2Finvited%3Fref%3D1%26via%3Dqr")
        #expect(
            invite["ringLink"] as? String
                == "pubkyring://invite/\(code)?x-success=myapp%3A%2F%2Finvited%3Fref%3D1%26via%3Dqr")
        let screen = try sim("ring-sim", "open-url", link, "--json").json()
        #expect(screen["route"] as? String == "detail")
        let state = try ringState(sim)
        let created = try #require((state["pubkys"] as? [[String: Any]])?.last)
        #expect(created["signedUp"] as? Bool == true)
        #expect(created["signupToken"] as? String == code)
        #expect(state["openedURLs"] as? [String] == ["myapp://invited?ref=1&via=qr"])
    }

    @Test func authRequestFormsRefuseWhatTheyCannotMint() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let missing = try sim("simctl", "auth-request", "session")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--x-success"))
        let both = try sim("simctl", "auth-request", "invite", "--code", "AZ3B-1D37-3SA0", "--homeserver", "staging")
        #expect(both.status == 2)
        let given = try sim("simctl", "auth-request", "invite", "--code", "AZ3B-1D37-3SA0", "--json").json()
        #expect(given["issued"] as? Bool == false)
        #expect(given["code"] as? String == "AZ3B-1D37-3SA0")
        let legacy = try sim("simctl", "auth-request", "session", "--x-success", "a://b?c=1", "--legacy", "--json")
            .json()
        #expect(legacy["link"] as? String == "pubkyring://session?callback=a%3A%2F%2Fb%3Fc%3D1")
    }
}
