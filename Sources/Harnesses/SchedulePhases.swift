import Foundation
import Synchronization

/// Where an exploration's schedules spend their time, summed over every schedule (and worker): the
/// world copy, the lanes, the checks (expectations, audit, outcome) and the end-state digest. It
/// tells whether starting schedules from a snapshot would pay: only the copy and the lanes' prefix
/// could shrink. Host time on purpose: it measures the tool, never the simulated world.
final class SchedulePhases: Sendable {
    enum Phase: String, CaseIterable, Sendable {
        case copy, lanes, checks
        case endState = "end-state"
    }

    private let nanoseconds = Mutex<[Phase: UInt64]>([:])

    func start() -> DispatchTime { DispatchTime.now() }

    /// Adds the time since `clock` to `phase` and restarts the clock.
    func add(_ phase: Phase, since clock: inout DispatchTime) {
        let now = DispatchTime.now()
        let spent = now.uptimeNanoseconds - clock.uptimeNanoseconds
        nanoseconds.withLock { $0[phase, default: 0] += spent }
        clock = now
    }

    var seconds: [String: Double] {
        nanoseconds.withLock { spent in
            Dictionary(uniqueKeysWithValues: Phase.allCases.map { ($0.rawValue, Double(spent[$0] ?? 0) / 1e9) })
        }
    }
}
