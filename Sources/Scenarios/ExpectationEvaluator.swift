import Foundation

/// Pure comparisons behind `expect`: a path into a JSON document and a value compared with the
/// expected text. Failures are `ScriptRun.StepFailure`s naming what was expected and found.
enum ExpectationEvaluator {
    static func value(at path: String, in document: Any?) throws -> Any? {
        let components: [JSONPath.Component]
        do { components = try JSONPath.parse(path) } catch {
            throw ScriptRun.StepFailure(expected: "a valid path", actual: error.message)
        }
        return JSONPath.evaluate(components, in: document)
    }

    static func compare(
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
        case .matches:
            let pattern = (expected as? String) ?? expectedText
            let subject = (actual as? String) ?? actualText
            ok = subject.range(of: pattern, options: .regularExpression) != nil
        }
        guard ok else {
            throw ScriptRun.StepFailure(
                expected: "\(path) \(comparison.rawValue) \(wanted)",
                actual: "\(path) = \(String(actualText.prefix(3000)))")
        }
    }

    static func parseJSON(_ text: String) throws -> Any? {
        guard !text.isEmpty else { return nil }
        do { return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) } catch {
            throw ScriptRun.StepFailure(expected: "JSON output", actual: String(text.prefix(500)))
        }
    }
}
