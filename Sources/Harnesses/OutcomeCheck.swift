import Audit
import ContractNames
import Foundation
import IdentitySharing
import Keychain
import Scenarios
import WorldFiles

/// What a run ended with, once its lanes are done: the expectations every run must meet, the
/// contract's audit, and the outcome (the shared group's accounts plus each requested
/// `TOOL ARGS… :: PATH` value).
struct OutcomeCheck {
    /// Expectations every run must meet (scenario `expect` lines).
    let invariants: Scenario
    /// Commands whose JSON values describe an outcome: `TOOL ARGS… :: PATH`.
    let outcomes: [String]
    let runner: ScenarioRunner
    let serving: ServingTools?

    /// What a run ended with, piece by piece.
    struct Values: Sendable, Equatable {
        /// The shared group's accounts, in enumeration order.
        var accounts: [String]
        /// Each `--outcome` that could be read: the command, the path and the value as JSON text
        /// (`null` both for a null and for a path that matches nothing; `absent` tells them apart).
        var values: [(tool: Tool, arguments: [String], path: String, value: String, absent: Bool)]

        /// The outcome as reports show it: `shared: [app.pubkyring:tkrq8…p7qy]; .reference.pubky = null`.
        var text: String {
            (["shared: [" + accounts.map { SequenceDiagram.short($0) }.joined(separator: ", ") + "]"]
                + values.map { "\($0.path) = \($0.value)" }).joined(separator: "; ")
        }

        static func == (left: Values, right: Values) -> Bool { left.text == right.text }
    }

    /// The broken expectations and audit violations, and the outcome.
    func check(world: URL, scratch: URL) throws -> (failures: [String], outcome: String) {
        let checked = try checkValues(world: world, scratch: scratch)
        return (checked.failures, checked.values.text)
    }

    /// `check`, with the outcome piece by piece.
    func checkValues(world: URL, scratch: URL) throws -> (failures: [String], values: Values) {
        var failures: [String] = []
        // The invariants and the outcome often ask the same app for its state: once the lanes are
        // done nothing changes the world, so one process answers both.
        let inspections = InspectionCache()
        var check = ScriptRun(scenario: invariants, runner: runner, world: world, scratch: scratch, environment: nil)
        check.inspections = inspections
        check.servingTools = serving
        for step in invariants.steps {
            do { try check.perform(step) } catch let failure as ScriptRun.StepFailure {
                failures.append("invariant `\(step.source)`: expected \(failure.expected), got \(failure.actual)")
            }
        }
        let report = try Audit(world: World(root: world)).run()
        failures += report.violations.map { "audit \($0.invariant.rawValue): \($0.message)" }
        return (failures, try values(world: world, scratch: scratch, inspections: inspections))
    }

    /// The shared records plus each requested `TOOL ARGS… :: PATH` value.
    func describe(world: URL, scratch: URL, inspections: InspectionCache? = nil) throws -> String {
        try values(world: world, scratch: scratch, inspections: inspections).text
    }

    func values(world: URL, scratch: URL, inspections: InspectionCache? = nil) throws -> Values {
        let shared = try SharedRecords.read(World(root: world), derive: KeyDerivations.pubky).records
        var result = Values(accounts: shared.map(\.record), values: [])
        var probe = ScriptRun(
            scenario: Scenario(file: "outcome", title: "", seed: 0, steps: []), runner: runner, world: world,
            scratch: scratch, environment: nil)
        probe.inspections = inspections
        probe.servingTools = serving
        for spec in outcomes {
            guard let (tool, arguments, path) = Self.parse(spec) else { continue }
            let value = (try? probe.document(.command(tool: tool, arguments: arguments))).flatMap { document in
                try? ExpectationEvaluator.value(at: path, in: document)
            }
            result.values.append((tool, arguments, path, JSONPath.describe(value), value == nil))
        }
        return result
    }

    /// Splits `TOOL ARGS… :: PATH`; nil when it is not one.
    static func parse(_ spec: String) -> (tool: Tool, arguments: [String], path: String)? {
        let pieces = spec.components(separatedBy: "::")
        guard pieces.count == 2, let words = try? Tokenizer.split(pieces[0]), let first = words.first,
            let tool = Tool(rawValue: first) ?? ExpectationParser.toolShortName(first)
        else { return nil }
        return (tool, Array(words.dropFirst()), pieces[1].trimmingCharacters(in: .whitespaces))
    }
}
