import Foundation
import Scenarios
import Simulation
import WorldFiles

/// The world a race or an exploration starts every run from: made once from the setup script in a
/// scratch folder (under `/dev/shm` when it can), then copied for each run.
struct PreparedWorld {
    /// The folder holding the template, the scratch files and every run's world.
    let base: URL
    let template: URL
    let scratch: URL
    /// The keys and values the setup bound (`{A}`, `{W}`…).
    let symbols: Symbols
    /// The template journal's last sequence number: a run's own events come after it.
    let journalEnd: UInt64

    /// Runs `setup` (parsed from a file at `setupPath`) against a new world seeded `worldSeed`.
    init(
        setup: String, setupPath: String, worldSeed: UInt64, scratchRoot: URL, prefix: String, runner: ScenarioRunner
    ) throws {
        // The setup is taken as written (it may come from a file whose comments hold `;`).
        let script = try ScenarioParser.parse(text: setup, file: setupPath)
        base = scratchRoot.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        template = base.appendingPathComponent("template", isDirectory: true)
        scratch = base.appendingPathComponent("scratch", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        InterruptCleanup.track(base)
        var prepare = ScriptRun(scenario: script, runner: runner, world: template, scratch: scratch, environment: nil)
        do {
            let created = try prepare.launch(
                .simctl,
                ["world", "init"] + runner.platform.optionWords + ["--with-apps", "--seed", String(worldSeed)],
                background: false)
            guard created.status == 0 else {
                throw ScenarioError(file: "setup", line: 0, message: "world init failed: \(created.stderr)")
            }
            for step in script.steps {
                do { try prepare.perform(step) } catch let failure as ScriptRun.StepFailure {
                    throw ScenarioError(
                        file: "setup", line: step.line,
                        message: "\(step.source): expected \(failure.expected), got \(failure.actual)")
                }
            }
        } catch {
            // A setup that fails leaves nothing behind in the scratch folder.
            InterruptCleanup.remove(base)
            throw error
        }
        symbols = prepare.symbols
        journalEnd = (try? Journal(world: World(root: template)).read().entries.last?.seq) ?? 0
    }

    /// A fresh copy of the template for one run (small: a few JSON files and the backend database).
    func copy(named name: String) throws -> URL {
        let world = base.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.copyItem(at: template, to: world)
        return world
    }

    /// Deletes everything.
    func remove() { InterruptCleanup.remove(base) }
}
