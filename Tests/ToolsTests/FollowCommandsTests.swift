import Foundation
import Testing

/// `simctl backend follow|unfollow|seed-follows` and `simctl net read-latency` (spec/09 §1.4, §1.5):
/// follows written as pubky.app writes them, the F1…FN table, and clear refusals that change nothing.
@Suite struct FollowCommandsTests {
    /// spec/09 §1.4's table: F1…F5's bare pubkys.
    static let table = [
        "i1mnt4hiywditswo3hd57t9bubcs38zmneajwphcfjzpozk5x9so", "19jo9ek9y1xur58m9z3ood9gkz1nrykj1xtqepbykd4hr7pdx4by",
        "u64tuozgbwkety8f1h98echx16chp9nyf34jhheyrdo696pxjkmy", "qbxscyqqgsm319pt4dz3wcpjenk1fywxdrw3t5bimddiek184ebo",
        "8auyz87ndhg4b1zghjk6g5xgg4yqwhpmh85n7iwobxy59mdbxnfy",
    ]
    static let hs = "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"
    static let mnemonic =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    /// A world where Ring signed A up on HS (A has an account and a live session).
    static func signedUpA() throws -> InProcess {
        let sim = try InProcess()
        for args in [
            ["launch"], ["onboarding", "finish"], ["import", "--secret", Fixture.aSecret], ["signup", "#1"],
        ] {
            let run = try sim.run("ring-sim", args)
            #expect(run.status == 0, "\(args): \(run.stderr)")
        }
        return sim
    }

    static func files(_ sim: InProcess, of pubky: String) throws -> [[String: Any]] {
        try sim("simctl", "backend", "show", "storage", "--pubky", pubky, "--json").json()["files"] as? [[String: Any]]
            ?? []
    }

    static func followPaths(_ sim: InProcess, of pubky: String) throws -> [String] {
        try files(sim, of: pubky).compactMap { $0["path"] as? String }.filter {
            $0.hasPrefix("/pub/pubky.app/follows/")
        }
    }

    @Test func seedFollowsMakesTheSpecsF1ToF5WithProfilesAccountsAndRecords() throws {
        let sim = try Self.signedUpA()
        defer { sim.cleanup() }
        let seeded = try sim(
            "simctl", "backend", "seed-follows", "--pubky", Fixture.a, "--count", "5", "--without-profile", "5",
            "--json")
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let follows = try #require(try seeded.json()["follows"] as? [[String: Any]])
        #expect(follows.compactMap { $0["pubky"] as? String } == Self.table)
        #expect(follows.compactMap { $0["symbol"] as? String } == ["F1", "F2", "F3", "F4", "F5"])
        #expect(follows.map { $0["profile"] as? String } == ["Follow 01", "Follow 02", "Follow 03", "Follow 04", nil])
        #expect(follows[4]["profile"] is NSNull)
        // A follows F1…F5; each follow has an account on HS made without a token, and a record.
        #expect(
            try Self.followPaths(sim, of: Fixture.a) == Self.table.map { "/pub/pubky.app/follows/\($0)" }.sorted()
        )
        let accounts = try sim("simctl", "backend", "show", "accounts", "--json").json()
        let made = (accounts["accounts"] as? [[String: Any]] ?? []).filter { $0["pubky"] as? String != Fixture.a }
        #expect(Set(made.compactMap { $0["pubky"] as? String }) == Set(Self.table))
        #expect(made.allSatisfy { $0["signupToken"] == nil && $0["homeserver"] as? String == Self.hs })
        let tokens = (accounts["signupTokens"] as? [[String: Any]] ?? []).compactMap { $0["usedBy"] as? String }
        #expect(tokens == [Fixture.a])
        for pubky in Self.table {
            let records = try sim("simctl", "backend", "show", "pkarr", "--pubky", pubky, "--json").json()
            #expect((records["records"] as? [[String: Any]])?.first?["homeserver"] as? String == Self.hs)
        }
        let names = try Self.files(sim, of: Self.table[0]).compactMap { $0["text"] as? String }
        #expect(names.contains { $0.contains(#""name":"Follow 01""#) })
        #expect(try Self.files(sim, of: Self.table[4]).isEmpty)
    }

    @Test func noAccountLeavesAFollowWithoutAccountRecordOrProfileAndSeedingAgainAddsNothingTwice() throws {
        let sim = try Self.signedUpA()
        defer { sim.cleanup() }
        #expect(
            try sim("simctl", "backend", "seed-follows", "--pubky", Fixture.a, "--count", "3", "--no-account", "2")
                .status == 0)
        let records = try sim("simctl", "backend", "show", "pkarr", "--pubky", Self.table[1], "--json").json()
        #expect((records["records"] as? [Any])?.isEmpty == true)
        let text = try sim(
            "simctl", "backend", "seed-follows", "--pubky", "pubky" + Fixture.a, "--count", "3", "--no-account", "2")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("F2 \(Self.table[1])  (no account)"))
        #expect(text.stdout.contains("F1 \(Self.table[0])  Follow 01"))
        #expect(try Self.followPaths(sim, of: Fixture.a).count == 3)
        // A, F1 and F3, each once.
        let accounts = try sim("simctl", "backend", "show", "accounts", "--json").json()["accounts"] as? [Any]
        #expect(accounts?.count == 3)
    }

    @Test func seedingRefusesAUserWithoutAnAccountOrSessionAndBadIndicesBeforeWritingAnything() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let noAccount = try sim("simctl", "backend", "seed-follows", "--pubky", Fixture.a, "--count", "2")
        #expect(noAccount.status == 2)
        #expect(noAccount.stderr.contains("has no account on any homeserver"))
        for args in [
            ["--count", "0"], ["--count", "501"], ["--count", "two"], [],
            ["--count", "2", "--without-profile", "3"], ["--count", "2", "--no-account", "1,x"],
        ] {
            let run = try sim.run("simctl", ["backend", "seed-follows", "--pubky", Fixture.a] + args)
            #expect(run.status == 2, "\(args)")
        }
        #expect(try sim("simctl", "backend", "seed-follows", "--pubky", "Alice", "--count", "1").status == 2)
        let accounts = try sim("simctl", "backend", "show", "accounts", "--json").json()["accounts"] as? [Any]
        #expect(accounts?.isEmpty == true)
    }

    @Test func followStoresTheKeyAsSpelledAndUnfollowDeletesIt() throws {
        let sim = try Self.signedUpA()
        defer { sim.cleanup() }
        let wAlias = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3ib"
        let followed = try sim(
            "simctl", "backend", "follow", "--pubky", Fixture.a, "pubky" + Self.table[0], wAlias, wAlias, "--json"
        )
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(try followed.json()["keys"] as? [String] == [Self.table[0], wAlias])
        let files = try Self.files(sim, of: Fixture.a).filter { ($0["path"] as? String)?.contains("follows") == true }
        #expect(
            files.compactMap { $0["path"] as? String } == [
                "/pub/pubky.app/follows/\(wAlias)", "/pub/pubky.app/follows/\(Self.table[0])",
            ])
        #expect(files.allSatisfy { ($0["text"] as? String)?.hasPrefix(#"{"created_at":"#) == true })
        let gone = try sim("simctl", "backend", "unfollow", "--pubky", Fixture.a, wAlias)
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(try Self.followPaths(sim, of: Fixture.a) == ["/pub/pubky.app/follows/\(Self.table[0])"])
        // Not followed (the canonical spelling of the alias is another file): exit 1, nothing deleted.
        let missing = try sim("simctl", "backend", "unfollow", "--pubky", Fixture.a, Self.table[0], Fixture.w)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("does not follow \(Fixture.w)"))
        #expect(try Self.followPaths(sim, of: Fixture.a).count == 1)
    }

    @Test func aMalformedKeyOrAUserWithoutAnAccountIsAUsageErrorAndNothingIsWritten() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let noAccount = try sim("simctl", "backend", "follow", "--pubky", Fixture.a, Fixture.b)
        #expect(noAccount.status == 2)
        #expect(noAccount.stderr.contains("has no account on any homeserver"))
        try sim("ring-sim", "launch")
        try sim("ring-sim", "onboarding", "finish")
        try sim("ring-sim", "import", "--secret", Fixture.aSecret)
        try sim("ring-sim", "signup", "#1")
        for keys in [
            ["Alice"], [Fixture.b.uppercased()], [String(Fixture.b.dropLast())],
            [Fixture.b, "0" + Fixture.b.dropFirst()], [],
        ] {
            let run = try sim.run("simctl", ["backend", "follow", "--pubky", Fixture.a] + keys)
            #expect(run.status == 2, "\(keys)")
            let unfollow = try sim.run("simctl", ["backend", "unfollow", "--pubky", Fixture.a] + keys)
            #expect(unfollow.status == 2, "\(keys)")
        }
        let bad = try sim("simctl", "backend", "follow", "--pubky", Fixture.a, "Alice", "--json")
        #expect(bad.stderr.contains("'Alice' is not a key"))
        #expect(try bad.json()["error"] != nil)
        #expect(try sim("simctl", "backend", "follow", Fixture.b).status == 2)
        #expect(try Self.followPaths(sim, of: Fixture.a).isEmpty)
    }

    @Test func anAccountWithoutALiveSessionIsAUsageError() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        // Bitkit creates W's profile (W's only session), then disconnects: W has an account, no session.
        for args in [
            ["launch"], ["wallet", "restore", "--mnemonic", Self.mnemonic], ["settings", "dev", "paykit-ui", "on"],
            ["settings", "dev", "profile-intro", "seen"], ["open", "profile"], ["create-profile", "--name", "Satoshi"],
            ["save"], ["profile", "disconnect", "--confirm"],
        ] {
            let run = try sim.run("bitkit-sim", args)
            #expect(run.status == 0, "\(args): \(run.stderr)")
        }
        let sessions = try sim("simctl", "backend", "show", "sessions", "--pubky", Fixture.w, "--json").json()
        #expect((sessions["sessions"] as? [Any])?.isEmpty == true)
        for command in [
            ["follow", "--pubky", Fixture.w, Fixture.b], ["seed-follows", "--pubky", Fixture.w, "--count", "1"],
        ] {
            let run = try sim.run("simctl", ["backend"] + command)
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr.contains("no live session that may write its follows"))
        }
        #expect(try Self.followPaths(sim, of: Fixture.w).isEmpty)
    }

    @Test func readLatencySetsAndClearsOneUsersKnob() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let f3 = Self.table[2]
        let set = try sim("simctl", "net", "read-latency", "pubky" + f3, "12", "--json")
        #expect(set.status == 0, "\(set.stderr)")
        #expect((try set.json()["readLatencies"] as? [String: Double]) == [f3: 12])
        let shown = try sim("simctl", "net", "show")
        #expect(shown.stdout.contains("Reads of \(f3): 12.0 s"))
        // A padding alias sets the key it spells.
        let alias = String(f3.dropLast()) + "b"
        #expect(
            try sim("simctl", "net", "read-latency", alias, "3").stdout.contains("Reads of \(f3)'s data take 3.0 s."))
        let cleared = try sim("simctl", "net", "read-latency", f3, "default", "--json")
        #expect((try cleared.json()["readLatencies"] as? [String: Double])?.isEmpty == true)
        #expect(try sim("simctl", "net", "show").stdout.contains("Reads of") == false)
        for args in [["Alice", "12"], [f3, "-1"], [f3, "soon"], [f3], [f3.uppercased(), "1"]] {
            let run = try sim.run("simctl", ["net", "read-latency"] + args)
            #expect(run.status == 2, "\(args)")
        }
    }
}

extension InProcess {
    /// Runs `tool args… --world <world>` with the arguments as an array.
    @discardableResult
    fileprivate func run(_ tool: String, _ args: [String]) throws -> Run {
        try Self.run(tool, args + ["--world", world.path])
    }
}
