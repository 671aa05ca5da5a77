import Foundation

/// Checking an `expect` line against the app's last screen, the last output or a command run now.
extension ScriptRun {
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
            let actual = try ExpectationEvaluator.value(at: try symbols.expand(path), in: document)
            try ExpectationEvaluator.compare(actual, comparison, expectedText, path: path)
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
            return try ExpectationEvaluator.parseJSON(output.stdout)
        case .command(let tool, let arguments):
            let expanded = try arguments.map { try symbols.expand($0) }
            if let cached = inspections?.output(tool, expanded) { return try ExpectationEvaluator.parseJSON(cached) }
            let result = try launch(tool, expanded, background: false)
            guard result.status == 0 else {
                throw StepFailure(
                    expected: "`\(tool.rawValue) \(expanded.joined(separator: " "))` to answer",
                    actual: "exit \(result.status): \(result.stderr)")
            }
            let document = try ExpectationEvaluator.parseJSON(result.stdout)
            inspections?.remember(tool, expanded, output: result.stdout)
            return document
        }
    }
}
