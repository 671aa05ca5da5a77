import AppSupport
import ContractNames
import Foundation
import Journeys
import Scenarios

/// `simctl journey run`: evaluates a journey file (spec/08 §1) against the simulated apps of an
/// existing world, action by action, with the real tools: taps become `tap ID`, checks read the
/// current screen, commands map to the simulator's verbs. The rules are spec/08 §1.4.
public struct JourneyRunner: Sendable {
    public var runner: ScenarioRunner
    public var platform: Platform
    public var world: URL
    /// `--bind NAME=VALUE`: wins over every automatic binding.
    public var bindings: [String: String]
    /// Scenario-language steps run in the world first (`--setup`, `--setup-file`), and where they came from.
    public var setup: String?
    public var setupPath: String
    /// `--scenario`: a fresh temporary world instead of `world`, prepared by this catalogue scenario's
    /// setup part (`CatalogueSplit`), bound with its keys, links and example row.
    public var scenario: Scenario?
    /// Keep the temporary world of `--scenario` (its path is `keptWorld`).
    public var keepWorld = false
    /// `--release-held-after S`: background steps the setup holds at a breakpoint continue once the journey
    /// has run S simulated seconds (work that ends S seconds later); nil: they stay held, as race tooling does.
    public var releaseHeldAfter: Int?

    public init(
        runner: ScenarioRunner, platform: Platform, world: URL, bindings: [String: String] = [:],
        setup: String? = nil, setupPath: String = "setup"
    ) {
        self.runner = runner
        self.platform = platform
        self.world = world
        self.bindings = bindings
        self.setup = setup
        self.setupPath = setupPath
    }

    /// Runs the journey `text` (read from `file`).
    public func run(file: String, text: String) throws(JourneyRunError) -> JourneyReport {
        let journey: JourneyFile
        do {
            journey = try JourneyFile.parse(text)
        } catch {
            throw .usage("\(file): \(error.description)")
        }
        let prepared = try prepare()
        defer { prepared.script.close(keepWorld: keepWorld) }
        let journeyScript = prepared.script
        var script = prepared.run
        // Before any action the current screen is a fresh render (spec/08 §1.4 rule 3): held setup work
        // may have changed it since the setup's last step printed.
        script.lastScreen = [:]
        let binder = PlaceholderBinder(given: bindings, setup: prepared.values, platform: platform)
        let unbound = binder.unboundable(in: journey.actions.map(\.text))
        if !unbound.isEmpty {
            throw .usage(
                "Unbound placeholder(s) in an id, a command or a quote: \(unbound.map { "<\($0)>" }.joined(separator: ", ")); "
                    + "no rule of the world binds them (Docs/journeys.md), so give each with --bind NAME=VALUE.")
        }
        var evaluation = JourneyEvaluation(script: script, finder: ElementFinder(platform: platform), binder: binder)
        evaluation.releaseHeldAfter = releaseHeldAfter
        for action in journey.actions { evaluation.evaluate(action) }
        evaluation.finishHeldWork()
        // Every value the run used: those its actions name and those a referent or a set resolved.
        var values: [String: JourneyBinding] = [:]
        var sources: [String: String] = [:]
        for (key, value) in evaluation.binder.values {
            values[key] = value.binding
            sources[key] = evaluation.binder.sources[key]
        }
        return JourneyReport(
            file: file, name: journey.name, platform: platform.rawValue, bindings: values, bindingSources: sources,
            actions: evaluation.results, keptWorld: journeyScript.fresh && keepWorld ? journeyScript.world.path : nil)
    }

    /// The world the journey runs in, after its setup, with the serving processes still open.
    private struct Prepared {
        let script: JourneyScript
        let run: ScriptRun
        /// What the setup (or the scenario) bound.
        let values: [String: String]
    }

    /// Makes or takes the world and runs the setup in it (`--setup`, `--setup-file`, `--scenario`).
    private func prepare() throws(JourneyRunError) -> Prepared {
        let setupScript: Scenario
        var setupSteps: [Step]
        if let scenario {
            // The scenario's lines for the platform its world is made for.
            setupScript = scenario.running(on: runner.platform)
            setupSteps = CatalogueSplit(setupScript).setup
        } else {
            do {
                setupScript = try ScenarioParser.parse(text: setup ?? "", file: setupPath)
            } catch {
                throw .usage("The setup is not valid scenario language: \(error.description)")
            }
            setupSteps = setupScript.steps
        }
        let journeyScript: JourneyScript
        do {
            journeyScript = try JourneyScript(
                scenario: setupScript, runner: runner, world: scenario == nil ? world : nil, prefix: "journey",
                keepWorld: keepWorld)
        } catch {
            throw .setupFailed("Could not make a world for \(setupScript.file): \(error.actual)")
        }
        var script = journeyScript.run
        for step in setupSteps {
            do {
                try script.perform(step)
            } catch let failure as ScriptRun.StepFailure {
                journeyScript.close(keepWorld: keepWorld)
                throw .setupFailed(
                    "The setup failed at \(step.file):\(step.line) `\(step.source)`: expected \(failure.expected), "
                        + "found \(failure.actual).")
            } catch {
                journeyScript.close(keepWorld: keepWorld)
                throw .setupFailed("The setup failed at \(step.file):\(step.line) `\(step.source)`: \(error).")
            }
        }
        return Prepared(script: journeyScript, run: script, values: Self.setupBindings(script))
    }

    /// Runs only the setup in the world, as `run` does before a journey's first action, and returns
    /// the bindings it made, the device's and `--bind` winning (`sim_setup`, spec/10 §2).
    public func setUp() throws(JourneyRunError) -> [String: String] {
        let prepared = try prepare()
        prepared.script.close(keepWorld: keepWorld)
        return prepared.values.merging(["UDID": "booted", "ring-bundle-id": "app.pubkyring"]) { setup, _ in setup }
            .merging(bindings) { _, given in given }
    }

    /// What the setup (or the scenario) bound: each key `A` as `<ring-pubky-a>` (bare), `<a-caption>` and
    /// `<secret-a>`, `W` also as `<bitkit-pubky>`, each `set NAME` as `<name>`.
    private static func setupBindings(_ script: ScriptRun) -> [String: String] {
        var values: [String: String] = [:]
        for (name, key) in script.symbols.keys {
            let lower = name.lowercased()
            values["ring-pubky-\(lower)"] = key.pubky
            values["\(lower)-caption"] = key.attribute("caption")
            values["secret-\(lower)"] = key.secretHex
            if name == "W" { values["bitkit-pubky"] = key.pubky }
        }
        for (name, value) in script.symbols.values { values[name.lowercased()] = value }
        return values
    }
}
