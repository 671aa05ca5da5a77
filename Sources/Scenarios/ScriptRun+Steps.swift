import ContractNames
import Device
import Foundation
import Platforms
import WorldFiles

/// Running a step: tools, background steps, and what a step's output makes of the app's last screen.
extension ScriptRun {
    package mutating func perform(_ step: Step) throws {
        // A harness that walks a scenario's steps itself reaches the other platform's lines too.
        guard step.runs(on: runner.platform) else { return }
        if case .expect = step.kind {} else { commandOutputs = [:] }
        switch step.kind {
        case .note(let text):
            transcript.append("  # \(try symbols.expand(text))")
        case .focus(let automatic):
            automaticFocus = automatic
        case .key(let name, let written):
            let secret = try symbols.expand(written)
            guard let key = Symbols.Key(secretHex: secret) else {
                throw StepFailure(expected: "a valid secret", actual: secret)
            }
            symbols.keys[name] = key
        case .set(let name, let path):
            let value = try lastOutputValue(at: path)
            symbols.values[name] = JSONPath.describe(value, quoteStrings: false)
            transcript.append("  = \(name) = \(symbols.values[name] ?? "")")
        case .bindKey(let name, let path):
            let value = try lastOutputValue(at: path)
            guard let secret = value as? String, let key = Symbols.Key(secretHex: secret) else {
                throw StepFailure(
                    expected: "a 64-character lowercase hex secret at \(path)", actual: JSONPath.describe(value))
            }
            symbols.keys[name] = key
            transcript.append("  = \(name) = key \(key.pubky)")
        case .wait:
            try waitForBackground()
        case .waitFor(let app):
            try waitForBackground(app: app)
        case .run(let tool, let arguments, let isBackground, let expectFailure):
            let expanded = try arguments.map { try symbols.expand($0) }
            try runStep(step, tool: tool, arguments: expanded, background: isBackground, expectFailure: expectFailure)
        case .expect(let expectation):
            try check(expectation)
            transcript.append("  ✓ \(step.source.dropFirst("expect ".count))")
        }
    }

    /// The single text or number at `path` (symbols expanded) in the last step's JSON output.
    package func lastOutputValue(at path: String) throws -> Any {
        guard let output = lastOutput else {
            throw StepFailure(expected: "an earlier step's output", actual: "no step has run")
        }
        let value = try ExpectationEvaluator.value(
            at: try symbols.expand(path), in: try ExpectationEvaluator.parseJSON(output.stdout))
        guard let value, !(value is NSNull), !(value is [Any]), !(value is [String: Any]) else {
            throw StepFailure(expected: "a text or number at \(path)", actual: JSONPath.describe(value))
        }
        return value
    }

    package mutating func runStep(
        _ step: Step, tool: Tool, arguments: [String], background isBackground: Bool, expectFailure: Bool
    ) throws {
        transcript.append("  $ \(step.source)")
        var implicitToasts: [Any] = []
        if let app = try focusedApp(tool, arguments), automaticFocus {
            // `bitkit --package P …` (Android flavours): the focus rule follows that package.
            var rest = arguments
            var package: String?
            if rest.count >= 2, rest[0] == "--package" {
                package = rest[1]
                rest.removeFirst(2)
            }
            implicitToasts = try bringToFront(app, command: rest.first ?? "", package: package)
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

    package func launch(_ tool: Tool, _ arguments: [String], background: Bool) throws -> ToolProcess.Result {
        try start(tool, arguments).wait(timeout: runner.stepTimeout)
    }

    /// Starts `tool arguments… --world W --json` with the run's environment: a command of any tool,
    /// `simctl`'s included, goes to a serving process when the run has them (a scenario's `simctl`
    /// reads and writes outnumber its app actions, and a process start costs more than most of them).
    package func start(_ tool: Tool, _ arguments: [String]) throws -> RunningTool {
        let arguments = arguments + installedDefects(tool, arguments) + ["--world", world.path, "--json"]
        if let servingTools {
            return .served(try servingTools.start(tool, arguments, environment: environment ?? [:]))
        }
        return .process(
            try ToolProcess.start(
                tool, arguments, binDirectory: runner.binDirectory, scratch: scratch, environment: environment))
    }

    /// `--defect` flags for a `simctl install` of an app the run installs defects in.
    private func installedDefects(_ tool: Tool, _ arguments: [String]) -> [String] {
        guard tool == .simctl, arguments.first == "install", !runner.defects.isEmpty,
            let app = arguments.dropFirst().lazy.compactMap(AppKind.init(argument:)).first
        else { return [] }
        return Self.flags(runner.defects.filter { $0.app == app })
    }

    static func flags(_ defects: [Defect]) -> [String] { defects.flatMap { ["--defect", $0.rawValue] } }

    package mutating func record(
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
        let printed = try? ExpectationEvaluator.parseJSON(result.stdout)
        var shown: (app: String, screen: [String: Any])?
        if let app = tool.appName, let screen = printed as? [String: Any], screen["route"] != nil {
            shown = (app, screen)
        } else if tool == .simctl, Self.isOpenURL(step), let delivery = printed as? [String: Any],
            let app = delivery["receivedBy"] as? String, let screen = delivery["screen"] as? [String: Any],
            screen["route"] != nil
        {
            // `simctl open-url`: the screen is the receiving app's.
            transcript.append("    (the OS delivers the link to \(app))")
            shown = (app, screen)
        }
        if let (app, shownScreen) = shown {
            var screen = shownScreen
            if !implicitToasts.isEmpty { screen["toasts"] = implicitToasts + (screen["toasts"] as? [Any] ?? []) }
            screen["allTexts"] = TranscriptText.allTexts(of: screen)
            for (field, ids) in TranscriptText.identifierFields(of: shownScreen) { screen[field] = ids }
            lastScreen[app] = screen
            lastAppScreen = screen
            transcript.append(TranscriptText.indent(TranscriptText.render(screen, app: app)))
        } else {
            let text = TranscriptText.summary(result.stdout)
            if !text.isEmpty { transcript.append(TranscriptText.indent(text)) }
        }
    }

    /// Waits for the background steps (of `app` only, when given).
    package mutating func waitForBackground(app: String? = nil) throws {
        let pending = background.filter { app == nil || Self.tool(of: $0.step).appName == app }
        background.removeAll { app == nil || Self.tool(of: $0.step).appName == app }
        for (step, process) in pending {
            let result = process.wait(timeout: runner.stepTimeout)
            transcript.append("  … background step finished: \(step.source)")
            if result.killed {
                // Its app was killed while the step ran (`bitkit kill` ends a process stopped at a
                // breakpoint): the step ends there, with no screen, as a person's tap ends in a kill.
                transcript.append("    killed: the app's process ended (SIGKILL) before the step finished")
                continue
            }
            try record(result, tool: Self.tool(of: step), step: step, implicitToasts: [], expectFailure: false)
        }
    }

    package static func tool(of step: Step) -> Tool {
        if case .run(let tool, _, _, _) = step.kind { return tool }
        return .simctl
    }

    /// `… open-url LINK`: the OS offering a link, to `simctl open-url`'s pick or to the app named.
    package static func isOpenURL(_ step: Step) -> Bool {
        if case .run(_, let arguments, _, _) = step.kind { return arguments.first == "open-url" }
        return false
    }

    /// The app the focus rule brings forward before this step, if any. A link goes to the app the OS
    /// picks for its scheme (`URLRouter`): `simctl open-url` brings that app forward; `bitkit open-url`
    /// and `ring open-url` bring their app forward only when it is the one that receives the link
    /// (Ring also takes links no app claims, e.g. an https invite).
    package func focusedApp(_ tool: Tool, _ arguments: [String]) throws -> String? {
        guard arguments.first == "open-url", arguments.count >= 2, tool == .simctl || tool.appName != nil else {
            return tool.appName
        }
        let state: DeviceState
        do { state = try DeviceStore(world: World(root: world)).read() } catch {
            throw StepFailure(expected: "a readable device to route the link", actual: "\(error)")
        }
        let receiver = PlatformOS.of(state).route(arguments[1], on: state).receivedBy?.rawValue
        switch tool {
        case .simctl: return receiver
        case .ring: return receiver == nil || receiver == "ring" ? "ring" : nil
        case .bitkit: return receiver == "bitkit" ? "bitkit" : nil
        }
    }
}
