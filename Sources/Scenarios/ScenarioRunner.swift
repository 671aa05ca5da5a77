import AppSupport
import ContractNames
import Foundation

/// Runs a scenario in a fresh temporary world with the real executables (Docs/scenarios.md).
public struct ScenarioRunner: Sendable {
    public var binDirectory: URL
    /// Keep the world folder afterwards (always printed on failure).
    public var keepWorld: Bool
    /// Overrides the scenario's own seed.
    public var seedOverride: UInt64?
    /// Per-process limit.
    public var stepTimeout: TimeInterval = 60
    /// Append the run's cross-app events to the transcript as a Mermaid sequence diagram.
    public var embedSequence = false
    /// Start a process for every command (the apps' and `simctl`'s) instead of sending the commands
    /// to long-lived serving processes (`ToolServer`, Docs/races.md). Slower; the transcripts are the same.
    public var processPerAction = false
    /// Go on after a failed expectation and report every failed expectation of the scenario, not only
    /// the first; a step that fails on its own (an exit status, a timeout) still ends the run.
    public var keepGoing = false
    /// Collect, step by step, what the HTML run report shows (`ScenarioResult.record`). Off unless a
    /// report is asked for: it reads the world after every step.
    public var recordReport = false
    /// Named defects to install with the apps (`simctl defects`): the world's apps and every
    /// `simctl install` of the run get those of their app.
    public var defects: [Defect] = []
    /// The platform of every world the run creates (`simctl world init --platform`); lines for the
    /// other platform are left out and a scenario that does not run on it is skipped.
    public var platform: Platform = .default
    /// The serving processes shared by a suite's scenarios (nil: each scenario starts its own).
    package var servingTools: ServingTools?

    public init(binDirectory: URL? = nil, keepWorld: Bool = false, seedOverride: UInt64? = nil) {
        self.binDirectory = binDirectory ?? ToolProcess.binDirectory
        self.keepWorld = keepWorld
        self.seedOverride = seedOverride
    }

    public func run(_ scenario: Scenario) -> ScenarioResult {
        if let reason = scenario.skipReason(on: platform) {
            var result = ScenarioResult(skipped: scenario, reason: reason)
            result.seed = seedOverride ?? scenario.seed
            return result
        }
        var run = ScriptRun(scenario: scenario, runner: self)
        let serving = servingForRun()
        defer { serving.own?.shutdown() }
        run.servingTools = serving.use
        return run.execute()
    }

    /// The serving processes a run sends its steps to, and those it started itself (to shut down when
    /// it ends): none with `processPerAction`, else the suite's shared ones, else new ones of its own.
    package func servingForRun() -> (use: ServingTools?, own: ServingTools?) {
        guard !processPerAction else { return (nil, nil) }
        if let servingTools { return (servingTools, nil) }
        let own = ServingTools(binDirectory: binDirectory)
        return (own, own)
    }
}
