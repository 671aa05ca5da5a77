import Foundation

/// Turns the words after `expect` into an `Expectation`. The sugar forms read like the catalogue;
/// all of them become JSON comparisons on a screen, the last output, or a command run now.
package enum ExpectationParser {
    package static let help = """
        expectations: [bitkit|ring] screen ROUTE | title TEXT | text TEXT | no text TEXT | rows N | captions C… | \
        titles T… | row ID | no row ID | toast TEXT | toasts TEXT… | no toast | sheet ID | no sheet | stack R… | \
        button ID | no button ID | id ID [absent|disabled|enabled]; records ACCOUNT… | record ACCOUNT | no record ACCOUNT; bitkit state PATH OP VALUE | \
        ring state PATH OP VALUE | last PATH OP VALUE | json TOOL ARGS… :: PATH OP VALUE | elapsed FROM TO OP MS | \
        exit N | output contains TEXT | output lacks TEXT; OP is = != contains !contains count ~ !~ < <= > >=, or \
        PATH absent / PATH exists
        """

    package static func parse(_ words: [String], fail: (String) -> ScenarioError) throws(ScenarioError) -> Expectation {
        var words = words
        guard !words.isEmpty else { throw fail("empty expectation; " + help) }
        var app: String?
        if words.first == "bitkit" || words.first == "ring", words.count > 1, words[1] != "state" {
            app = words.removeFirst()
        }
        let screen = Expectation.Subject.screen(app: app)
        let head = words.removeFirst()
        func one() throws(ScenarioError) -> String {
            guard words.count == 1 else { throw fail("`expect \(head)` takes one value (quote text with spaces)") }
            return words[0]
        }
        func list() -> String { JSONText.array(words) }

        switch head {
        case "screen":
            return .json(subject: screen, path: ".route", comparison: .equals, value: JSONText.string(try one()))
        case "title":
            return .json(subject: screen, path: ".title", comparison: .equals, value: JSONText.string(try one()))
        case "text":
            return .json(subject: screen, path: ".allTexts", comparison: .contains, value: JSONText.string(try one()))
        case "rows":
            guard words.count == 1, Int(words[0]) != nil else { throw fail("usage: expect rows N") }
            return .json(subject: screen, path: ".rows", comparison: .count, value: words[0])
        case "captions": return .json(subject: screen, path: ".rows[*].caption", comparison: .equals, value: list())
        case "titles": return .json(subject: screen, path: ".rows[*].title", comparison: .equals, value: list())
        case "row":
            return .json(subject: screen, path: ".rows[*].id", comparison: .contains, value: JSONText.string(try one()))
        case "toast":
            return .json(
                subject: screen, path: ".toasts[*].text", comparison: .contains, value: JSONText.string(try one()))
        case "toasts": return .json(subject: screen, path: ".toasts[*].text", comparison: .equals, value: list())
        case "sheet":
            return .json(subject: screen, path: ".sheet.id", comparison: .equals, value: JSONText.string(try one()))
        case "stack": return .json(subject: screen, path: ".stack", comparison: .equals, value: list())
        case "button":
            return .json(
                subject: screen, path: ".buttons[*].id", comparison: .contains, value: JSONText.string(try one()))
        case "id":
            // `id X`, `id X absent|disabled|enabled`: any identified thing on the screen (spec/08 §3).
            guard words.count == 1 || (words.count == 2 && ["absent", "disabled", "enabled"].contains(words[1])) else {
                throw fail("usage: expect [bitkit|ring] id ID [absent|disabled|enabled]")
            }
            let id = JSONText.string(words[0])
            switch words.count == 2 ? words[1] : "" {
            case "absent": return .json(subject: screen, path: ".allIds", comparison: .notContains, value: id)
            case "disabled": return .json(subject: screen, path: ".disabledIds", comparison: .contains, value: id)
            case "enabled": return .json(subject: screen, path: ".enabledIds", comparison: .contains, value: id)
            default: return .json(subject: screen, path: ".allIds", comparison: .contains, value: id)
            }
        case "no":
            guard let what = words.first else {
                throw fail("usage: expect no toast|sheet|text T|row ID|button ID|record ACCOUNT")
            }
            words.removeFirst()
            switch what {
            case "toast" where words.isEmpty:
                return .json(subject: screen, path: ".toasts", comparison: .count, value: "0")
            case "sheet" where words.isEmpty:
                return .json(subject: screen, path: ".sheet", comparison: .equals, value: "null")
            case "text":
                return .json(
                    subject: screen, path: ".allTexts", comparison: .notContains, value: JSONText.string(try one()))
            case "row":
                return .json(
                    subject: screen, path: ".rows[*].id", comparison: .notContains, value: JSONText.string(try one()))
            case "button":
                return .json(
                    subject: screen, path: ".buttons[*].id", comparison: .notContains, value: JSONText.string(try one())
                )
            case "toast":
                return .json(
                    subject: screen, path: ".toasts[*].text", comparison: .notContains,
                    value: JSONText.string(try one()))
            case "record":
                return .json(
                    subject: sharedList, path: ".records[*].record", comparison: .notContains,
                    value: JSONText.string(try one()))
            default: throw fail("unknown `expect no \(what)`; " + help)
            }
        case "records":
            return .json(subject: sharedList, path: ".records[*].record", comparison: .equals, value: list())
        case "record":
            return .json(
                subject: sharedList, path: ".records[*].record", comparison: .contains,
                value: JSONText.string(try one())
            )
        case "state":
            throw fail("usage: expect bitkit state PATH OP VALUE  or  expect ring state PATH OP VALUE")
        case "bitkit", "ring":
            // `bitkit state …` / `ring state …` (the app word was not taken as a screen prefix).
            guard words.first == "state" else {
                throw fail("unknown expectation '\(head) \(words.first ?? "")'; " + help)
            }
            words.removeFirst()
            let tool: Tool = head == "bitkit" ? .bitkit : .ring
            return try comparison(words, subject: .command(tool: tool, arguments: ["state"]), fail: fail)
        case "last": return try comparison(words, subject: .last, fail: fail)
        case "json":
            guard let separator = words.firstIndex(of: "::"), separator > 1,
                let tool = Tool(rawValue: words[0]) ?? toolShortName(words[0])
            else {
                throw fail("usage: expect json TOOL ARGS… :: PATH OP VALUE   (TOOL is bitkit-sim, ring-sim or simctl)")
            }
            let arguments = Array(words[1..<separator])
            return try comparison(
                Array(words[(separator + 1)...]), subject: .command(tool: tool, arguments: arguments), fail: fail)
        case "elapsed":
            guard words.count == 4, let comparison = Expectation.Comparison(rawValue: words[2]),
                comparison.isNumeric || comparison == .equals || comparison == .notEquals
            else {
                throw fail(
                    "usage: expect elapsed FROM TO OP MS   (FROM and TO select one journal entry each, e.g. "
                        + "[?op=bitkit.pick.before-record-check][-1]; OP is = != < <= > >=)")
            }
            guard Symbols.isWholeReference(words[3]) || Double(words[3]) != nil else {
                throw fail("expect elapsed compares milliseconds: '\(words[3])' is not a number")
            }
            return .elapsed(from: words[0], to: words[1], comparison: comparison, value: words[3])
        case "exit":
            guard let status = Int32(try one()) else { throw fail("usage: expect exit N") }
            return .exitStatus(status)
        case "output":
            guard words.count == 2, words[0] == "contains" || words[0] == "lacks" else {
                throw fail("usage: expect output contains|lacks TEXT")
            }
            return .output(contains: words[0] == "contains", text: words[1])
        default:
            throw fail("unknown expectation '\(head)'; " + help)
        }
    }

    /// What the device shares, in the platform's neutral terms (`simctl sharing list`).
    package static let sharedList = Expectation.Subject.command(tool: .simctl, arguments: ["sharing", "list"])

    package static func toolShortName(_ word: String) -> Tool? {
        switch word {
        case "bitkit": return .bitkit
        case "ring": return .ring
        default: return nil
        }
    }

    /// `PATH OP VALUE…`; several value words form a JSON array for `=`.
    package static func comparison(
        _ words: [String], subject: Expectation.Subject, fail: (String) -> ScenarioError
    ) throws(ScenarioError) -> Expectation {
        guard words.count >= 2, words[0].hasPrefix(".") || words[0] == "$" else {
            throw fail(
                "expected `PATH OP VALUE` or `PATH absent|exists`, e.g. `.identity.authState = authenticated` "
                    + "(OP: \(Expectation.Comparison.written))"
            )
        }
        guard let comparison = Expectation.Comparison(rawValue: words[1]) else {
            throw fail("unknown comparison '\(words[1])' (use \(Expectation.Comparison.written))")
        }
        guard comparison.takesValue else {
            guard words.count == 2 else { throw fail("`PATH \(comparison.rawValue)` takes no value") }
            return .json(subject: subject, path: words[0], comparison: comparison, value: "")
        }
        guard words.count >= 3 else { throw fail("`PATH \(comparison.rawValue)` needs a value") }
        if comparison.isNumeric, words.count != 3 || !(Symbols.isWholeReference(words[2]) || Double(words[2]) != nil) {
            throw fail("`\(comparison.rawValue)` compares numbers: write one number after it")
        }
        // `[{A}, {B}]` written with spaces is one bracketed value; other word runs form a list.
        let joined = words[2...].joined(separator: " ")
        // A lone `{NAME}` stays as written: its type is known only once expanded (Symbols.expandValue).
        let value =
            words.count == 3 && Symbols.isWholeReference(joined)
            ? joined
            : words.count == 3 || (joined.hasPrefix("[") && joined.hasSuffix("]"))
                ? JSONText.literal(joined) : JSONText.array(Array(words[2...]))
        return .json(subject: subject, path: words[0], comparison: comparison, value: value)
    }
}

/// JSON text of values written in scenario files.
package enum JSONText {
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    package static func array(_ words: [String]) -> String {
        "[" + words.map { literal($0) }.joined(separator: ",") + "]"
    }

    /// A word as JSON: numbers, true/false/null, arrays/objects and quoted strings stay as they are;
    /// anything else is a string.
    package static func literal(_ word: String) -> String {
        if word == "true" || word == "false" || word == "null" { return word }
        // Whole numbers without leading zeros are numbers; hex secrets like 0101… stay strings.
        if let first = word.first, Int(word) != nil, first != "0" || word == "0", word.count < 16 { return word }
        // Decimals (`3.5`, `-0.25`) are numbers too.
        if word.count < 16, word.range(of: #"^-?(0|[1-9][0-9]*)\.[0-9]+$"#, options: .regularExpression) != nil {
            return word
        }
        // JSON arrays and objects stay as written; `{A.caption}` is a symbol, not an object.
        if let first = word.first, first == "[" || first == "{",
            (try? JSONSerialization.jsonObject(with: Data(word.utf8))) != nil
        {
            return word
        }
        // `[{A}, {B}]`: a list of symbols, read as a list of texts once expanded.
        if word.hasPrefix("["), word.hasSuffix("]") { return word }
        return string(word)
    }
}
