import Backend
import Foundation
import PubkyCrypto
import Testing

@Suite struct BackendEndToEndTests {
    @Test func aLinkMintedBySimctlIsApprovedThroughTheLibraryAndTheRequesterSeesThePubky() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let ticket = try sim("simctl", "auth-request", "create", "--caps", "/pub/pubky.app/:rw", "--json").json()
        let link = try #require(ticket["link"] as? String)
        #expect(link.hasPrefix("pubkyauth://signin?caps=/pub/pubky.app/:rw&relay="))
        let pending = try sim("simctl", "auth-request", "status", link, "--json").json()
        #expect(pending["state"] as? String == "pending")

        let client = sim.client(app: "test")
        let user = try #require(Ed25519KeyPair(secretHex: Fixture.aSecret))
        _ = try client.approveAuthRequest(link: link, keyPair: user)

        let approved = try sim("simctl", "auth-request", "status", link, "--json").json()
        #expect(approved["state"] as? String == "approved")
        let id = try #require(ticket["id"] as? String)
        let byID = try sim("simctl", "auth-request", "status", id, "--json").json()
        #expect(byID["pubky"] as? String == Fixture.a)
        let minted = try sim("simctl", "auth-request", "--json").json()
        #expect((minted["link"] as? String)?.hasPrefix("pubkyauth://signin?caps=/pub/example.app/:rw&relay=") == true)
        #expect(approved["pubky"] as? String == Fixture.a)
        #expect(approved["capabilities"] as? String == "/pub/pubky.app/:rw")
    }

    @Test func knobsAreSetFromTheCommandLine() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("simctl", "net", "dht", "unreachable")
        try sim("simctl", "net", "relay-latency", "1")
        try sim("simctl", "net", "homegate", "status", "500")
        try sim("simctl", "net", "homeserver", "staging", "down")
        try sim("simctl", "net", "storage-reads", "production", "fail")
        let knobs = try #require(try sim("simctl", "net", "show", "--json").json()["knobs"] as? [String: Any])
        #expect(knobs["dhtReachable"] as? Bool == false)
        #expect(knobs["relayNotFoundLatency"] as? Double == 1)
        #expect(knobs["homegateStatus"] as? Int == 500)
        #expect(knobs["homeserversDown"] as? [String] == ["ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"])
        #expect(knobs["storageReadFaults"] as? [String] == ["8um71us3fyw6h8wbcxb5ar3rwusy1a6u49956ikzojg3gcwd1dty"])
        try sim("simctl", "net", "off")
        let offline = try sim("simctl", "net", "show", "--json").json()
        #expect(offline["offlineApps"] as? [String] == ["bitkit", "ring"])
    }

    @Test func aPublishedRecordIsSeenAndAnIssuedTokenIsListed() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let cSecret = "5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51"
        try sim(
            "simctl", "backend", "publish", "--secret", cSecret, "--homeserver", "staging", "--timestamp",
            "1700000000000000")
        let records = try #require(
            try sim("simctl", "backend", "show", "pkarr", "--json").json()["records"] as? [[String: Any]])
        #expect(
            records.contains { $0["store"] as? String == "relay" && $0["timestamp"] as? Int == 1_700_000_000_000_000 })
        let hs2 = try sim("simctl", "backend", "add-homeserver", "hs2", "--json").json()
        let key = try #require(hs2["pubky"] as? String)
        let token = try sim("simctl", "backend", "issue-token", "--homeserver", "hs2", "--json").json()
        #expect(token["homeserver"] as? String == key)
        let accounts = try sim("simctl", "backend", "show", "accounts", "--json").json()
        let tokens = accounts["signupTokens"] as? [[String: Any]]
        #expect(tokens?.first?["token"] as? String == token["token"] as? String)
    }

    @Test func aCorruptBackendIsAClearErrorWithExitThreeAndTheFileStaysUntouched() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let path = sim.world.appendingPathComponent(".sim/backend.sqlite")
        let garbage = Data("this is not sqlite".utf8)
        try garbage.write(to: path)
        let run = try sim("simctl", "backend", "show", "accounts")
        #expect(run.status == 3)
        #expect(run.stderr.contains("unreadable"))
        #expect(try Data(contentsOf: path) == garbage)
    }

    @Test func theSameSeedReplaysTheSameHomeserverKeyAndToken() throws {
        func draw() throws -> (String, String) {
            let sim = try Sim()
            defer { sim.cleanup() }
            let hs = try sim("simctl", "backend", "add-homeserver", "hs2", "--json").json()["pubky"] as? String ?? ""
            let token = try sim("simctl", "backend", "issue-token", "--json").json()["token"] as? String ?? ""
            return (hs, token)
        }
        let first = try draw()
        let second = try draw()
        #expect(first == second)
        #expect(!first.0.isEmpty && !first.1.isEmpty)
    }
}
