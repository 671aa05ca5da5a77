import AppSupport
import Device
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
    /// Start a process for every app command instead of sending the commands to long-lived
    /// serving processes (`ToolServer`, Docs/races.md). Slower; the transcripts are the same.
    public var processPerAction = false
    /// The serving processes shared by a suite's scenarios (nil: each scenario starts its own).
    var servingTools: ServingTools?

    public init(binDirectory: URL? = nil, keepWorld: Bool = false, seedOverride: UInt64? = nil) {
        self.binDirectory = binDirectory ?? ToolProcess.binDirectory
        self.keepWorld = keepWorld
        self.seedOverride = seedOverride
    }

    public func run(_ scenario: Scenario) -> ScenarioResult {
        var run = Run(scenario: scenario, runner: self)
        guard !processPerAction else { return run.execute() }
        let own = servingTools == nil ? ServingTools(binDirectory: binDirectory) : nil
        defer { own?.shutdown() }
        run.servingTools = servingTools ?? own
        return run.execute()
    }
}

/// The mutable state of one scenario run.
/// The state of one script running against a world: a scenario, or one lane of a race.
struct Run {
    let scenario: Scenario
    let runner: ScenarioRunner
    let seed: UInt64
    let world: URL
    let scratch: URL
    var symbols = Symbols()
    var automaticFocus = true
    var foreground: String?
    var lastScreen: [String: [String: Any]] = [:]
    var lastAppScreen: [String: Any]?
    var lastOutput: (status: Int32, stdout: String, stderr: String)?
    var background: [(step: Step, process: RunningTool)] = []
    var transcript: [String] = []
    /// Outputs of the commands expectations ran since the last step (see `cachedDocument`).
    var commandOutputs: [[String]: Any] = [:]
    /// Extra environment for the tools (the race harness's jitter).
    var environment: [String: String]?
    /// App `state` documents already fetched while nothing else runs (a race iteration's checks).
    var inspections: InspectionCache?
    /// Long-lived app processes that answer the app commands (the race harness's), if any.
    var servingTools: ServingTools?

    init(scenario: Scenario, runner: ScenarioRunner) {
        self.scenario = scenario
        self.runner = runner
        seed = runner.seedOverride ?? scenario.seed
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        world = base.appendingPathComponent("world")
        scratch = base.appendingPathComponent("scratch")
    }

    /// A script against an existing world (a race lane).
    init(scenario: Scenario, runner: ScenarioRunner, world: URL, scratch: URL, environment: [String: String]?) {
        self.scenario = scenario
        self.runner = runner
        seed = runner.seedOverride ?? scenario.seed
        self.world = world
        self.scratch = scratch
        self.environment = environment
        automaticFocus = false
    }

    struct StepFailure: Error {
        var expected: String
        var actual: String
    }

    mutating func execute() -> ScenarioResult {
        let started = Date()
        let name = URL(fileURLWithPath: scenario.file).deletingPathExtension().lastPathComponent
        var failure: ScenarioResult.Failure?
        var executed = 0
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let created = try launch(
                .simctl, ["world", "init", "--with-apps", "--seed", String(seed)], background: false)
            guard created.status == 0 else { throw StepFailure(expected: "a new world", actual: created.stderr) }
        } catch {
            failure = ScenarioResult.Failure(
                location: scenario.file, step: "world init", expected: "a new world", actual: "\(error)")
        }
        if failure == nil {
            for step in scenario.steps {
                executed += 1
                do {
                    try perform(step)
                } catch let error as StepFailure {
                    failure = ScenarioResult.Failure(
                        location: "\(step.file):\(step.line)", step: step.source, expected: error.expected,
                        actual: error.actual)
                } catch {
                    failure = ScenarioResult.Failure(
                        location: "\(step.file):\(step.line)", step: step.source, expected: "the step to run",
                        actual: "\(error)")
                }
                if failure != nil { break }
            }
        }
        if failure == nil {
            do { try waitForBackground() } catch let error as StepFailure {
                failure = ScenarioResult.Failure(
                    location: scenario.file, step: "(end of scenario: background steps)", expected: error.expected,
                    actual: error.actual)
            } catch {}
        }
        if failure == nil {
            // Every scenario ends with the contract's audit (DESIGN §6).
            do {
                let report = try Audit(world: Device.World(root: world)).run()
                if report.passed {
                    transcript.append(
                        "  ✓ audit: \(report.invariants.count) invariants hold over \(report.journalEntries) journal entries"
                    )
                } else {
                    failure = ScenarioResult.Failure(
                        location: scenario.file, step: "(audit at the end of the scenario)", expected: "no violation",
                        actual: report.violations.map { "\($0.invariant.rawValue): \($0.message)" }.joined(
                            separator: "; "))
                }
            } catch {
                failure = ScenarioResult.Failure(
                    location: scenario.file, step: "(audit at the end of the scenario)", expected: "a readable world",
                    actual: "\(error)")
            }
        }
        if runner.embedSequence, let entries = try? Journal(world: Device.World(root: world)).read().entries {
            transcript.append("  ```mermaid")
            transcript.append(
                SequenceDiagram.mermaid(entries).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            transcript.append("  ```")
        }
        for (_, process) in background { process.terminate() }
        if let failure {
            transcript.append("  ✗ \(failure.location): \(failure.step)")
            transcript.append("      expected: \(failure.expected)")
            transcript.append("      actual:   \(failure.actual)")
        }
        let keep = runner.keepWorld
        if !keep { try? FileManager.default.removeItem(at: world.deletingLastPathComponent()) }
        return ScenarioResult(
            file: scenario.file, name: name, title: scenario.title, passed: failure == nil,
            seconds: Date().timeIntervalSince(started),
            steps: executed, seed: seed, transcript: transcript.joined(separator: "\n"), failure: failure,
            keptWorld: keep ? world.path : nil)
    }

    // MARK: Steps

    mutating func perform(_ step: Step) throws {
        if case .expect = step.kind {} else { commandOutputs = [:] }
        switch step.kind {
        case .note(let text):
            transcript.append("  # \(try symbols.expand(text))")
        case .focus(let automatic):
            automaticFocus = automatic
        case .key(let name, let secret):
            guard let key = Symbols.Key(secretHex: secret) else {
                throw StepFailure(expected: "a valid secret", actual: secret)
            }
            symbols.keys[name] = key
        case .set(let name, let path):
            guard let output = lastOutput else {
                throw StepFailure(expected: "an earlier step's output", actual: "no step has run")
            }
            let value = try value(at: path, in: try parseJSON(output.stdout))
            guard let value, !(value is NSNull), !(value is [Any]), !(value is [String: Any]) else {
                throw StepFailure(expected: "a text or number at \(path)", actual: JSONPath.describe(value))
            }
            symbols.values[name] = JSONPath.describe(value, quoteStrings: false)
            transcript.append("  = \(name) = \(symbols.values[name] ?? "")")
        case .wait:
            try waitForBackground()
        case .run(let tool, let arguments, let isBackground, let expectFailure):
            let expanded = try arguments.map { try symbols.expand($0) }
            try runStep(step, tool: tool, arguments: expanded, background: isBackground, expectFailure: expectFailure)
        case .expect(let expectation):
            try check(expectation)
            transcript.append("  ✓ \(step.source.dropFirst("expect ".count))")
        }
    }

    mutating func runStep(
        _ step: Step, tool: Tool, arguments: [String], background isBackground: Bool, expectFailure: Bool
    ) throws {
        transcript.append("  $ \(step.source)")
        var implicitToasts: [Any] = []
        if let app = tool.appName, automaticFocus {
            implicitToasts = try bringToFront(app, command: arguments.first ?? "")
        }
        if isBackground {
            let process = try start(tool, arguments)
            background.append((step, process))
            transcript.append("    (running in the background)")
            return
        }
        let result = try launch(tool, arguments, background: false)
        try record(result, tool: tool, step: step, implicitToasts: implicitToasts, expectFailure: expectFailure)
    }

    /// Applies the catalogue's focus rule (spec/06 §0.3): the other app goes to the background,
    /// this one comes back first (its become-active path), unless the step is itself a lifecycle step.
    mutating func bringToFront(_ app: String, command: String) throws -> [Any] {
        let other = app == "bitkit" ? "ring" : "bitkit"
        let otherTool: Tool = other == "bitkit" ? .bitkit : .ring
        let tool: Tool = app == "bitkit" ? .bitkit : .ring
        let inspection: Set<String> = ["state", "checkpoints", "keychain", "--help", "help"]
        if inspection.contains(command) { return [] }
        // The OS delivers a `pubkyauth` link to Ring, never to Bitkit (spec/02 §14): Bitkit stays where it is.
        if app == "bitkit", command == "open-url" { return [] }
        if ["launch", "relaunch", "foreground"].contains(command) {
            if foreground == other { try quietly(otherTool, ["background"]) }
            foreground = app
            return []
        }
        if command == "background" || command == "kill" {
            if foreground == app { foreground = nil }
            return []
        }
        guard foreground != app else { return [] }
        if foreground == other { try quietly(otherTool, ["background"]) }
        foreground = app
        let result = try launch(tool, ["foreground"], background: false)
        guard result.status == 0 else {
            throw StepFailure(
                expected: "\(app) to come to the foreground", actual: "exit \(result.status): \(result.stderr)")
        }
        let screen = try parseJSON(result.stdout) as? [String: Any]
        let toasts = screen?["toasts"] as? [Any] ?? []
        transcript.append(
            "    (\(app) comes to the foreground\(toasts.isEmpty ? "" : " and shows \(toasts.count) toast(s)"))")
        return toasts
    }

    mutating func quietly(_ tool: Tool, _ arguments: [String]) throws {
        let result = try launch(tool, arguments, background: false)
        guard result.status == 0 else {
            throw StepFailure(
                expected: "`\(tool.rawValue) \(arguments.joined(separator: " "))` to run",
                actual: "exit \(result.status): \(result.stderr)")
        }
        transcript.append("    (\(tool.appName ?? tool.rawValue) goes to the background)")
    }

    func launch(_ tool: Tool, _ arguments: [String], background: Bool) throws -> ToolProcess.Result {
        try start(tool, arguments).wait(timeout: runner.stepTimeout)
    }

    /// Starts `tool arguments… --world W --json` with the run's environment: an app command goes to
    /// a serving process when the run has them.
    func start(_ tool: Tool, _ arguments: [String]) throws -> RunningTool {
        let arguments = arguments + ["--world", world.path, "--json"]
        if let servingTools, tool.appName != nil {
            return .served(try servingTools.start(tool, arguments, environment: environment ?? [:]))
        }
        return .process(
            try ToolProcess.start(
                tool, arguments, binDirectory: runner.binDirectory, scratch: scratch, environment: environment))
    }

    mutating func record(
        _ result: ToolProcess.Result, tool: Tool, step: Step, implicitToasts: [Any], expectFailure: Bool
    ) throws {
        if result.timedOut {
            throw StepFailure(
                expected: "the step to finish within \(Int(runner.stepTimeout)) s",
                actual: "killed after the timeout (paused at a breakpoint nobody continued?)")
        }
        lastOutput = (result.status, result.stdout, result.stderr)
        guard result.status == 0 || expectFailure else {
            throw StepFailure(
                expected: "exit 0",
                actual: "exit \(result.status): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        if result.status != 0 {
            transcript.append(
                "    exit \(result.status): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
            return
        }
        if let app = tool.appName, var screen = (try? parseJSON(result.stdout)) as? [String: Any],
            screen["route"] != nil
        {
            if !implicitToasts.isEmpty { screen["toasts"] = implicitToasts + (screen["toasts"] as? [Any] ?? []) }
            screen["allTexts"] = Self.allTexts(of: screen)
            lastScreen[app] = screen
            lastAppScreen = screen
            transcript.append(Self.indent(Self.render(screen, app: app)))
        } else {
            let text = Self.summary(result.stdout)
            if !text.isEmpty { transcript.append(Self.indent(text)) }
        }
    }

    mutating func waitForBackground() throws {
        let pending = background
        background = []
        for (step, process) in pending {
            let result = process.wait(timeout: runner.stepTimeout)
            transcript.append("  … background step finished: \(step.source)")
            try record(result, tool: Self.tool(of: step), step: step, implicitToasts: [], expectFailure: false)
        }
    }

    static func tool(of step: Step) -> Tool {
        if case .run(let tool, _, _, _) = step.kind { return tool }
        return .simctl
    }

    // MARK: Expectations

    mutating func check(_ expectation: Expectation) throws {
        switch expectation {
        case .exitStatus(let status):
            guard let last = lastOutput else {
                throw StepFailure(expected: "exit \(status)", actual: "no step has run")
            }
            guard last.status == status else {
                throw StepFailure(expected: "exit \(status)", actual: "exit \(last.status)")
            }
        case .output(let contains, let text):
            let expanded = try symbols.expand(text)
            let output = (lastOutput?.stdout ?? "") + (lastOutput?.stderr ?? "")
            guard output.contains(expanded) == contains else {
                throw StepFailure(
                    expected: "output \(contains ? "contains" : "lacks") \(JSONText.string(expanded))",
                    actual: String(output.prefix(2000)))
            }
        case .json(let subject, let path, let comparison, let rawValue):
            let document = try cachedDocument(subject)
            let expectedText = try symbols.expandValue(rawValue)
            // Filters name accounts and pubkys (`[?account=app.pubkyring:{B}]`): expand them too.
            let actual = try value(at: try symbols.expand(path), in: document)
            try compare(actual, comparison, expectedText, path: path)
        }
    }

    /// Consecutive expectations on one command (`bitkit state`, `simctl keychain list`…) read it once:
    /// nothing changes the world between them unless a background step is still running.
    mutating func cachedDocument(_ subject: Expectation.Subject) throws -> Any? {
        guard case .command(let tool, let arguments) = subject, background.isEmpty else {
            return try document(subject)
        }
        let key = [tool.rawValue] + arguments
        if let cached = commandOutputs[key] { return cached is NSNull ? nil : cached }
        let fresh = try document(subject)
        commandOutputs[key] = fresh ?? NSNull()
        return fresh
    }

    func document(_ subject: Expectation.Subject) throws -> Any? {
        switch subject {
        case .screen(let app):
            if let app {
                guard let screen = lastScreen[app] else {
                    throw StepFailure(expected: "a \(app) screen", actual: "\(app) has shown nothing yet")
                }
                return screen
            }
            guard let screen = lastAppScreen else {
                throw StepFailure(expected: "an app screen", actual: "no app step has run")
            }
            return screen
        case .last:
            guard let output = lastOutput else {
                throw StepFailure(expected: "an earlier step's output", actual: "no step has run")
            }
            return try parseJSON(output.stdout)
        case .command(let tool, let arguments):
            let expanded = try arguments.map { try symbols.expand($0) }
            if let cached = inspections?.document(tool, expanded) { return cached }
            let result = try launch(tool, expanded, background: false)
            guard result.status == 0 else {
                throw StepFailure(
                    expected: "`\(tool.rawValue) \(expanded.joined(separator: " "))` to answer",
                    actual: "exit \(result.status): \(result.stderr)")
            }
            let document = try parseJSON(result.stdout)
            inspections?.remember(tool, expanded, document)
            return document
        }
    }

    func value(at path: String, in document: Any?) throws -> Any? {
        let components: [JSONPath.Component]
        do { components = try JSONPath.parse(path) } catch {
            throw StepFailure(expected: "a valid path", actual: error.message)
        }
        return JSONPath.evaluate(components, in: document)
    }

    func compare(_ actual: Any?, _ comparison: Expectation.Comparison, _ expectedText: String, path: String) throws {
        var expected = try? JSONSerialization.jsonObject(with: Data(expectedText.utf8), options: [.fragmentsAllowed])
        // `[{A}, {B}]` expands to bare words in brackets: read it as a list of texts.
        if expected == nil, expectedText.hasPrefix("["), expectedText.hasSuffix("]") {
            let inner = expectedText.dropFirst().dropLast()
            let words = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            expected = words.map { word -> Any in
                (try? JSONSerialization.jsonObject(
                    with: Data(JSONText.literal(word).utf8), options: [.fragmentsAllowed])) ?? word
            }
        }
        let actualText = JSONPath.describe(actual)
        let wanted = expected.map { JSONPath.describe($0) } ?? expectedText
        let ok: Bool
        switch comparison {
        case .equals: ok = actualText == wanted
        case .notEquals: ok = actualText != wanted
        case .contains, .notContains:
            let found: Bool
            if let array = actual as? [Any] {
                found = array.contains { JSONPath.describe($0) == wanted }
            } else if let string = actual as? String, let needle = expected as? String {
                found = string.contains(needle)
            } else {
                found = false
            }
            ok = comparison == .contains ? found : !found
        case .count:
            let count = (actual as? [Any])?.count ?? (actual as? [String: Any])?.count ?? 0
            ok = Int(expectedText) == count
        case .matches:
            let pattern = (expected as? String) ?? expectedText
            let subject = (actual as? String) ?? actualText
            ok = subject.range(of: pattern, options: .regularExpression) != nil
        }
        guard ok else {
            throw StepFailure(
                expected: "\(path) \(comparison.rawValue) \(wanted)",
                actual: "\(path) = \(String(actualText.prefix(3000)))")
        }
    }

    func parseJSON(_ text: String) throws -> Any? {
        guard !text.isEmpty else { return nil }
        do { return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) } catch {
            throw StepFailure(expected: "JSON output", actual: String(text.prefix(500)))
        }
    }

    // MARK: Transcript

    static func render(_ screen: [String: Any], app: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: screen),
            let decoded = try? JSONDecoder().decode(Screen.self, from: data)
        else {
            return summary(JSONPath.describe(screen))
        }
        return ScreenRenderer.text(decoded, appName: app == "bitkit" ? "Bitkit" : "Pubky Ring")
    }

    /// A short readable line for a simctl step's JSON.
    static func summary(_ stdout: String) -> String {
        let trimmed = stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "" }
        let compact = trimmed.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: "")
        return compact.count > 160 ? String(compact.prefix(157)) + "…" : compact
    }

    /// Every text a person sees on the screen: title, texts, and the sheet's title, texts and footer —
    /// what `expect text` searches.
    static func allTexts(of screen: [String: Any]) -> [String] {
        var texts: [String] = []
        if let title = screen["title"] as? String { texts.append(title) }
        texts += screen["texts"] as? [String] ?? []
        if let sheet = screen["sheet"] as? [String: Any] {
            if let title = sheet["title"] as? String { texts.append(title) }
            texts += sheet["texts"] as? [String] ?? []
            texts += sheet["footer"] as? [String] ?? []
        }
        return texts
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
