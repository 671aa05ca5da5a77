import Foundation
import Testing

/// `simctl backend put-profile` publishes a user's pubky.app profile with that user's live session,
/// as another app would; Bitkit's row lookups then show the name. No account, no profile.
@Suite struct PutProfileEndToEndTests {
    @Test func aPublishedNameTitlesThePubkyChoiceRowAndAUserWithoutAnAccountIsRefused() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        for (tool, args) in [
            ("bitkit-sim", ["wallet", "restore", "--mnemonic", BitkitEndToEndTests.mnemonic]),
            ("bitkit-sim", ["settings", "dev", "paykit-ui", "on"]),
            ("bitkit-sim", ["settings", "dev", "profile-intro", "seen"]),
            ("ring-sim", ["onboarding", "finish"]), ("ring-sim", ["import", "--secret", Fixture.aSecret]),
        ] {
            let run = try Sim.run(tool, args + ["--world", sim.world.path])
            #expect(run.status == 0, "\(args): \(run.stderr)")
        }
        let refused = try sim("simctl", "backend", "put-profile", "--pubky", Fixture.a, "--name", "Alice")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("has no account on any homeserver"))
        #expect(try sim("ring-sim", "signup", "#1").status == 0)
        let published = try sim(
            "simctl", "backend", "put-profile", "--pubky", "pubky" + Fixture.a, "--name", "Alice", "--bio", "Hi")
        #expect(published.status == 0, "\(published.stderr)")
        let stored = try sim("simctl", "backend", "show", "storage", "--pubky", Fixture.a, "--json")
        #expect(stored.stdout.contains("/pub/pubky.app/profile.json"))
        let choice = try Sim.run("bitkit-sim", ["open", "profile", "--json", "--world", sim.world.path]).json()
        let titles = (choice["rows"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Alice"])
    }
}
