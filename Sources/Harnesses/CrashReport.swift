/// The crash campaign's figures (Docs/reliability.md).
public struct CrashReport: Codable, Sendable, Equatable {
    public var seed: UInt64
    public var trials: Int
    public var seconds: Double
    /// Trials whose chosen process was killed at its crash point.
    public var killed: Int
    /// Distinct scenarios and steps the kills landed in.
    public var scenarios: Int
    public var steps: Int
    /// Kills per app and per kind of crash point.
    public var killedApps: [String: Int]
    public var pointKinds: [String: Int]
    public var tornItems: Int
    public var auditViolations: Int
    public var lostCredentials: Int
    /// Contact records not whole, saved twice, lost or half-saved, and retries that did not end
    /// with the completed step's book.
    public var contactProblems: Int
    /// Trials whose kill landed inside a contact import and that retried it.
    public var importsRetried: Int
    /// Trials with any violation or error; the first ones in full.
    public var failedCount: Int
    public var failures: [CrashTrial]
    /// Every trial, in order (in `--json` output: what was killed where, and each trial's replay).
    public var results: [CrashTrial]

    public var passed: Bool { failedCount == 0 }

    init(seed: UInt64, trials: [CrashTrial], seconds: Double) {
        self.seed = seed
        self.trials = trials.count
        self.seconds = seconds
        killed = trials.filter { $0.errors.isEmpty }.count
        scenarios = Set(trials.map(\.scenario)).count
        steps = Set(trials.map(\.step)).count
        // A trial that killed nothing has no app or point to count.
        let killing = trials.filter { !$0.app.isEmpty }
        killedApps = Dictionary(killing.map { ($0.app, 1) }, uniquingKeysWith: +)
        pointKinds = Dictionary(killing.map { ($0.pointKind, 1) }, uniquingKeysWith: +)
        tornItems = trials.map(\.tornItems.count).reduce(0, +)
        auditViolations = trials.map(\.auditViolations.count).reduce(0, +)
        lostCredentials = trials.map(\.lostCredentials.count).reduce(0, +)
        contactProblems = trials.map(\.contactProblems.count).reduce(0, +)
        importsRetried = trials.filter(\.retried).count
        let failed = trials.filter { !$0.passed }
        failedCount = failed.count
        failures = Array(failed.prefix(10))
        results = trials
    }
}
