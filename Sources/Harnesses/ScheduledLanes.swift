import Foundation
import Scenarios
import Simulation
import Synchronization

/// Runs lanes (step scripts) side by side against one world under a scheduler board: each lane on a
/// thread of its own, its app commands scheduled through `SIM_SCHEDULE` and `SIM_LANE`; a lane that
/// ends is marked done so the others go on.
struct ScheduledLanes {
    let lanes: [Scenario]
    let runner: ScenarioRunner
    let serving: ServingTools?

    /// Runs every lane to its end and returns the steps that failed, one sentence each.
    /// `environment` adds variables per lane (the race harness's jitter).
    func run(
        world: URL, scratch: URL, board: String, environment: (Int) -> [String: String] = { _ in [:] }
    ) -> [String] {
        let errors = LaneErrors()
        let group = DispatchGroup()
        for (index, script) in lanes.enumerated() {
            group.enter()
            let runner = self.runner
            let serving = self.serving
            let lane = RunContext.lanes[index]
            let laneEnvironment = environment(index).merging(["SIM_SCHEDULE": board, "SIM_LANE": lane]) { _, new in new
            }
            Thread.detachNewThread {
                var run = ScriptRun(
                    scenario: script, runner: runner, world: world, scratch: scratch, environment: laneEnvironment)
                run.servingTools = serving
                var failures: [String] = []
                for step in script.steps {
                    do { try run.perform(step) } catch let failure as ScriptRun.StepFailure {
                        failures.append(
                            "lane \(lane) line \(step.line) `\(step.source)`: expected \(failure.expected), got \(failure.actual)"
                        )
                        break
                    } catch {
                        failures.append("lane \(lane): \(error)")
                        break
                    }
                }
                do { try run.waitForBackground() } catch {}
                RaceScheduler.set(lane: lane, to: .done, at: board)
                errors.add(failures)
                group.leave()
            }
        }
        group.wait()
        return errors.all
    }
}

/// Collects lane errors from the lane threads, in lane order.
private final class LaneErrors: Sendable {
    private let errors = Mutex<[String]>([])

    func add(_ new: [String]) { errors.withLock { $0 += new } }
    var all: [String] { errors.withLock { $0.sorted() } }
}
