import Backend
import Foundation
import PubkyCrypto
import Testing

/// `bitkit-sim` driven as QA does: real processes against one world, Ring's side seeded through
/// `ring-sim keychain set-owned` and the world's backend.
@Suite struct BitkitEndToEndTests {
    static let mnemonic =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    static let sourceLost =
        "error · Profile Disconnected · The pubky you used from Pubky Ring is no longer available on this device."

    /// The catalogue baseline (spec/06 §0.2) on Bitkit's side.
    private func baseline() throws -> Sim {
        let sim = try Sim()
        for args in [
            ["launch"], ["wallet", "restore", "--mnemonic", Self.mnemonic], ["settings", "dev", "paykit-ui", "on"],
            ["settings", "dev", "profile-intro", "seen"],
        ] {
            let run = try Sim.run("bitkit-sim", args + ["--world", sim.world.path])
            #expect(run.status == 0, "\(args): \(run.stderr)")
        }
        return sim
    }

    /// Ring imports `secret` (its shared record appears).
    private func ringImport(_ sim: Sim, _ secret: String) throws {
        let run = try sim("ring-sim", "keychain", "set-owned", secret)
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// "Ring: sign up X": an account on the staging homeserver and `_pubky.X → HS`.
    private func ringSignUp(_ sim: Sim, _ secret: String) throws {
        let pair = try #require(Ed25519KeyPair(secretHex: secret))
        let client = sim.client(app: "app.pubkyring")
        _ = try client.signUpThroughHomegate(keyPair: pair)
    }

    private func screen(_ sim: Sim, _ args: String...) throws -> [String: Any] {
        let run = try Sim.run("bitkit-sim", args + ["--json", "--world", sim.world.path])
        #expect(run.status == 0, "\(args): \(run.stderr)")
        return try run.json()
    }

    private func state(_ sim: Sim) throws -> [String: Any] { try screen(sim, "state") }

    private func toasts(_ screen: [String: Any]) -> [String] {
        (screen["toasts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    /// The contract's invariants over the journal and the world hold.
    private func expectAuditClean(_ sim: Sim) throws {
        let run = try sim("simctl", "audit")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    /// After every flow: no Ring secret anywhere in Bitkit's private keychain or sandbox.
    private func expectNoRingSecretInBitkit(_ sim: Sim, _ secrets: [String]) throws {
        let run = try sim("simctl", "keychain", "list", "--show-secrets", "--json")
        let items = try #require(try run.json()["items"] as? [[String: Any]])
        let bitkitItems = items.filter { ($0["group"] as? String ?? "").hasPrefix("KYH47R284B.to.bitkit") }
        for item in bitkitItems {
            let data = item["data"] as? String ?? ""
            for secret in secrets { #expect(!data.contains(secret), "\(item["account"] ?? "") holds a Ring secret") }
        }
        let sandbox = sim.world.appendingPathComponent(".sim/sandboxes/to.bitkit")
        let files = FileManager.default.enumerator(atPath: sandbox.path)?.allObjects.compactMap { $0 as? String } ?? []
        for file in files {
            let text = String(
                decoding: FileManager.default.contents(atPath: sandbox.appendingPathComponent(file).path) ?? Data(),
                as: UTF8.self)
            for secret in secrets { #expect(!text.contains(secret), "\(file) holds a Ring secret") }
        }
    }

    @Test func pickingASignedUpRingPubkyAdoptsItByReference() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        try ringImport(sim, Fixture.aSecret)
        try ringSignUp(sim, Fixture.aSecret)
        try ringImport(sim, Fixture.bSecret)
        let choice = try screen(sim, "open", "profile")
        #expect(choice["route"] as? String == "pubkyChoice")
        #expect(
            (choice["rows"] as? [[String: Any]])?.compactMap { $0["caption"] as? String } == [
                "TKRQ...P7QY", "ORHZ...SQKY",
            ])
        let picked = try screen(sim, "pick", Fixture.a)
        #expect(picked["route"] as? String == "createProfile")
        #expect(picked["title"] as? String == "Create Profile")
        #expect((picked["texts"] as? [String])?.contains("pubky\(Fixture.a)") == true)
        #expect(toasts(picked).isEmpty)
        let state = try state(sim)
        #expect((state["reference"] as? [String: String]) == ["sourceApp": "app.pubkyring", "pubky": Fixture.a])
        #expect((state["session"] as? [String: String])?["pubky"] == Fixture.a)
        #expect((state["privateKeychain"] as? [String: Bool])?["pubky_secret_key"] == false)
        #expect((state["identity"] as? [String: Any])?["kind"] as? String == "ADOPTED")
        try expectNoRingSecretInBitkit(sim, [Fixture.aSecret, Fixture.bSecret])
    }

    @Test func aNeverSignedUpPubkyIsSignedUpOnlyWhenTheDHTConfirmsNoRecord() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        try ringImport(sim, Fixture.bSecret)
        #expect(try sim("simctl", "net", "dht", "unreachable").status == 0)
        let failed = try screen(sim, "pick", Fixture.b)
        #expect(failed["route"] as? String == "pubkyChoice")
        let toast = try #require(toasts(failed).first)
        #expect(toast.hasPrefix("error · Could Not Use Pubky · Authentication failed: "))
        let accounts = try sim("simctl", "backend", "show", "accounts", "--json").json()
        #expect((accounts["accounts"] as? [Any])?.isEmpty == true)
        #expect(try state(sim)["reference"] is NSNull)
        #expect(try sim("simctl", "net", "dht", "reachable").status == 0)
        let adopted = try screen(sim, "pick", Fixture.b)
        #expect(adopted["route"] as? String == "createProfile")
        #expect(toasts(adopted).isEmpty)
        let after = try sim("simctl", "backend", "show", "accounts", "--json").json()
        #expect((after["accounts"] as? [[String: Any]])?.compactMap { $0["pubky"] as? String } == [Fixture.b])
        let journal = try sim("simctl", "journal", "--app", "bitkit", "--event", "backend", "--json").json()
        let homegate = (journal["entries"] as? [[String: Any]] ?? []).filter {
            ($0["op"] as? String)?.hasPrefix("homegate") == true
        }
        #expect(homegate.count == 1)
        try expectNoRingSecretInBitkit(sim, [Fixture.bSecret])
    }

    @Test func ringDeletingThePickedPubkyResetsCreateProfileToPubkyChoice() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        try ringImport(sim, Fixture.aSecret)
        try ringSignUp(sim, Fixture.aSecret)
        try ringImport(sim, Fixture.bSecret)
        #expect(try screen(sim, "pick", Fixture.a)["route"] as? String == "createProfile")
        _ = try screen(sim, "background")
        #expect(try sim("ring-sim", "keychain", "remove-owned", Fixture.a).status == 0)
        let screen = try screen(sim, "foreground")
        #expect(toasts(screen) == [Self.sourceLost])
        #expect(screen["stack"] as? [String] == ["home", "pubkyChoice"])
        #expect((screen["rows"] as? [[String: Any]])?.compactMap { $0["caption"] as? String } == ["ORHZ...SQKY"])
        let state = try state(sim)
        #expect(state["reference"] is NSNull)
        #expect((state["privateKeychain"] as? [String: Bool])?["paykit_session"] == false)
        try expectNoRingSecretInBitkit(sim, [Fixture.aSecret, Fixture.bSecret])
        let journal = try sim("simctl", "journal", "--app", "bitkit", "--event", "identity", "--json").json()
        let lost = (journal["entries"] as? [[String: Any]] ?? []).filter { $0["op"] as? String == "source-lost" }
        #expect(lost.compactMap { $0["account"] as? String } == ["app.pubkyring:\(Fixture.a)"])
        try expectAuditClean(sim)
    }

    @Test func ringDeletingThePickedPubkyWhileOnSettingsKeepsSettings() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        try ringImport(sim, Fixture.aSecret)
        try ringSignUp(sim, Fixture.aSecret)
        _ = try screen(sim, "pick", Fixture.a)
        _ = try screen(sim, "home")
        _ = try screen(sim, "settings")
        _ = try screen(sim, "background")
        #expect(try sim("ring-sim", "keychain", "remove-owned", Fixture.a).status == 0)
        let screen = try screen(sim, "foreground")
        #expect(toasts(screen) == [Self.sourceLost])
        #expect(screen["route"] as? String == "settings")
        #expect(screen["stack"] as? [String] == ["home", "settings"])
        #expect(try state(sim)["reference"] is NSNull)
    }

    @Test func aSimctlAuthRequestIsApprovedWithThePickedRingKey() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        try ringImport(sim, Fixture.aSecret)
        try ringSignUp(sim, Fixture.aSecret)
        _ = try screen(sim, "pick", Fixture.a)
        _ = try screen(sim, "relaunch")
        let ticket = try sim("simctl", "auth-request", "create", "--caps", "/pub/pubky.app/:rw", "--json").json()
        let link = try #require(ticket["link"] as? String)
        let sheet = try screen(sim, "scan", link)
        #expect((sheet["sheet"] as? [String: Any])?["id"] as? String == "pubky-auth-approval")
        let approved = try screen(sim, "approve")
        #expect(toasts(approved).isEmpty)
        let status = try sim("simctl", "auth-request", "status", link, "--json").json()
        #expect(status["pubky"] as? String == Fixture.a)
        try expectNoRingSecretInBitkit(sim, [Fixture.aSecret])
    }

    @Test func aDirectSignupLinkIsRefusedWhileAPubkyIsPicked() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        try ringImport(sim, Fixture.aSecret)
        try ringSignUp(sim, Fixture.aSecret)
        _ = try screen(sim, "pick", Fixture.a)
        let issued = try sim("simctl", "backend", "issue-token", "--json").json()
        let token = try #require(issued["token"] as? String)
        let screen = try screen(sim, "scan", "pubkyauth://direct_signup?hs=\(KnownHomeservers.staging)&st=\(token)")
        #expect(toasts(screen) == ["info · Already signed in"])
        #expect(screen["sheet"] == nil || screen["sheet"] is NSNull)
        let records = try sim("simctl", "keychain", "list", "--group", "shared", "--json").json()
        let accounts = (records["items"] as? [[String: Any]] ?? []).compactMap { $0["account"] as? String }
        #expect(accounts == ["app.pubkyring:\(Fixture.a)"])
        try expectNoRingSecretInBitkit(sim, [Fixture.aSecret])
    }

    /// R12: while one adoption is held at its sign-in, a second process's adoption is refused.
    @Test func aSecondAdoptionWhileOneIsHeldIsRejected() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        try ringImport(sim, Fixture.aSecret)
        try ringSignUp(sim, Fixture.aSecret)
        try ringImport(sim, Fixture.bSecret)
        try ringSignUp(sim, Fixture.bSecret)
        _ = try screen(sim, "open", "profile")
        #expect(try sim("simctl", "break", "bitkit", "bitkit.pick.before-sign-in").status == 0)
        let (held, output) = try Sim.start("bitkit-sim", ["pick", Fixture.a, "--json", "--world", sim.world.path])
        #expect(try sim("simctl", "wait-paused", "bitkit", "--timeout", "20").status == 0)
        let choice = try screen(sim, "state")
        #expect((choice["identity"] as? [String: Any])?["isAdoptingRingIdentity"] as? Bool == true)
        let second = try screen(sim, "pick", Fixture.b)
        #expect(
            toasts(second) == [
                "error · Could Not Use Pubky · Authentication failed: Pubky Ring sign-in already in progress"
            ])
        #expect((second["rows"] as? [[String: Any]])?.allSatisfy { $0["disabled"] as? Bool == true } == true)
        #expect((try state(sim)["reference"] as? [String: String])?["pubky"] == Fixture.a)
        #expect(try sim("simctl", "continue", "bitkit").status == 0)
        let finished = output.fileHandleForReading.readDataToEndOfFile()
        held.waitUntilExit()
        #expect(held.terminationStatus == 0)
        let first = try #require(try JSONSerialization.jsonObject(with: finished) as? [String: Any])
        #expect(first["route"] as? String == "createProfile")
        let journal = try sim("simctl", "journal", "--app", "bitkit", "--event", "keychain", "--json").json()
        let readsOfB = (journal["entries"] as? [[String: Any]] ?? []).filter {
            $0["account"] as? String == "app.pubkyring:\(Fixture.b)"
        }
        #expect(readsOfB.isEmpty)
        let state = try state(sim)
        #expect((state["session"] as? [String: String])?["pubky"] == Fixture.a)
    }

    @Test func theWipeKeepsRingsAndOtherNetworksRecordsAndPassesTheAudit() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        for network in ["bitcoin", "regtest"] {
            #expect(try sim("simctl", "install", "bitkit", "--network", network).status == 0)
            for args in [
                ["launch"], ["wallet", "restore", "--mnemonic", Self.mnemonic], ["settings", "dev", "paykit-ui", "on"],
                ["settings", "dev", "profile-intro", "seen"], ["create-profile", "--name", "Satoshi"],
            ] {
                _ = try Sim.run("bitkit-sim", args + ["--world", sim.world.path])
            }
            #expect(try screen(sim, "save")["route"] as? String == "payContacts")
        }
        try ringImport(sim, Fixture.aSecret)
        let confirm = try screen(sim, "settings", "reset")
        #expect((confirm["sheet"] as? [String: Any])?["id"] as? String == "reset-confirm")
        let wiped = try screen(sim, "settings", "reset", "--confirm")
        #expect(
            toasts(wiped) == [
                "success · Wallet Data Deleted · Bitkit has been reset and all wallet data has been deleted."
            ])
        let records = try sim("simctl", "keychain", "list", "--group", "shared", "--json").json()
        let accounts = (records["items"] as? [[String: Any]] ?? []).compactMap { $0["account"] as? String }
        #expect(accounts == ["to.bitkit:\(Fixture.w)", "app.pubkyring:\(Fixture.a)"])
        try expectAuditClean(sim)
    }

    /// spec/02 §12.7: a reset while an adoption waits makes its late result be dropped silently.
    /// (A disconnect cannot overtake it: while the pick signs in, Profile opens Pubky Choice, §10.)
    @Test func anAdoptionOvertakenByAResetIsDiscardedSilently() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        try ringImport(sim, Fixture.aSecret)
        try ringSignUp(sim, Fixture.aSecret)
        _ = try screen(sim, "open", "profile")
        #expect(try sim("simctl", "break", "bitkit", "bitkit.pick.before-sign-in").status == 0)
        let (held, output) = try Sim.start("bitkit-sim", ["pick", Fixture.a, "--json", "--world", sim.world.path])
        #expect(try sim("simctl", "wait-paused", "bitkit", "--timeout", "20").status == 0)
        // The reference is already set, but Profile stays on Pubky Choice: no identity to disconnect yet.
        _ = try screen(sim, "home")
        #expect(try screen(sim, "open", "profile")["route"] as? String == "pubkyChoice")
        let reset = try screen(sim, "settings", "reset", "--confirm")
        #expect(reset["stack"] as? [String] == ["onboarding"])
        #expect(try sim("simctl", "continue", "bitkit").status == 0)
        let finished = output.fileHandleForReading.readDataToEndOfFile()
        held.waitUntilExit()
        let first = try #require(try JSONSerialization.jsonObject(with: finished) as? [String: Any])
        #expect(toasts(first).isEmpty)
        #expect(first["stack"] as? [String] == ["onboarding"])
        let state = try state(sim)
        #expect(state["reference"] is NSNull)
        #expect(state["session"] is NSNull)
        #expect((state["identity"] as? [String: Any])?["isAdoptingRingIdentity"] as? Bool == false)
    }

    @Test func openingAPubkyauthURLNeverReachesBitkit() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        let before = try sim("bitkit-sim", "state", "--json").stdout
        let run = try sim(
            "bitkit-sim", "open-url",
            "pubkyauth://signin?caps=/pub/pubky.app/:rw&relay=https://httprelay.pubky.app/inbox&secret=kqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8"
        )
        #expect(run.status == 0)
        #expect(run.stdout.contains("Pubky Ring"))
        #expect(try sim("bitkit-sim", "state", "--json").stdout == before)
    }

    @Test func backupSnapshotsAndARefusedDocument() throws {
        let sim = try baseline()
        defer { sim.cleanup() }
        #expect(try sim("bitkit-sim", "backup", "snapshot").stdout == "{\"pubkySession\":null}\n")
        _ = try screen(sim, "create-profile", "--name", "Satoshi")
        _ = try screen(sim, "save")
        let file = sim.world.appendingPathComponent("backup.json").path
        let snapshot = try sim("bitkit-sim", "backup", "snapshot", "--out", file)
        #expect(snapshot.stdout == "{\"pubkySession\":{\"kind\":\"localSeed\"}}\n")
        #expect(
            FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } == snapshot.stdout)
        let refused = try screen(sim, "backup", "restore", "--document", "not json")
        #expect(toasts(refused).first?.hasPrefix("error · Backup Restore Failed") == true)
        let kept = try sim("bitkit-sim", "backup", "restore", "--document", "{\"pubkySession\":{\"kind\":42}}")
        #expect(kept.status == 0)
        #expect(kept.stderr.contains("notice:"))
        #expect((try state(sim)["identity"] as? [String: Any])?["kind"] as? String == "OWNED")
    }

    @Test func refusedTapsExitZeroWithANoticeAndUsageErrorsExitTwo() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        _ = try screen(sim, "launch")
        _ = try screen(sim, "wallet", "restore", "--mnemonic", Self.mnemonic)
        let refused = try sim("bitkit-sim", "open", "profile", "--json")
        #expect(refused.status == 0)
        #expect(refused.stderr.contains("notice:"))
        #expect(try refused.json()["route"] as? String == "home")
        #expect(try sim("bitkit-sim", "open", "nowhere").status == 2)
        #expect(try sim("bitkit-sim", "wallet", "restore").status == 2)
        #expect(try sim("bitkit-sim", "pick", "#0").status == 2)
    }
}
