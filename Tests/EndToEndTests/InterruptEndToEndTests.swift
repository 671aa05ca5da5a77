import Foundation
import SimCLI
import Testing

/// Ctrl-C or SIGTERM in the middle of a race, a crash campaign or a scenario run ends the process by that signal and
/// its scratch worlds (in memory, `/dev/shm`) go right after.
@Suite struct InterruptEndToEndTests {
    /// Starts `simctl arguments…` with its worlds under a fresh folder, signals it once a world is
    /// there, and returns how it ended and what the folder still holds.
    private func interrupt(
        _ arguments: [String], with signal: Int32
    ) throws -> (
        reason: Process.TerminationReason, status: Int32, left: [String]
    ) {
        let chosen = Scratch.folder.appendingPathComponent("interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: chosen, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: chosen) }
        let process = Process()
        process.executableURL = Sim.productsDirectory.appendingPathComponent("simctl")
        process.arguments = arguments
        process.currentDirectoryURL = RaceReproductionEndToEndTests.races.deletingLastPathComponent()
            .deletingLastPathComponent()
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": chosen.path]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runAlone()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning,
            (try? FileManager.default.contentsOfDirectory(atPath: chosen.path))?.isEmpty ?? true
        {
            usleep(20_000)
        }
        // Well inside the run: past its setup, iterations or trials under way.
        usleep(500_000)
        #expect(process.isRunning, "the run ended before it could be interrupted")
        kill(process.processIdentifier, signal)
        #expect(process.waitForExit(within: 30))
        // The folders go once the process has ended and been reaped.
        let removal = Date().addingTimeInterval(20)
        while Date() < removal, (try? FileManager.default.contentsOfDirectory(atPath: chosen.path))?.isEmpty == false {
            usleep(20_000)
        }
        return (
            process.terminationReason, process.terminationStatus,
            try FileManager.default.contentsOfDirectory(atPath: chosen.path)
        )
    }

    @Test func anInterruptedRaceRemovesItsWorldsAndEndsByTheSignal() throws {
        let ended = try interrupt(
            [
                "race", "--setup-file", "Fixtures/races/picked-ring-pubky.steps", "--a", "ring relaunch", "--b",
                "bitkit foreground", "--iterations", "100000",
            ], with: SIGINT)
        #expect(ended.reason == .uncaughtSignal)
        #expect(ended.status == SIGINT)
        #expect(ended.left == [])
    }

    @Test func aTerminatedCrashCampaignRemovesItsWorldsAndEndsByTheSignal() throws {
        let ended = try interrupt(
            ["crash", "Fixtures/scenarios/07-ring-deletes-picked-bitkit-relaunches.scenario", "--trials", "100000"],
            with: SIGTERM)
        #expect(ended.reason == .uncaughtSignal)
        #expect(ended.status == SIGTERM)
        #expect(ended.left == [])
    }

    @Test func anInterruptedScenarioRunRemovesItsWorldsAndEndsByTheSignal() throws {
        let catalogue = try FileManager.default.contentsOfDirectory(atPath: CatalogueFiles.scenarios.path)
            .filter { $0.hasSuffix(".scenario") }.sorted().map { "Fixtures/scenarios/" + $0 }
        let ended = try interrupt(["scenario", "run"] + catalogue + ["--jobs", "2"], with: SIGTERM)
        #expect(ended.reason == .uncaughtSignal)
        #expect(ended.status == SIGTERM)
        #expect(ended.left == [])
    }
}
