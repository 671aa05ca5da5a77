/// A parsed scenario file: a title, an optional seed and its steps in order (Docs/scenarios.md).
public struct Scenario: Sendable, Equatable {
    public var file: String
    public var title: String
    public var seed: UInt64
    public var steps: [Step]

    public init(file: String, title: String, seed: UInt64, steps: [Step]) {
        self.file = file
        self.title = title
        self.seed = seed
        self.steps = steps
    }
}

/// One line of a scenario, with where it came from.
public struct Step: Sendable, Equatable {
    public var file: String
    public var line: Int
    /// The line as written (after include expansion, before symbol expansion).
    public var source: String
    public var kind: Kind

    public enum Kind: Sendable, Equatable {
        /// Run a tool (`bitkit-sim`, `ring-sim`, `simctl`) with arguments; `background` = `&`.
        case run(tool: Tool, arguments: [String], background: Bool, expectFailure: Bool)
        /// Wait for every background step.
        case wait
        /// `wait bitkit|ring`: wait for that app's background steps only (another app's may stay paused).
        case waitFor(app: String)
        /// `set NAME = PATH`: bind a value of the last output.
        case set(name: String, path: String)
        /// `key NAME secret HEX` or `key NAME mnemonic WORDS`.
        case key(name: String, secretHex: String)
        /// `focus manual|auto`: whether the runner backgrounds/foregrounds apps between steps.
        case focus(automatic: Bool)
        case expect(Expectation)
        /// `note TEXT`: printed in the transcript.
        case note(String)
    }

    public init(file: String, line: Int, source: String, kind: Kind) {
        self.file = file
        self.line = line
        self.source = source
        self.kind = kind
    }
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
