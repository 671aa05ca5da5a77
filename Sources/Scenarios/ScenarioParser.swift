import ContractNames
import Foundation
import WorldFiles

/// Reads scenario files (Docs/scenarios.md): one step per line, `#` comments, `title:`, `seed:`,
/// `include FILE`, app and world steps, `expect` lines and the `platform` constructs (`PlatformLine`).
/// Problems are reported with file and line.
public enum ScenarioParser {
    /// simctl verbs usable without the `simctl` prefix.
    package static let simctlShorthands: Set<String> = [
        "device", "net", "fault", "install", "uninstall", "break", "continue", "wait-paused", "keychain", "journal",
        "backend", "auth-request", "issuer", "audit", "status", "open-url",
    ]

    public static func parse(file path: String) throws(ScenarioError) -> Scenario {
        let text: String
        do { text = try readText(path) } catch {
            throw ScenarioError(file: path, line: 0, message: error.description)
        }
        return try parse(text: text, file: path)
    }

    /// A scenario or step file as UTF-8 text, refused before reading when over its limit.
    package static func readText(_ path: String) throws(InputError) -> String {
        let bytes = try InputLimit.scenarioFile.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadable(source: path, what: InputLimit.scenarioFile.what, reason: "not UTF-8 text")
        }
        return text
    }

    public static func parse(text: String, file: String) throws(ScenarioError) -> Scenario {
        try parse(text: text, file: file, known: [])
    }

    /// Steps that go on a run whose earlier steps bound `known` (a journey's capability action).
    package static func parse(text: String, file: String, known: Set<String>) throws(ScenarioError) -> Scenario {
        var state = ParseState(defined: Set(Symbols.fixtures.keys).union(Symbols.constants.keys).union(known))
        // The table's names are known before the steps that use them, wherever the table stands.
        let examples = try examplesTable(in: text, file: file)
        state.defined.formUnion(examples?.columns ?? [])
        try parseLines(text, file: file, depth: 0, inherited: nil, state: &state)
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var scenario = Scenario(
            file: file, title: state.title ?? name, seed: state.seed,
            steps: Scenario.markingExpectedFailures(state.steps), tags: state.tags, examples: examples)
        scenario.platforms = state.platforms
        scenario.skipReasons = state.skipReasons
        scenario.parity = state.scenarioParity
        return scenario
    }

    /// The `examples:` table of a scenario file: the line `examples:`, then lines `| A | B |`, the
    /// first naming the columns, each further one a row of values.
    package static func examplesTable(in text: String, file: String) throws(ScenarioError) -> ExampleTable? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let starts = lines.indices.filter { lines[$0] == "examples:" }
        guard let start = starts.first else { return nil }
        func fail(_ line: Int, _ message: String) -> ScenarioError {
            ScenarioError(file: file, line: line + 1, message: message)
        }
        if starts.count > 1 { throw fail(starts[1], "a scenario has one examples: table") }
        var rows: [[String]] = []
        var rowLines: [Int] = []
        var index = start + 1
        while index < lines.count, lines[index].hasPrefix("|") {
            let line = lines[index]
            guard line.count > 1, line.hasSuffix("|") else { throw fail(index, "a table row starts and ends with |") }
            rows.append(
                line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces)
                })
            rowLines.append(index)
            index += 1
        }
        guard let header = rows.first, rows.count >= 2 else {
            throw fail(start, "examples: needs a header row and at least one row of values, e.g. `| SCREEN |`")
        }
        for name in header where !(Symbols.isReference(name) && !name.contains(".")) {
            throw fail(rowLines[0], "'\(name)' is not a name: columns are names like SCREEN (uppercase first)")
        }
        if Set(header).count != header.count { throw fail(rowLines[0], "two columns have the same name") }
        var table = ExampleTable(line: start + 1, columns: header, rows: [])
        for (offset, values) in rows.dropFirst().enumerated() {
            let line = rowLines[offset + 1]
            guard values.count == header.count else {
                throw fail(line, "this row has \(values.count) values for \(header.count) columns")
            }
            table.rows.append(
                ExampleTable.Row(
                    number: offset + 1, line: line + 1,
                    bindings: zip(header, values).map { (name: $0, value: $1) }))
        }
        return table
    }

    /// What the lines read so far made: the scenario's header values, its steps and the names bound.
    private struct ParseState {
        var title: String?
        var seed: UInt64 = 0
        var tags: [String] = []
        var steps: [Step] = []
        var defined: Set<String>
        var platforms: [Platform]?
        var skipReasons: [Platform: String] = [:]
        /// The `parity:` line the platform lines being read fall under, and whether any line has used it
        /// yet (an unused note must be followed by the lines it explains).
        var parity: (note: ParityNote, used: Bool)?
        /// A `parity:` line followed by `skip on` or `platforms:`.
        var scenarioParity: ParityNote?

        /// Fails when a `parity:` line explains nothing: `next` says what came after it instead.
        func checkParityUsed(_ next: String) throws(ScenarioError) {
            guard let parity, !parity.used else { return }
            let (file, line) = parity.note.fileAndLine
            throw ScenarioError(
                file: file, line: line,
                message:
                    "parity: explains the platform lines after it (`platform ios|android:`, `skip on`, `platforms:`), but \(next)"
            )
        }
    }

    /// The one platform the lines being read run on, and the line that says so (for messages).
    private struct Condition {
        var platform: Platform
        var origin: String
    }

    private static func parseLines(
        _ text: String, file: String, depth: Int, inherited: Condition?, state: inout ParseState
    ) throws(ScenarioError) {
        guard depth < 8 else {
            throw ScenarioError(file: file, line: 0, message: "includes nest too deeply (a cycle?)")
        }
        var inTable = false
        // The open `platform NAME:` block of this file and its line: a block closes in the file that opens it.
        var block: (platform: Platform, line: Int)?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            func fail(_ message: String) -> ScenarioError { ScenarioError(file: file, line: number, message: message) }
            // The examples table was read before the steps (`examplesTable`).
            if inTable, line.hasPrefix("|") { continue }
            inTable = false
            if line == "examples:" {
                guard depth == 0 else { throw fail("examples: belongs in the scenario file, not in an included one") }
                if let block {
                    throw fail("examples: cannot stand inside a platform block (opened on line \(block.line))")
                }
                inTable = true
                continue
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let note: ParityNote?
            do { note = try ParityNote.parse(line, location: "\(file):\(number)") } catch { throw fail(error.message) }
            if let note {
                if let block {
                    throw fail("parity: stands before a platform block, not inside one (opened on line \(block.line))")
                }
                try state.checkParityUsed("line \(number) is another parity: line")
                state.parity = (note, false)
                continue
            }
            let construct: PlatformLine?
            do { construct = try PlatformLine.parse(line, number: number) } catch { throw fail(error.message) }
            // A platform named here must agree with the one the file is included for.
            func agree(_ platform: Platform) throws(ScenarioError) {
                guard let inherited, inherited.platform != platform else { return }
                throw fail(
                    "platform \(platform.rawValue): cannot apply here: this file is included for \(inherited.platform.rawValue) only (\(inherited.origin))"
                )
            }
            func takeScenarioParity() {
                guard let parity = state.parity, !parity.used else { return }
                state.scenarioParity = parity.note
                state.parity = nil
            }
            func wholeScenario(_ what: String) throws(ScenarioError) {
                guard depth == 0 else { throw fail("\(what) belongs in the scenario file, not in an included one") }
                if let block {
                    throw fail(
                        "\(what) applies to the whole scenario: it cannot stand inside a platform block (opened on line \(block.line))"
                    )
                }
            }
            switch construct {
            case .endBlock:
                guard block != nil else { throw fail("`end platform` without an open platform block") }
                block = nil
            case .openBlock(let platform):
                if let block {
                    throw fail("a platform block cannot open inside another (opened on line \(block.line))")
                }
                try agree(platform)
                block = (platform, number)
                state.parity?.used = true
            case .only(let platform, let rest):
                if let block {
                    throw fail("a platform line cannot stand inside a platform block (opened on line \(block.line))")
                }
                try agree(platform)
                let inner: PlatformLine?
                do { inner = try PlatformLine.parse(rest, number: number) } catch { throw fail(error.message) }
                guard inner == nil else { throw fail("a platform line holds one line, not another platform construct") }
                let condition = Condition(platform: platform, origin: "line \(number) of \(file)")
                state.parity?.used = true
                try parseLine(rest, number: number, file: file, depth: depth, condition: condition, state: &state)
            case .skip(let platform, let reason):
                try wholeScenario("skip on \(platform.rawValue):")
                guard state.skipReasons[platform] == nil else {
                    throw fail("a scenario has one skip on \(platform.rawValue): line")
                }
                state.skipReasons[platform] = reason
                takeScenarioParity()
            case .platforms(let platforms):
                try wholeScenario("platforms:")
                guard state.platforms == nil else { throw fail("a scenario has one platforms: line") }
                state.platforms = platforms
                takeScenarioParity()
            case nil:
                let condition =
                    block.map {
                        Condition(platform: $0.platform, origin: "the block opened on line \($0.line) of \(file)")
                    }
                    ?? inherited
                if condition == nil {
                    // A line for every platform ends the platform lines a `parity:` line explains.
                    try state.checkParityUsed("line \(number) runs on every platform")
                    state.parity = nil
                }
                try parseLine(line, number: number, file: file, depth: depth, condition: condition, state: &state)
            }
        }
        if depth == 0 { try state.checkParityUsed("the file ends") }
        if let block {
            throw ScenarioError(
                file: file, line: block.line,
                message:
                    "the platform \(block.platform.rawValue) block opened on line \(block.line) is never closed: end it with `end platform`"
            )
        }
    }

    /// One line that is not a platform construct (nor a comment, nor a table row), running on
    /// `condition`'s platform only when there is one.
    private static func parseLine(
        _ line: String, number: Int, file: String, depth: Int, condition: Condition?, state: inout ParseState
    ) throws(ScenarioError) {
        func fail(_ message: String) -> ScenarioError { ScenarioError(file: file, line: number, message: message) }
        if let condition, let header = ["title:", "seed:", "tags:", "examples:"].first(where: line.hasPrefix) {
            throw fail(
                "\(header) is the same on every platform: it cannot depend on platform \(condition.platform.rawValue) (\(condition.origin))"
            )
        }
        if line.hasPrefix("tags:") {
            guard depth == 0 else { throw fail("tags: belongs in the scenario file, not in an included one") }
            let words = line.dropFirst(5).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(
                String.init)
            guard !words.isEmpty else { throw fail("usage: tags: WORD…   (e.g. tags: lock regression)") }
            for word in words where !state.tags.contains(word) { state.tags.append(word) }
            return
        }
        if line.hasPrefix("title:") {
            state.title = line.dropFirst(6).trimmingCharacters(in: .whitespaces)
            return
        }
        if line.hasPrefix("seed:") {
            guard let value = UInt64(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) else {
                throw fail("seed must be a whole number")
            }
            state.seed = value
            return
        }
        var words: [String]
        do { words = try Tokenizer.split(line) } catch { throw fail(error.message) }
        guard let verb = words.first else { return }

        for reference in Symbols.references(in: line) {
            if !state.defined.contains(reference.name) {
                throw fail(SymbolError.unknownName(reference.name).description)
            }
            if let attribute = reference.attribute,
                Symbols.fixtures[reference.name] != nil || state.defined.contains(reference.name),
                !Symbols.attributes.contains(attribute)
            {
                throw fail(SymbolError.unknownAttribute(reference.name, attribute).description)
            }
        }

        func add(_ kind: Step.Kind) {
            state.steps.append(
                Step(
                    file: file, line: number, source: line, kind: kind, platform: condition?.platform,
                    parity: condition == nil ? nil : state.parity?.note))
        }

        switch verb {
        case "include":
            guard words.count == 2 else { throw fail("usage: include FILE") }
            // Beside the including file, and as relative as it is: a step's location then reads
            // the same way for a scenario and for the files it includes.
            let folder = (file as NSString).deletingLastPathComponent
            let included = words[1].hasPrefix("/") || folder.isEmpty ? words[1] : folder + "/" + words[1]
            let content: String
            do { content = try readText(included) } catch {
                throw fail("cannot include \(words[1]): \(error.description)")
            }
            try parseLines(content, file: included, depth: depth + 1, inherited: condition, state: &state)
        case "wait":
            switch words.count {
            case 1: add(.wait)
            case 2 where ["bitkit", "ring"].contains(words[1]): add(.waitFor(app: words[1]))
            default: throw fail("usage: wait [bitkit|ring]")
            }
        case "note":
            add(.note(words.dropFirst().joined(separator: " ")))
        case "focus":
            guard words.count == 2, words[1] == "manual" || words[1] == "auto" else {
                throw fail("usage: focus manual|auto")
            }
            add(.focus(automatic: words[1] == "auto"))
        case "key":
            guard words.count == 4, words[1].first?.isUppercase == true else {
                throw fail(
                    "usage: key NAME secret HEX  or  key NAME = PATH   (NAME starts with an uppercase letter)")
            }
            if words[2] == "=" {
                state.defined.insert(words[1])
                add(.bindKey(name: words[1], path: words[3]))
                return
            }
            guard words[2] == "secret" else { throw fail("a key is defined by `secret HEX` or `= PATH`") }
            // `{SECRET}` (an examples column) is checked once it is bound, when the step runs.
            guard Symbols.isWholeReference(words[3]) || Symbols.Key(secretHex: words[3]) != nil else {
                throw fail("'\(words[3])' is not a 64-character lowercase hex secret")
            }
            state.defined.insert(words[1])
            add(.key(name: words[1], secretHex: words[3]))
        case "set":
            guard words.count == 4, words[2] == "=", words[1].first?.isUppercase == true else {
                throw fail("usage: set NAME = PATH   (e.g. set LINK = .link)")
            }
            state.defined.insert(words[1])
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
