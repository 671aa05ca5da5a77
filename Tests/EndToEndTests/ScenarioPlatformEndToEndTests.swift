import Foundation
import SimCLI
import Testing

/// `simctl scenario run --platform`: the world each scenario gets, the lines that run on it and the
/// scenarios skipped there. Only world creation and simctl commands: nothing depends on the apps.
@Suite struct ScenarioPlatformEndToEndTests {
    let folder: URL
    let perPlatform: String
    let notOnIOS: String
    let androidOnly: String

    init() throws {
        let folder = Scratch.folder.appendingPathComponent("platforms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        perPlatform = try write(
            "per-platform.scenario",
            """
            title: One file, two platforms
            simctl world show
            # the field is written only for an Android world: each line fails on the other platform
            platform android: expect last .device.platform = android
            platform ios: expect last .device.platform absent
            platform android:
            note only on android
            expect json simctl world show :: .device.platform = android
            end platform
            note everywhere
            """)
        notOnIOS = try write(
            "not-on-ios.scenario",
            """
            title: Not on iOS
            skip on ios: Ring shares through a content provider on Android only
            note never on iOS
            """)
        androidOnly = try write("android-only.scenario", "title: Android only\nplatforms: android\nnote android only\n")
    }

    @Test func onIOSTheAndroidLinesAreLeftOutAndTheOthersAreSkipped() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Sim.run("simctl", ["scenario", "run", perPlatform, notOnIOS, androidOnly, "--platform", "ios"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("── per-platform: One file, two platforms\n"))
        #expect(run.stdout.contains("  ✓ last .device.platform absent\n  # everywhere\n"))
        #expect(!run.stdout.contains("only on android"))
        #expect(!run.stdout.contains("never on iOS"))
        #expect(run.stdout.contains("PASS per-platform — One file, two platforms"))
        #expect(
            run.stdout.contains(
                "SKIP not-on-ios — Not on iOS: Ring shares through a content provider on Android only\n"))
        #expect(run.stdout.contains("SKIP android-only — Android only: runs on android only\n"))
        #expect(run.stdout.hasSuffix("1 passed, 0 failed, 2 skipped\n"))
        // Without --platform the run is the same, and one with nothing skipped ends as it always did.
        let plain = try Sim.run("simctl", ["scenario", "run", perPlatform, "--quiet", "--no-timings"])
        #expect(plain.stdout == "PASS per-platform — One file, two platforms\n1 passed, 0 failed\n")
    }

    @Test func onAndroidEveryWorldIsAnAndroidOneAndItsLinesRun() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("report.xml").path
        let run = try Sim.run(
            "simctl",
            ["scenario", "run", perPlatform, notOnIOS, androidOnly, "--platform", "android", "--junit", junit])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("Platform: Android\n── per-platform: One file, two platforms\n"))
        #expect(run.stdout.contains("  ✓ last .device.platform = android\n  # only on android\n"))
        #expect(run.stdout.contains("  ✓ json simctl world show :: .device.platform = android\n"))
        #expect(!run.stdout.contains("absent"))
        #expect(run.stdout.contains("  # never on iOS\n"))
        #expect(run.stdout.contains("PASS android-only — Android only"))
        #expect(run.stdout.hasSuffix("3 passed, 0 failed\n"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<property name=\"platform\" value=\"android\"/>"))
        #expect(xml.contains("tests=\"3\" failures=\"0\" skipped=\"0\""))
    }

    @Test func theJSONOutputNamesThePlatformAndEachSkippedScenariosReason() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Sim.run("simctl", ["scenario", "run", perPlatform, androidOnly, "--json"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let output = try run.json()
        #expect(output["platform"] as? String == "ios")
        #expect(output["passed"] as? Int == 1 && output["failed"] as? Int == 0 && output["skipped"] as? Int == 1)
        let scenarios = try #require(output["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["status"] as? String } == ["passed", "skipped"])
        #expect(scenarios[1]["reason"] as? String == "runs on android only")
        #expect(scenarios[1]["passed"] as? Bool == false)
    }

    @Test func aMisspelledPlatformIsAUsageError() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Sim.run("simctl", ["scenario", "run", perPlatform, "--platform", "andriod"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Invalid value 'andriod' for --platform: expected ios or android."))
        #expect(run.stdout.isEmpty)
    }
}
