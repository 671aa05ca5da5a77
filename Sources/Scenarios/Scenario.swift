import ContractNames

/// A parsed scenario file: a title, an optional seed, its tags, its steps in order, an optional
/// examples table and the platforms it runs on (Docs/scenarios.md).
public struct Scenario: Sendable, Equatable {
    public var file: String
    public var title: String
    public var seed: UInt64
    public var steps: [Step]
    /// The `tags:` words, in the order written: what `--tag` selects and the report shows.
    public var tags: [String]
    /// The `examples:` table: the scenario runs once per row with the row's values bound.
    public var examples: ExampleTable?
    /// The row this scenario runs with (one of `examples`' rows), once `runs` has expanded it.
    public var example: ExampleTable.Row?
    /// The `platforms:` line: the only platforms the scenario runs on (nil: every platform).
    public var platforms: [Platform]?
    /// The `skip on PLATFORM: REASON` lines: why the scenario does not run on that platform.
    public var skipReasons: [Platform: String] = [:]
    /// The `parity:` line before `skip on` or `platforms:`: why the scenario runs on one platform only.
    public var parity: ParityNote?

    public init(
        file: String, title: String, seed: UInt64, steps: [Step], tags: [String] = [], examples: ExampleTable? = nil
    ) {
        self.file = file
        self.title = title
        self.seed = seed
        self.steps = steps
        self.tags = tags
        self.examples = examples
    }

    /// Why the scenario does not run on `platform` (a `skip on` or `platforms:` line), or nil when it does.
    public func skipReason(on platform: Platform) -> String? {
        if let reason = skipReasons[platform] { return reason }
        guard let platforms, !platforms.contains(platform) else { return nil }
        return "runs on \(platforms.map(\.rawValue).joined(separator: " and ")) only"
    }

    /// The scenario as it runs on `platform`: the other platform's lines left out, and a step followed
    /// there by `expect exit N` allowed to fail.
    public func running(on platform: Platform) -> Scenario {
        var scenario = self
        scenario.steps = Self.markingExpectedFailures(steps.filter { $0.runs(on: platform) })
        return scenario
    }

    /// `steps` with each step that the next one expects to exit non-zero (`expect exit N`) allowed to fail.
    package static func markingExpectedFailures(_ steps: [Step]) -> [Step] {
        var steps = steps
        for index in steps.indices {
            guard case .run(let tool, let arguments, let background, _) = steps[index].kind else { continue }
            var expectFailure = false
            if index + 1 < steps.count, case .expect(.exitStatus(let status)) = steps[index + 1].kind, status != 0 {
                expectFailure = true
            }
            steps[index].kind = .run(
                tool: tool, arguments: arguments, background: background, expectFailure: expectFailure)
        }
        return steps
    }

    /// The runs this file makes: itself, or one per examples row (only `row`, 1-based, when given).
    public func runs(onlyRow row: Int? = nil) throws(ScenarioError) -> [Scenario] {
        guard let examples else { return [self] }
        let rows: [ExampleTable.Row]
        if let row {
            guard examples.rows.indices.contains(row - 1) else {
                throw ScenarioError(
                    file: file, line: examples.line,
                    message: "there is no example \(row): the table has \(examples.rows.count) rows")
            }
            rows = [examples.rows[row - 1]]
        } else {
            rows = examples.rows
        }
        return rows.map { row in
            var run = self
            run.example = row
            return run
        }
    }
}

/// An `examples:` table: a header of names, then rows of values (Docs/scenarios.md).
public struct ExampleTable: Sendable, Equatable {
    /// The line of `examples:`.
    public var line: Int
    public var columns: [String]
    public var rows: [Row]

    /// One row: the values bound to the columns' names for one run.
    public struct Row: Sendable, Equatable {
        /// 1-based, in table order.
        public var number: Int
        public var line: Int
        public var bindings: [(name: String, value: String)]

        public static func == (lhs: Row, rhs: Row) -> Bool {
            lhs.number == rhs.number && lhs.line == rhs.line && lhs.bindings.map(\.name) == rhs.bindings.map(\.name)
                && lhs.bindings.map(\.value) == rhs.bindings.map(\.value)
        }

        /// `N=9, SECRET=0909…`: the row as result lines and the report name it (long values shortened).
        public var label: String {
            bindings.map { "\($0.name)=\($0.value.count > 20 ? String($0.value.prefix(8)) + "…" : $0.value)" }
                .joined(separator: ", ")
        }
    }
}

/// One line of a scenario, with where it came from.
public struct Step: Sendable, Equatable {
    public var file: String
    public var line: Int
    /// The line as written (after include expansion, before symbol expansion; without a `platform …:` prefix).
    public var source: String
    public var kind: Kind
    /// The one platform the step runs on (a `platform …:` line or block); nil: every platform.
    public var platform: Platform?
    /// For a step of one platform: the `parity:` line that says why (nil when none does).
    public var parity: ParityNote?

    public enum Kind: Sendable, Equatable {
        /// Run a tool (`bitkit-sim`, `ring-sim`, `simctl`) with arguments; `background` = `&`.
        case run(tool: Tool, arguments: [String], background: Bool, expectFailure: Bool)
        /// Wait for every background step.
        case wait
        /// `wait bitkit|ring`: wait for that app's background steps only (another app's may stay paused).
        case waitFor(app: String)
        /// `set NAME = PATH`: bind a value of the last output.
        case set(name: String, path: String)
        /// `key NAME secret HEX`.
        case key(name: String, secretHex: String)
        /// `key NAME = PATH`: bind a key to the 64-hex secret at PATH of the last output (a key the
        /// scenario made, e.g. with `ring create`, from the world's seed).
        case bindKey(name: String, path: String)
        /// `focus manual|auto`: whether the runner backgrounds/foregrounds apps between steps.
        case focus(automatic: Bool)
        case expect(Expectation)
        /// `note TEXT`: printed in the transcript.
        case note(String)
    }

    public init(
        file: String, line: Int, source: String, kind: Kind, platform: Platform? = nil, parity: ParityNote? = nil
    ) {
        self.file = file
        self.line = line
        self.source = source
        self.kind = kind
        self.platform = platform
        self.parity = parity
    }

    /// Whether the step runs on `platform`.
    public func runs(on platform: Platform) -> Bool { self.platform == nil || self.platform == platform }
}

/// The three executables a scenario drives.
public enum Tool: String, Sendable, Equatable, CaseIterable {
    case bitkit = "bitkit-sim"
    case ring = "ring-sim"
    case simctl = "simctl"

    /// `bitkit`, `ring` or nil.
    public var appName: String? {
        switch self {
        case .bitkit: return "bitkit"
        case .ring: return "ring"
        case .simctl: return nil
        }
    }
}
