import Foundation
import Testing

/// Breakpoints and the race harness at Android's provider scheduling points (spec/07 §2): a query
/// held mid-call reads its owner's store as it is when it goes on.
@Suite struct AndroidProviderRaceEndToEndTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/scenarios")

    @Test func aBreakpointHoldsRingsProviderQueryWhileBitkitDeletesItsKey() throws {
        let scenario = Self.scenarios.appendingPathComponent("android/A06-provider-read-live-mid-call.scenario")
        let run = try Sim.run("simctl", ["scenario", "run", "--platform", "android", scenario.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("$ break ring \"provider query content://to.bitkit.dev.sharedpubky/v1/identities\""))
        #expect(run.stdout.contains("PASS A06-provider-read-live-mid-call"))
        // The same file on iOS says why it does not run.
        let ios = try Sim.run("simctl", ["scenario", "run", scenario.path])
        #expect(ios.status == 0)
        #expect(ios.stdout.contains("SKIP A06-provider-read-live-mid-call"))
    }

    @Test func theHarnessFindsTheDeletionBeforeTheProviderReadsAndItsReplayReproducesIt() throws {
        let arguments = [
            "race", "--platform", "android", "--setup-file",
            Self.scenarios.appendingPathComponent("13-bitkit-owns-w-ring-lists-a-b.steps").path,
            "--a", "ring home", "--b", "simctl keychain delete --group bitkit --account PUBKY_SECRET_KEY",
            "--points", "all", "--expect", "expect ring state .offers count 1",
        ]
        let search = try Sim.run("simctl", arguments + ["--iterations", "40", "--json"])
        #expect(search.status == 1, "an iteration where the key goes first should show up within 40: \(search.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
        let report = try #require(object["report"] as? [String: Any])
        let failed = try #require((report["failures"] as? [[String: Any]])?.first)
        let seed = try #require(failed["seed"] as? Int)
        let schedule = "\(failed["schedule"] ?? "")"
        #expect(schedule.contains("provider query content://to.bitkit.dev.sharedpubky/v1/identities"), "\(schedule)")
        let replays = try #require(object["replays"] as? [String])
        #expect(replays.first?.contains("--platform android") == true)
        // Byte for byte: the replay of that seed fails the same way, twice.
        let first = try Sim.run("simctl", arguments + ["--iterations", "1", "--seed", String(seed), "--json"])
        let second = try Sim.run("simctl", arguments + ["--iterations", "1", "--seed", String(seed), "--json"])
        #expect(first.status == 1)
        let a = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let b = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        let scheduleA = ((a["report"] as? [String: Any])?["failures"] as? [[String: Any]])?.first?["schedule"]
        let scheduleB = ((b["report"] as? [String: Any])?["failures"] as? [[String: Any]])?.first?["schedule"]
        #expect("\(scheduleA ?? "")" == "\(scheduleB ?? "")")
        #expect("\(scheduleA ?? "")" == schedule)
    }
}
