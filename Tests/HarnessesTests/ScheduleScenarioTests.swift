import ContractNames
import Exploration
import Scenarios
import Testing

@testable import Harnesses

/// Writing an explored schedule as a scenario with breakpoints.
@Suite struct ScheduleScenarioTests {
    static func step(_ point: String) -> PendingStep { PendingStep(point: point, footprint: .none) }

    /// Race (a)'s failing schedule: ring deletes A and stops before adding it back, Bitkit checks A,
    /// ring goes on.
    static let decisions = [
        Decision(pending: [step("start"), step("start")], enabled: [true, true], chosen: 0),
        Decision(pending: [step("keychain delete app.pubkyring:A"), step("start")], enabled: [true, true], chosen: 0),
        Decision(pending: [step("keychain add app.pubkyring:A"), step("start")], enabled: [true, true], chosen: 1),
        Decision(
            pending: [step("keychain add app.pubkyring:A"), step("keychain copy app.pubkyring:A")],
            enabled: [true, true], chosen: 1),
        Decision(pending: [step("keychain add app.pubkyring:A"), nil], enabled: [true, false], chosen: 0),
        Decision(pending: [step("keychain add app.pubkyring:B"), nil], enabled: [true, false], chosen: 0),
    ]

    static func scenario(lanes: [String] = ["ring relaunch", "bitkit foreground"]) -> ScheduleScenario {
        ScheduleScenario(
            lanes: lanes, setupText: nil, setupFile: "picked-ring-pubky.steps",
            expectations: ["expect bitkit state .reference.pubky = {A}"], decisions: decisions,
            accounts: ["app.pubkyring:A", "app.pubkyring:B"],
            values: [(command: "bitkit-sim state", path: ".reference.pubky", value: "null")],
            failures: ["invariant `expect bitkit state .reference.pubky = {A}`: got null"],
            replay: "simctl explore … --replay aabb")
    }

    @Test func eachSwitchBecomesABreakpointAContinueAndAWait() throws {
        let text = try Self.scenario().text()
        let steps = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("title:") }
        #expect(
            steps == [
                "include picked-ring-pubky.steps",
                "focus manual",
                "break ring 'keychain add app.pubkyring:A'",
                "ring relaunch &",
                "wait-paused ring 'keychain add app.pubkyring:A'",
                "bitkit foreground &",
                "wait bitkit",
                "continue ring",
                "wait ring",
                "wait",
                "expect records app.pubkyring:A app.pubkyring:B",
                "expect json bitkit-sim state :: .reference.pubky = null",
            ])
        #expect(text.contains("# It breaks:"))
        // The written scenario parses.
        _ = try ScenarioParser.parse(
            text: text.replacingOccurrences(of: "include picked-ring-pubky.steps\n", with: ""), file: "emitted")
    }

    @Test func aScheduleExploredOnAndroidRunsOnAndroidOnly() throws {
        var scenario = Self.scenario()
        #expect(try !scenario.text().contains("platforms:"), "iOS scenarios stay as they were")
        scenario.platform = .android
        let text = try scenario.text()
        #expect(text.contains("\nplatforms: android\n"))
        let parsed = try ScenarioParser.parse(
            text: text.replacingOccurrences(of: "include picked-ring-pubky.steps\n", with: ""), file: "emitted")
        #expect(parsed.platforms == [.android])
    }

    @Test func aPointPassedEarlierInTheBlockIsSkippedByTheBreakpoint() throws {
        let step = Self.step
        let passes = [
            Decision(pending: [step("start"), step("start")], enabled: [true, true], chosen: 0),
            Decision(
                pending: [step("ring.setOwned.between-delete-and-add"), step("start")], enabled: [true, true], chosen: 0
            ),
            Decision(
                pending: [step("ring.setOwned.between-delete-and-add"), step("start")], enabled: [true, true], chosen: 1
            ),
            Decision(pending: [step("ring.setOwned.between-delete-and-add"), nil], enabled: [true, false], chosen: 0),
        ]
        var scenario = Self.scenario()
        scenario.decisions = passes
        #expect(try scenario.text().contains("break ring ring.setOwned.between-delete-and-add --after 1\n"))
    }

    @Test func lanesThatCannotBeReplayedWithBreakpointsAreRefused() {
        #expect(throws: ScenarioError.self) { try Self.scenario(lanes: ["ring relaunch", "ring foreground"]).text() }
        #expect(throws: ScenarioError.self) {
            try Self.scenario(lanes: ["ring relaunch &", "bitkit foreground"]).text()
        }
        #expect(throws: ScenarioError.self) {
            try Self.scenario(lanes: ["simctl device lock", "bitkit foreground"]).text()
        }
    }

    @Test func theMatrixFileListsWorldsAndTheirActions() throws {
        let matrix = try RaceMatrix.parse(
            """
            # comment
            outcome bitkit-sim state :: .reference.pubky
            world picked: picked.steps
              bitkit foreground: bitkit foreground
              bitkit wipe: bitkit settings reset --confirm
              ring adopt: ring use #1 --confirm
            world fresh: ../baseline.steps
              bitkit launch: bitkit relaunch
              ring import: ring import --secret {A.secret}; ring home
            """, file: "m.txt", resolve: { "races/" + $0 })
        #expect(matrix.outcomes == ["bitkit-sim state :: .reference.pubky"])
        #expect(
            matrix.pairs.map(\.name) == [
                "picked: bitkit foreground × ring adopt", "picked: bitkit wipe × ring adopt",
                "fresh: bitkit launch × ring import",
            ])
        #expect(matrix.worlds[0].ring[0].steps == "ring use #1 --confirm")
        #expect(matrix.worlds[1].setupFile == "races/../baseline.steps")
        #expect(throws: ScenarioError.self) { try RaceMatrix.parse("bitkit x: y", file: "m", resolve: { $0 }) }
        #expect(throws: ScenarioError.self) { try RaceMatrix.parse("world w: f", file: "m", resolve: { $0 }) }
    }
}
