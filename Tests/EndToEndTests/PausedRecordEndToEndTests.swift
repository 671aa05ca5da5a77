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
