/// Where the campaign runs scenarios against a mutant: the schema build's tools in real processes
/// (`simctl mutate`), or a stand-in in tests of the campaign's own logic.
public protocol MutantLab: Sendable {
    func run(_ request: LabRequest) -> LabRun
    /// The closing audit alone, with `mutant` on, over worlds baseline runs kept: the first world
    /// (its index) where it finds a violation (or fails) — the unmutated audit found none in any.
    func audit(worlds: [String], platform: String, mutant: String) -> (world: Int, failure: LabRun.Failure)?
}

/// Scenario files run on one platform with one mutant switched on (nil: none).
public struct LabRequest: Sendable, Equatable {
    public var files: [String]
    public var platform: String
    public var mutant: String?
    /// Stop starting scenarios after the first failure.
    public var failFast: Bool
    /// Record which mutation points the run reaches.
    public var trace: Bool
    /// Keep every scenario's world (the baseline, for the closing audit's mutants).
    public var keep: Bool

    public init(files: [String], platform: String, mutant: String?, failFast: Bool, trace: Bool, keep: Bool = false) {
        self.files = files
        self.platform = platform
        self.mutant = mutant
        self.failFast = failFast
        self.trace = trace
        self.keep = keep
    }
}

/// What a lab run reported.
public struct LabRun: Sendable, Equatable {
    /// One scenario run (a file, or one examples row of it).
    public struct Scenario: Sendable, Equatable {
        public enum Status: String, Sendable, Codable { case passed, failed, skipped, malformed }
        public var file: String
        public var name: String
        public var status: Status
        public var seconds: Double
        /// Where and what failed: `file:line` (or `audit`), the step, what was expected and found.
        public var failure: Failure?
        /// The world folder, when the run kept it.
        public var world: String?

        public init(
            file: String, name: String, status: Status, seconds: Double = 0, failure: Failure? = nil,
            world: String? = nil
        ) {
            self.file = file
            self.name = name
            self.status = status
            self.seconds = seconds
            self.failure = failure
            self.world = world
        }
    }

    public struct Failure: Sendable, Equatable, Codable {
        public var location: String
        public var step: String
        public var expected: String
        public var actual: String

        public init(location: String, step: String, expected: String, actual: String) {
            self.location = location
            self.step = step
            self.expected = expected
            self.actual = actual
        }

        /// The closing audit found the failure, not an expectation.
        public var byAudit: Bool { location == "audit" || step.hasPrefix("(audit") }
    }

    public var scenarios: [Scenario]
    /// The mutation points the run reached (when traced).
    public var reached: Set<String>
    /// The run itself went wrong: the tools crashed, hung or printed no report.
    public var problem: String?
    public var timedOut: Bool
    public var seconds: Double

    public init(
        scenarios: [Scenario], reached: Set<String> = [], problem: String? = nil, timedOut: Bool = false,
        seconds: Double = 0
    ) {
        self.scenarios = scenarios
        self.reached = reached
        self.problem = problem
        self.timedOut = timedOut
        self.seconds = seconds
    }

    /// The first scenario that failed.
    public var firstFailure: Scenario? { scenarios.first { $0.status == .failed || $0.status == .malformed } }
}
