import Foundation

/// Checking an `expect` line against the app's last screen, the last output or a command run now.
extension ScriptRun {
    package mutating func check(_ expectation: Expectation) throws {
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
            try ExpectationEvaluator.check(
                document, path: try symbols.expand(path), comparison, expectedText, shownPath: path)
        case .elapsed(let from, let to, let comparison, let rawValue):
            let journal = try cachedDocument(.command(tool: .simctl, arguments: ["journal"]))
            let start = try journalClock(from, in: journal, role: "FROM")
            let end = try journalClock(to, in: journal, role: "TO")
            let expectedText = try symbols.expandValue(rawValue)
            try ExpectationEvaluator.compare(
                NSNumber(value: end - start), comparison, expectedText, path: "elapsed \(from) → \(to) (ms)")
        }
    }

    /// The device-clock milliseconds of the one journal entry `selector` picks: a path into the
    /// entries (`[?op=bitkit.pick.before-record-check][-1]`) or into the whole journal (`.entries[…]`).
    package func journalClock(_ selector: String, in journal: Any?, role: String) throws -> Int64 {
        let written = selector.hasPrefix("[") ? ".entries" + selector : selector
        let path = try symbols.expand(written)
        let components = try ExpectationEvaluator.components(path)
        guard let journal, case .value(let selected) = JSONPath.select(components, in: journal) else {
            throw StepFailure(
                expected: "\(role) \(selector) to select one journal entry", actual: "\(selector) matched nothing")
        }
        var entry = selected
        if let list = selected as? [Any] {
            guard list.count == 1 else {
                throw StepFailure(
                    expected: "\(role) \(selector) to select one journal entry",
                    actual: "it selects \(list.count); pick one with [0] or [-1]")
            }
            entry = list[0]
        }
        guard let object = entry as? [String: Any], let clock = ExpectationEvaluator.number(object["clock"]) else {
            throw StepFailure(
                expected: "\(role) \(selector) to be a journal entry with a clock",
                actual: String(JSONPath.describe(entry).prefix(500)))
        }
        return Int64(clock)
    }

    /// Consecutive expectations on one command (`bitkit state`, `simctl keychain list`…) read it once:
    /// nothing changes the world between them unless a background step is still running.
    package mutating func cachedDocument(_ subject: Expectation.Subject) throws -> Any? {
        guard case .command(let tool, let arguments) = subject, background.isEmpty else {
            return try document(subject)
        }
        let key = [tool.rawValue] + arguments
        if let cached = commandOutputs[key] { return cached is NSNull ? nil : cached }
        let fresh = try document(subject)
        // A command may add to the journal (`auth-request status` polls the relay): a journal read
        // before it is stale now.
        commandOutputs = commandOutputs.filter { $0.key.dropFirst().first != "journal" }
        commandOutputs[key] = fresh ?? NSNull()
        return fresh
    }

    package func document(_ subject: Expectation.Subject) throws -> Any? {
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
