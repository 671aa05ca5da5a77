import Foundation

/// Running a step: tools, background steps, and what a step's output makes of the app's last screen.
extension ScriptRun {
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
            let value = try ExpectationEvaluator.value(at: path, in: try ExpectationEvaluator.parseJSON(output.stdout))
            guard let value, !(value is NSNull), !(value is [Any]), !(value is [String: Any]) else {
                throw StepFailure(expected: "a text or number at \(path)", actual: JSONPath.describe(value))
            }
            symbols.values[name] = JSONPath.describe(value, quoteStrings: false)
            transcript.append("  = \(name) = \(symbols.values[name] ?? "")")
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
        if let app = tool.appName, var screen = (try? ExpectationEvaluator.parseJSON(result.stdout)) as? [String: Any],
            screen["route"] != nil
        {
            if !implicitToasts.isEmpty { screen["toasts"] = implicitToasts + (screen["toasts"] as? [Any] ?? []) }
            screen["allTexts"] = TranscriptText.allTexts(of: screen)
            lastScreen[app] = screen
            lastAppScreen = screen
            transcript.append(TranscriptText.indent(TranscriptText.render(screen, app: app)))
        } else {
            let text = TranscriptText.summary(result.stdout)
            if !text.isEmpty { transcript.append(TranscriptText.indent(text)) }
        }
    }

    /// Waits for the background steps (of `app` only, when given).
    mutating func waitForBackground(app: String? = nil) throws {
        let pending = background.filter { app == nil || Self.tool(of: $0.step).appName == app }
        background.removeAll { app == nil || Self.tool(of: $0.step).appName == app }
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
}
