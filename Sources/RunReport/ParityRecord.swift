/// What the parity page shows (`simctl parity --html`): each scenario's result on both platforms, and
/// each row that is not plainly the same with both platforms' phones at that step.
public struct ParityRecord: Sendable, Equatable {
    /// The table's summary, e.g. `758 same, 96 differ by design, 0 differ unexpectedly`.
    public var summary: String
    /// Whether a row differs unexpectedly or fails on both (the command exits 1).
    public var hasProblems: Bool
    public var scenarios: [Scenario]
    /// Texts that must never reach a page (both runs' secrets).
    public var secrets: [String]
    /// The runs' temporary folders, shown as `‹run›`.
    public var runFolders: [String]

    public init(
        summary: String, hasProblems: Bool, scenarios: [Scenario], secrets: [String] = [], runFolders: [String] = []
    ) {
        self.summary = summary
        self.hasProblems = hasProblems
        self.scenarios = scenarios
        self.secrets = secrets
        self.runFolders = runFolders
    }

    /// One scenario run compared.
    public struct Scenario: Sendable, Equatable {
        public var name: String
        public var title: String
        /// `same`, `differs by design`, `differs unexpectedly`, `fails on both`: its worst row's.
        public var verdict: String
        public var problem: Bool
        /// `24 same, 4 by design`.
        public var counts: String
        public var ios: Outcome
        public var android: Outcome
        public var differences: [Difference]

        public init(
            name: String, title: String, verdict: String, problem: Bool, counts: String, ios: Outcome,
            android: Outcome, differences: [Difference]
        ) {
            self.name = name
            self.title = title
            self.verdict = verdict
            self.problem = problem
            self.counts = counts
            self.ios = ios
            self.android = android
            self.differences = differences
        }
    }

    /// A result on one platform, and where its page is.
    public struct Outcome: Sendable, Equatable {
        /// `passed`, `failed`, `skipped`, `not reached`, `not on this platform`.
        public var status: String
        /// `✓`, `✗`, `SKIP`, `·`, `—`.
        public var mark: String
        public var detail: String?
        /// The platform report's page (e.g. `ios/07-….html`), or its step (`…#step-4`).
        public var link: String?

        public init(status: String, mark: String, detail: String? = nil, link: String? = nil) {
            self.status = status
            self.mark = mark
            self.detail = detail
            self.link = link
        }
    }

    /// A row that is not plainly the same: one expectation, or the whole scenario.
    public struct Difference: Sendable, Equatable {
        public var location: String
        public var source: String
        /// `iOS`, `Android` or `iOS, Android`.
        public var runsOn: String
        public var verdict: String
        public var problem: Bool
        /// The §10 row or the `parity: same:` reason, and why the verdict.
        public var why: String
        public var ios: Side
        public var android: Side

        public init(
            location: String, source: String, runsOn: String, verdict: String, problem: Bool, why: String, ios: Side,
            android: Side
        ) {
            self.location = location
            self.source = source
            self.runsOn = runsOn
            self.verdict = verdict
            self.problem = problem
            self.why = why
            self.ios = ios
            self.android = android
        }
    }

    /// One platform at a differing row: its result, and the step whose phones show it.
    public struct Side: Sendable, Equatable {
        public var outcome: Outcome
        public var step: StepRecord?

        public init(outcome: Outcome, step: StepRecord? = nil) {
            self.outcome = outcome
            self.step = step
        }
    }
}
