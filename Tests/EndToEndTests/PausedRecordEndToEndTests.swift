import Device
import Foundation
import Simulation
import Testing
import WorldFiles

/// `simctl status` and `wait-paused` forget pause records of processes that are gone, even when the
/// pid now belongs to another running process: a record names its process by pid and start time.
@Suite struct PausedRecordEndToEndTests {
    @Test func aPauseRecordWhosePidWasReusedIsForgottenAndALiveOneKept() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let started = try #require(ProcessIdentity.startTime(of: 1))
        try DeviceStore(world: World(root: sim.world)).update { state in
            state.paused = [
                PausedProcess(app: .ring, pid: 1, started: started + 1, checkpoint: "reused", since: 0),
                PausedProcess(app: .bitkit, pid: 1, started: started, checkpoint: "live", since: 0),
            ]
        }
        let status = try sim("simctl", "status", "--json").json()
        let paused = status["paused"] as? [[String: Any]] ?? []
        #expect(paused.map { $0["checkpoint"] as? String } == ["live"])
        let waited = try sim("simctl", "wait-paused", "ring", "--timeout", "0.2")
        #expect(waited.status == 1, "\(waited.stdout)")
    }
}

/// Killing an app ends its process stopped at a breakpoint, as a person's kill ends the app's running
/// process (spec/09 §2.4.8): SIGKILL, the pause record gone, `breakpoint killed` in the journal. A
/// record whose pid now names another process (another start time) kills nothing.
@Suite struct KillPausedProcessEndToEndTests {
    @Test func killingTheAppKillsItsProcessStoppedAtABreakpointAndNoOther() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let mnemonic = Array(repeating: "abandon", count: 11).joined(separator: " ") + " about"
        #expect(try sim("bitkit-sim", "wallet", "restore", "--mnemonic", mnemonic).status == 0)
        #expect(try sim("simctl", "break", "bitkit", "bitkit.launch.before-restore").status == 0)
        let (held, _) = try Sim.start("bitkit-sim", ["relaunch", "--world", sim.world.path])
        #expect(try sim("simctl", "wait-paused", "bitkit", "--timeout", "20").status == 0)
        // A bystander a stale record names by its pid, with another start time.
        let bystander = Process()
        bystander.executableURL = URL(fileURLWithPath: "/bin/sleep")
        bystander.arguments = ["30"]
        try Process.launchingAlone { try bystander.run() }
        defer { bystander.terminate() }
        let started = try #require(ProcessIdentity.startTime(of: bystander.processIdentifier))
        try DeviceStore(world: World(root: sim.world)).update { state in
            state.paused.append(
                PausedProcess(
                    app: .bitkit, pid: bystander.processIdentifier, started: started + 1, checkpoint: "stale",
                    since: 0))
        }

        let kill = try sim("bitkit-sim", "kill")
        #expect(kill.status == 0, "\(kill.stderr)")
        #expect(kill.stderr.contains("notice: Bitkit's process stopped at bitkit.launch.before-restore was killed."))
        #expect(held.waitForExit(within: 10))
        #expect(held.terminationReason == .uncaughtSignal && held.terminationStatus == SIGKILL)
        #expect(bystander.isRunning)
        let status = try sim("simctl", "status", "--json").json()
        #expect((status["paused"] as? [Any])?.isEmpty == true, "\(status)")
        let journal = try sim("simctl", "journal", "--event", "breakpoint", "--json").json()
        let entries = journal["entries"] as? [[String: Any]] ?? []
        #expect(
            entries.map { "\($0["op"] ?? "") \($0["detail"] ?? "")" } == [
                "paused bitkit.launch.before-restore", "killed bitkit.launch.before-restore",
            ])
    }
}
