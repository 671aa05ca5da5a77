import Foundation

/// Pure comparisons behind `expect`: a path into a JSON document and a value compared with the
/// expected text. Failures are `ScriptRun.StepFailure`s naming what was expected and found. A path
/// that matches nothing fails every comparison with "matched nothing" — a renamed field or journal op
/// must not turn a negative check green — except `absent`, which asks for exactly that (the path
/// matches nothing, at whichever step: after a filter, after two, or a field after one), and `count`,
/// which counts a last filter that selects nothing as 0 when everything before it matched.
package enum ExpectationEvaluator {
    package static func components(_ path: String) throws -> [JSONPath.Component] {
        do { return try JSONPath.parse(path) } catch {
            throw ScriptRun.StepFailure(expected: "a valid path", actual: error.message)
        }
    }

    /// The value at `path` (nil when it matches nothing).
    package static func value(at path: String, in document: Any?) throws -> Any? {
        JSONPath.evaluate(try components(path), in: document)
    }

    /// Compares what `path` selects in `document` with `expectedText`; `shownPath` is the path as
    /// written (before symbols were expanded), for the message.
    package static func check(
        _ document: Any?, path: String, _ comparison: Expectation.Comparison, _ expectedText: String,
        shownPath: String
    ) throws {
        let components = try components(path)
        let selection: JSONPath.Selection = document.map { JSONPath.select(components, in: $0) } ?? .nothing(matched: 0)
        let statement =
            comparison.takesValue
            ? "\(shownPath) \(comparison.rawValue) \(expectedText)" : "\(shownPath) \(comparison.rawValue)"
        switch (selection, comparison) {
        case (.nothing, .absent):
            // What the "matched nothing" advice promises: `PATH absent` holds for any path that
            // selects nothing, `.a[?x=y][?z=w]` and `.a[?x=y].field` included.
            return
        case (.value(let value), .absent):
            throw ScriptRun.StepFailure(
                expected: statement, actual: "\(shownPath) = \(String(JSONPath.describe(value).prefix(3000)))")
        case (.value, .exists):
            return
        case (.nothing(let matched), .count) where matched == components.count - 1:
            // `count 0` holds where the parent exists and its last filter selects nothing.
            if case .filter = components[matched] {
                try compare([Any](), .count, expectedText, path: shownPath)
                return
            }
            throw matchedNothing(statement, components, matched, in: document)
        case (.nothing(let matched), _):
            throw matchedNothing(statement, components, matched, in: document)
        case (.value(let value), _):
            try compare(value is NSNull ? nil : value, comparison, expectedText, path: shownPath)
        }
    }

    package static func matchedNothing(
        _ statement: String, _ components: [JSONPath.Component], _ matched: Int, in document: Any?
    ) -> ScriptRun.StepFailure {
        let upTo = components.prefix(min(matched + 1, components.count))
        // A step into a null (`.reference.pubky` with no reference) says so: that is usually the news.
        if matched > 0, let document,
            case .value(let parent) = JSONPath.select(Array(components.prefix(matched)), in: document),
            parent is NSNull
        {
            return ScriptRun.StepFailure(
                expected: statement,
                actual: "\(JSONPath.text(components.prefix(matched))) = null, so \(JSONPath.text(upTo)) matched nothing"
            )
        }
        return ScriptRun.StepFailure(
            expected: statement,
            actual:
                "\(JSONPath.text(upTo)) matched nothing (write `PATH absent` to check that it does not exist)")
    }

    package static func compare(
        _ actual: Any?, _ comparison: Expectation.Comparison, _ expectedText: String, path: String
    ) throws {
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
        case .matches, .notMatches:
            let pattern = (expected as? String) ?? expectedText
            let subject = (actual as? String) ?? actualText
            let found = subject.range(of: pattern, options: .regularExpression) != nil
            ok = comparison == .matches ? found : !found
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let bound = number(expected) else {
                throw ScriptRun.StepFailure(
                    expected: "a number after \(comparison.rawValue)", actual: JSONText.string(expectedText))
            }
            // After `[*]` or a filter every selected value must hold.
            let values = (actual as? [Any]) ?? [actual as Any]
            let numbers = values.compactMap(number)
            ok = !values.isEmpty && numbers.count == values.count && numbers.allSatisfy { holds($0, comparison, bound) }
        case .absent, .exists:
            ok = (comparison == .exists) == (actual != nil)
        }
        guard ok else {
            throw ScriptRun.StepFailure(
                expected: "\(path) \(comparison.rawValue) \(wanted)",
                actual: "\(path) = \(String(actualText.prefix(3000)))")
        }
    }

    /// A JSON number (not a boolean) as a Double.
    package static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }

    package static func holds(_ value: Double, _ comparison: Expectation.Comparison, _ bound: Double) -> Bool {
        switch comparison {
        case .less: return value < bound
        case .lessOrEqual: return value <= bound
        case .greater: return value > bound
        case .greaterOrEqual: return value >= bound
        default: return false
        }
    }

    package static func parseJSON(_ text: String) throws -> Any? {
        guard !text.isEmpty else { return nil }
        do { return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) } catch {
            throw ScriptRun.StepFailure(expected: "JSON output", actual: String(text.prefix(500)))
        }
    }
}
