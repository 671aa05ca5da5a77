import Simulation

@testable import Device

/// A scheduler with a short turn timeout, so a test of a stuck lane takes a fraction of a second.
enum RaceSchedulerProbe {
    static func scheduler(board: String, lane: String, turnTimeout: Double) -> RaceScheduler {
        RaceScheduler(path: board, lane: lane, jitter: nil, turnTimeout: turnTimeout)
    }
}
