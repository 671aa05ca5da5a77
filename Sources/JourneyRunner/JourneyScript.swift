import Foundation
import Scenarios

/// The scenario runner's `ScriptRun` as a journey uses it: a scratch folder of its own, a fresh
/// world made with the scenario's seed (or a given one), the apps' serving processes, and automatic
/// focus — one app in front at a time, as on a phone (spec/08 §2.2 row 13). `close` ends the serving
/// processes it started (not the runner's shared ones) and removes the folder (keeping a fresh world
/// when asked).
struct JourneyScript {
    var run: ScriptRun
    let base: URL
    let fresh: Bool
    private let serving: ServingTools?

    /// `world` nil: a fresh world in the scratch folder, seeded as `scenario` is (or as the runner says).
    init(
        scenario: Scenario, runner: ScenarioRunner, world: URL?, prefix: String, keepWorld: Bool = false
    ) throws(ScriptRun.StepFailure) {
        base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)-\(UUID().uuidString)", isDirectory: true)
        let scratch = base.appendingPathComponent("scratch", isDirectory: true)
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        fresh = world == nil
        // An interrupted run (Ctrl-C) removes its folders too, as a scenario run does (unless kept).
        if !(fresh && keepWorld) { InterruptCleanup.track(base) }
        run = ScriptRun(
            scenario: scenario, runner: runner, world: world ?? base.appendingPathComponent("world", isDirectory: true),
            scratch: scratch,
            environment: nil)
        // The runner's shared processes (an export and its checks) outlive this script; its own do not.
        let serving = runner.servingForRun()
        self.serving = serving.own
        run.servingTools = serving.use
        run.automaticFocus = true
        guard fresh else { return }
        let created = try? run.launch(
            .simctl,
            ["world", "init"] + runner.platform.optionWords
                + ["--with-apps", "--seed", String(runner.seedOverride ?? scenario.seed)],
            background: false)
        guard created?.status == 0 else {
            close(keepWorld: false)
            throw ScriptRun.StepFailure(expected: "a new world", actual: created?.stderr ?? "world init did not run")
        }
    }

    /// The world's path.
    var world: URL { run.world }

    func close(keepWorld: Bool) {
        serving?.shutdown()
        if fresh && keepWorld {
            try? FileManager.default.removeItem(at: base.appendingPathComponent("scratch", isDirectory: true))
        } else {
            InterruptCleanup.remove(base)
        }
    }
}
