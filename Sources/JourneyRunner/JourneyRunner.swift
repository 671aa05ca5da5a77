import AppSupport
import Foundation
import Journeys
import Scenarios

/// `simctl journey run`: evaluates a journey file (spec/08 §1) against the simulated apps of an
/// existing world, action by action, with the real tools: taps become `tap ID`, checks read the
/// current screen, commands map to the simulator's verbs. The rules are spec/08 §1.4.
public struct JourneyRunner: Sendable {
    public var runner: ScenarioRunner
    public var platform: JourneyPlatform
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

    public init(
        runner: ScenarioRunner, platform: JourneyPlatform, world: URL, bindings: [String: String] = [:],
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
        let script = prepared.run
        let values = prepared.values
        let unbound = journey.actions.flatMap { JourneyPlaceholders.unbound(in: $0.text, values: values).usageErrors }
        if !unbound.isEmpty {
            var seen = Set<String>()
            let names = unbound.filter { seen.insert($0).inserted }.map { "<\($0)>" }
            throw .usage(
                "Unbound placeholder(s) in an id, a command or a quote: \(names.joined(separator: ", ")); "
                    + "give each with --bind NAME=VALUE.")
        }
        var evaluation = JourneyEvaluation(script: script, finder: ElementFinder(platform: platform))
        for action in journey.actions {
            let bound = JourneyFile.Action(
                number: action.number, text: JourneyPlaceholders.bind(action.text, values: values), line: action.line,
                column: action.column)
            for step in JourneyAction.split(bound) { evaluation.evaluate(step) }
        }
        let used = Set(journey.actions.flatMap { JourneyPlaceholders.names(in: $0.text) })
        return JourneyReport(
            file: file, name: journey.name, platform: platform.rawValue,
            bindings: values.filter { used.contains($0.key) }, actions: evaluation.results,
            keptWorld: journeyScript.fresh && keepWorld ? journeyScript.world.path : nil)
    }

    /// The world the journey runs in, after its setup, with the serving processes still open.
    private struct Prepared {
        let script: JourneyScript
        let run: ScriptRun
        /// Every binding: the setup's and the world's, then `--bind`.
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
        let values = automaticBindings(&script).merging(bindings) { _, given in given }
        return Prepared(script: journeyScript, run: script, values: values)
    }

    /// Runs only the setup in the world, as `run` does before a journey's first action, and returns
    /// the bindings it made (`sim_setup`, spec/10 §2).
    public func setUp() throws(JourneyRunError) -> [String: String] {
        let prepared = try prepare()
        prepared.script.close(keepWorld: keepWorld)
        return prepared.values
    }

    /// `<UDID>`, `<ring-bundle-id>`, and what the setup bound: each key `A` as `<ring-pubky-a>` (bare),
    /// `<a-caption>` and `<secret-a>`, `W` also as `<bitkit-pubky>`, each `set NAME` as `<name>`;
    /// `<own-public-key>` = Bitkit's active pubky, `<ring-pubky>` when Ring holds exactly one.
    private func automaticBindings(_ script: inout ScriptRun) -> [String: String] {
        var values = ["UDID": "booted", "ring-bundle-id": "app.pubkyring"]
        for (name, key) in script.symbols.keys {
            let lower = name.lowercased()
            values["ring-pubky-\(lower)"] = key.pubky
            values["\(lower)-caption"] = key.attribute("caption")
            values["secret-\(lower)"] = key.secretHex
            if name == "W" { values["bitkit-pubky"] = key.pubky }
        }
        for (name, value) in script.symbols.values { values[name.lowercased()] = value }
        if let state = try? script.launch(.bitkit, ["state"], background: false), state.status == 0,
            let document = try? JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any],
            let identity = document["identity"] as? [String: Any], let key = identity["publicKey"] as? String
        {
            values["own-public-key"] = key.hasPrefix("pubky") ? key : "pubky" + key
        }
        if let state = try? script.launch(.ring, ["state"], background: false), state.status == 0,
            let document = try? JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any],
            let entries = document["pubkys"] as? [[String: Any]], entries.count == 1,
            let pubky = entries[0]["pubky"] as? String
        {
            values["ring-pubky"] = pubky.hasPrefix("pubky") ? String(pubky.dropFirst(5)) : pubky
        }
        return values
    }
}
