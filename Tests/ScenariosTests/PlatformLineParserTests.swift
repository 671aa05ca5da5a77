import ContractNames
import Foundation
import Testing

@testable import Scenarios

/// The `platform` constructs of the scenario language (Docs/scenarios.md, "Platforms").
@Suite struct PlatformLineParserTests {
    /// The parse error of `text`, or nil when it parses.
    func error(_ text: String, file: String = "p.scenario") -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(text: text, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func aSingleLineRunsOnItsPlatformOnlyAndKeepsItsOwnSource() throws {
        let scenario = try ScenarioParser.parse(
            text: """
                simctl world show
                platform android: expect last .device.platform = android
                platform ios: note {A.caption}
                note everywhere
                """, file: "p.scenario")
        #expect(scenario.steps.map(\.platform) == [nil, .android, .ios, nil])
        #expect(scenario.steps[1].source == "expect last .device.platform = android")
        #expect(scenario.steps[1].line == 2)
        #expect(scenario.steps[2].kind == .note("{A.caption}"))
        #expect(scenario.running(on: .ios).steps.map(\.line) == [1, 3, 4])
        #expect(scenario.running(on: .android).steps.map(\.line) == [1, 2, 4])
    }

    @Test func aBlockMakesEveryLineUpToEndPlatformConditional() throws {
        let scenario = try ScenarioParser.parse(
            text: """
                note first
                platform android:
                  note one
                  # a comment inside
                  simctl world show
                end platform
                platform ios:   # why this block is there
                note two
                end platform
                note last
                """, file: "p.scenario")
        #expect(scenario.steps.map(\.platform) == [nil, .android, .android, .ios, nil])
        #expect(scenario.running(on: .android).steps.map(\.line) == [1, 3, 5, 10])
        #expect(scenario.running(on: .ios).steps.map(\.line) == [1, 8, 10])
    }

    @Test func anExpectedExitFollowsTheStepOnThePlatformItRunsOn() throws {
        let scenario = try ScenarioParser.parse(
            text: """
                bitkit pick nosuchpubky
                platform android: note between
                expect exit 2
                """, file: "p.scenario")
        func allowedToFail(on platform: Platform) -> Bool? {
            guard case .run(_, _, _, let expectFailure) = scenario.running(on: platform).steps.first?.kind else {
                return nil
            }
            return expectFailure
        }
        #expect(allowedToFail(on: .ios) == true)
        #expect(allowedToFail(on: .android) == false)
    }

    @Test func anIncludedFileKeepsTheCondition() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "note included\nplatform android:\nnote inner\nend platform\n".write(
            to: folder.appendingPathComponent("a.steps"), atomically: true, encoding: .utf8)
        try "platform ios: note never\n".write(
            to: folder.appendingPathComponent("ios.steps"), atomically: true, encoding: .utf8)
        try "platform android:\nnote open\n".write(
            to: folder.appendingPathComponent("open.steps"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("s.scenario").path
        let scenario = try ScenarioParser.parse(
            text: "platform android: include a.steps\ninclude a.steps\n", file: file)
        #expect(scenario.steps.map(\.platform) == [.android, .android, nil, .android])
        let other = error("platform android: include ios.steps\n", file: file)
        #expect(other?.file == folder.appendingPathComponent("ios.steps").path)
        #expect(other?.message.contains("this file is included for android only (line 1 of \(file))") == true)
        // A block closes in the file that opens it.
        let unclosed = error("include open.steps\nnote after\n", file: file)
        #expect(unclosed?.file == folder.appendingPathComponent("open.steps").path)
        #expect(unclosed?.line == 1)
        try "end platform\n".write(to: folder.appendingPathComponent("end.steps"), atomically: true, encoding: .utf8)
        let stray = error("platform ios:\ninclude end.steps\nend platform\n", file: file)
        #expect(stray?.message == "`end platform` without an open platform block")
    }

    @Test func blocksDoNotNest() {
        let nested = error("platform android:\nnote a\nplatform ios:\nnote b\nend platform\nend platform\n")
        #expect(nested?.line == 3)
        #expect(nested?.message == "a platform block cannot open inside another (opened on line 1)")
        let line = error("platform android:\nplatform ios: note b\nend platform\n")
        #expect(line?.line == 2)
        #expect(line?.message == "a platform line cannot stand inside a platform block (opened on line 1)")
        let twice = error("platform android: platform ios: note b\n")
        #expect(twice?.message == "a platform line holds one line, not another platform construct")
    }

    @Test func aBlockLeftOpenNamesItsOpeningLine() {
        let unclosed = error("note a\n\nplatform android:\nnote b\n")
        #expect(unclosed?.line == 3)
        #expect(
            unclosed?.message
                == "the platform android block opened on line 3 is never closed: end it with `end platform`")
    }

    @Test func aStrayEndPlatformIsRefused() {
        let stray = error("note a\nend platform\n")
        #expect(stray?.line == 2)
        #expect(stray?.message == "`end platform` without an open platform block")
    }

    @Test func aMisspelledPlatformIsRefusedWithItsLine() {
        for (text, line) in [
            ("note a\nplatform andriod: note b\n", 2), ("platform iOS:\n", 1), ("note a\n\nskip on andriod: why\n", 3),
            ("platforms: ios andriod\n", 1),
        ] {
            let refused = error(text)
            #expect(refused?.line == line, "\(text)")
            let name = text.contains("iOS") ? "iOS" : "andriod"
            #expect(
                refused?.message == "unknown platform '\(name)' on line \(line): expected ios or android", "\(text)")
        }
        #expect(error("platform android note b\n")?.message.hasPrefix("usage: platform ios|android: LINE") == true)
    }

    @Test func skipNeedsAReasonAndSkipsOnItsPlatformOnly() throws {
        let scenario = try ScenarioParser.parse(
            text: "note a\nskip on android: Ring shares through a content provider there\n", file: "p.scenario")
        #expect(scenario.skipReason(on: .android) == "Ring shares through a content provider there")
        #expect(scenario.skipReason(on: .ios) == nil)
        #expect(scenario.steps.count == 1)
        let bare = error("skip on android:\nnote a\n")
        #expect(bare?.line == 1)
        #expect(bare?.message == "skip on android: needs a reason, the text its SKIP line shows")
        #expect(error("skip android: why\n")?.message.hasPrefix("usage: skip on ios|android: REASON") == true)
        #expect(error("platform ios:\nskip on ios: why\nend platform\n")?.line == 2)
    }

    @Test func thePlatformsHeaderListsWhereTheScenarioRuns() throws {
        let android = try ScenarioParser.parse(text: "platforms: android\nnote a\n", file: "p.scenario")
        #expect(android.platforms == [.android])
        #expect(android.skipReason(on: .ios) == "runs on android only")
        #expect(android.skipReason(on: .android) == nil)
        let ios = try ScenarioParser.parse(text: "platforms: ios\nnote a\n", file: "p.scenario")
        #expect(ios.skipReason(on: .android) == "runs on ios only")
        let both = try ScenarioParser.parse(text: "platforms: ios android\nnote a\n", file: "p.scenario")
        #expect(both.skipReason(on: .ios) == nil && both.skipReason(on: .android) == nil)
        #expect(error("platforms:\n")?.message.hasPrefix("usage: platforms:") == true)
        #expect(error("platforms: ios\nplatforms: android\n")?.line == 2)
    }

    @Test func headersAreTheSameOnEveryPlatform() {
        let title = error("platform android: title: Android\n")
        #expect(title?.message.hasPrefix("title: is the same on every platform") == true)
        let seed = error("platform ios:\nseed: 3\nend platform\n")
        #expect(seed?.line == 2)
    }
}
