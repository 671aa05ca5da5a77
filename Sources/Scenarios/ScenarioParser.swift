import Device
import Foundation

/// Reads scenario files (Docs/scenarios.md): one step per line, `#` comments, `title:`, `seed:`,
/// `include FILE`, app and world steps, and `expect` lines. Problems are reported with file and line.
public enum ScenarioParser {
    /// simctl verbs usable without the `simctl` prefix.
    static let simctlShorthands: Set<String> = [
        "device", "net", "fault", "install", "uninstall", "break", "continue", "wait-paused", "keychain", "journal",
        "backend", "auth-request", "issuer", "audit", "status",
    ]

    public static func parse(file path: String) throws(ScenarioError) -> Scenario {
        let text: String
        do { text = try readText(path) } catch {
            throw ScenarioError(file: path, line: 0, message: error.description)
        }
        return try parse(text: text, file: path)
    }

    /// A scenario or step file as UTF-8 text, refused before reading when over its limit.
    static func readText(_ path: String) throws(InputError) -> String {
        let bytes = try InputLimit.scenarioFile.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadable(source: path, what: InputLimit.scenarioFile.what, reason: "not UTF-8 text")
        }
        return text
    }

    public static func parse(text: String, file: String) throws(ScenarioError) -> Scenario {
        var title: String?
        var seed: UInt64 = 0
        var steps: [Step] = []
        var defined = Set(Symbols.fixtures.keys).union(Symbols.constants.keys)
        try parseLines(text, file: file, depth: 0, title: &title, seed: &seed, steps: &steps, defined: &defined)
        // A step followed by `expect exit N` may fail: the expectation checks it.
        for index in steps.indices {
            guard case .run(let tool, let arguments, let background, _) = steps[index].kind,
                index + 1 < steps.count, case .expect(.exitStatus(let status)) = steps[index + 1].kind, status != 0
            else { continue }
            steps[index].kind = .run(tool: tool, arguments: arguments, background: background, expectFailure: true)
        }
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return Scenario(file: file, title: title ?? name, seed: seed, steps: steps)
    }

    private static func parseLines(
        _ text: String, file: String, depth: Int, title: inout String?, seed: inout UInt64, steps: inout [Step],
        defined: inout Set<String>
    ) throws(ScenarioError) {
        guard depth < 8 else {
            throw ScenarioError(file: file, line: 0, message: "includes nest too deeply (a cycle?)")
        }
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func fail(_ message: String) -> ScenarioError { ScenarioError(file: file, line: number, message: message) }

            if line.hasPrefix("title:") {
                title = line.dropFirst(6).trimmingCharacters(in: .whitespaces)
                continue
            }
            if line.hasPrefix("seed:") {
                guard let value = UInt64(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) else {
                    throw fail("seed must be a whole number")
                }
                seed = value
                continue
            }
            var words: [String]
            do { words = try Tokenizer.split(line) } catch { throw fail(error.message) }
            guard let verb = words.first else { continue }

            for reference in Symbols.references(in: line) {
                if !defined.contains(reference.name) {
                    throw fail(SymbolError.unknownName(reference.name).description)
                }
                if let attribute = reference.attribute,
                    Symbols.fixtures[reference.name] != nil || defined.contains(reference.name),
                    !Symbols.attributes.contains(attribute)
                {
                    throw fail(SymbolError.unknownAttribute(reference.name, attribute).description)
                }
            }

            func add(_ kind: Step.Kind) { steps.append(Step(file: file, line: number, source: line, kind: kind)) }

            switch verb {
            case "include":
                guard words.count == 2 else { throw fail("usage: include FILE") }
                let included =
                    words[1].hasPrefix("/")
                    ? words[1]
                    : URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(words[1]).path
                let content: String
                do { content = try readText(included) } catch {
                    throw fail("cannot include \(words[1]): \(error.description)")
                }
                try parseLines(
                    content, file: included, depth: depth + 1, title: &title, seed: &seed, steps: &steps,
                    defined: &defined)
            case "wait":
                guard words.count == 1 else { throw fail("usage: wait") }
                add(.wait)
            case "note":
                add(.note(words.dropFirst().joined(separator: " ")))
            case "focus":
                guard words.count == 2, words[1] == "manual" || words[1] == "auto" else {
                    throw fail("usage: focus manual|auto")
                }
                add(.focus(automatic: words[1] == "auto"))
            case "key":
                guard words.count == 4, words[1].first?.isUppercase == true else {
                    throw fail("usage: key NAME secret HEX   (NAME starts with an uppercase letter)")
                }
                guard words[2] == "secret" else { throw fail("a key is defined by `secret HEX`") }
                guard Symbols.Key(secretHex: words[3]) != nil else {
                    throw fail("'\(words[3])' is not a 64-character lowercase hex secret")
                }
                defined.insert(words[1])
                add(.key(name: words[1], secretHex: words[3]))
            case "set":
                guard words.count == 4, words[2] == "=", words[1].first?.isUppercase == true else {
                    throw fail("usage: set NAME = PATH   (e.g. set LINK = .link)")
                }
                defined.insert(words[1])
                add(.set(name: words[1], path: words[3]))
            case "expect":
                add(.expect(try ExpectationParser.parse(Array(words.dropFirst()), fail: fail)))
            default:
                var background = false
                if words.last == "&" {
                    background = true
                    words.removeLast()
                }
                let tool: Tool
                var arguments = Array(words.dropFirst())
                switch verb {
                case "bitkit", "bitkit-sim": tool = .bitkit
                case "ring", "ring-sim": tool = .ring
                case "simctl": tool = .simctl
                default:
                    guard simctlShorthands.contains(verb) else {
                        throw fail(
                            "unknown step '\(verb)': expected bitkit, ring, simctl (or a simctl command such as device, net, fault), wait, set, key, focus, note, include or expect"
                        )
                    }
                    tool = .simctl
                    arguments = words
                }
                guard !arguments.isEmpty else {
                    throw fail("'\(verb)' needs a command, e.g. `\(verb) --help` lists them")
                }
                add(.run(tool: tool, arguments: arguments, background: background, expectFailure: false))
            }
        }
    }
}
