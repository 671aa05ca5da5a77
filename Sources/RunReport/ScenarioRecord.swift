import AppSupport

/// One scenario run as its report page shows it. The scenario runner fills it only when a report
/// was asked for (`simctl scenario run --html`).
public struct ScenarioRecord: Sendable, Equatable {
    /// Where and why the run stopped.
    public struct Failure: Sendable, Equatable {
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
    }

    public var file: String
    /// The file name without extension; the page is named after it.
    public var name: String
    public var title: String
    public var tags: [String]
    public var passed: Bool
    public var seconds: Double
    public var seed: UInt64
    public var steps: [StepRecord]
    /// How the run's platform names what it shares (each step's table).
    public var records: SharedRecordsLayout
    public var failure: Failure?
    /// The step the failure happened at (nil when it happened after the last one, e.g. in the audit).
    public var failedStep: Int?
    public var audit: AuditSummary?
    public var sequence: SequenceChart
    /// Texts that must never reach a page (the run's secrets): every page is redacted with them.
    public var secrets: [String]
    /// The temporary folder the run's world lived in: pages show it as `‹run›`, so that the same run
    /// gives the same page.
    public var runFolder: String?

    public init(
        file: String, name: String, title: String, tags: [String] = [], passed: Bool, seconds: Double, seed: UInt64,
        steps: [StepRecord], records: SharedRecordsLayout, failure: Failure? = nil, failedStep: Int? = nil,
        audit: AuditSummary? = nil,
        sequence: SequenceChart = SequenceChart(), secrets: [String] = [], runFolder: String? = nil
    ) {
        self.file = file
        self.name = name
        self.title = title
        self.tags = tags
        self.passed = passed
        self.seconds = seconds
        self.seed = seed
        self.steps = steps
        self.records = records
        self.failure = failure
        self.failedStep = failedStep
        self.audit = audit
        self.sequence = sequence
        self.secrets = secrets
        self.runFolder = runFolder
    }
}
