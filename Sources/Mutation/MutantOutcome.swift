import Foundation

/// How a mutant ended.
public enum MutantOutcome: Sendable, Equatable {
    /// A scenario failed with the mutant on: an expectation or the closing audit.
    case killed(Kill)
    /// Every scenario that reaches the mutant passed with it on (`reachedBy` runs: files × platforms);
    /// 0 when no scenario reaches its line at all.
    case survived(reachedBy: Int)
    /// In the reviewed list: no behaviour changes, with the reviewer's reason.
    case equivalent(String)
    /// The schema with this point switched in did not compile; the compiler's message.
    case didNotBuild(String)

    public struct Kill: Sendable, Equatable {
        /// The scenario run (`NAME` or `NAME[ROW]`), its file and its platform.
        public var scenario: String
        public var file: String
        public var platform: String
        /// `expectation`, `audit`, `timeout` or `crash` (the tools ended without a report).
        public var by: String
        public var failure: LabRun.Failure?

        public init(scenario: String, file: String, platform: String, by: String, failure: LabRun.Failure? = nil) {
            self.scenario = scenario
            self.file = file
            self.platform = platform
            self.by = by
            self.failure = failure
        }
    }

    /// `killed`, `survived`, `equivalent` or `did-not-build`.
    public var status: String {
        switch self {
        case .killed: return "killed"
        case .survived: return "survived"
        case .equivalent: return "equivalent"
        case .didNotBuild: return "did-not-build"
        }
    }

    /// Classifies a mutant's lab run of `files`: the first failed scenario kills it; a run that hung
    /// or ended without a report kills it too (the mutant broke the tools), naming the first file
    /// that did not pass. Nil when every scenario passed.
    public static func classify(_ run: LabRun, platform: String, files: [String]) -> MutantOutcome? {
        if let failed = run.firstFailure {
            let by = failed.status == .malformed ? "crash" : (failed.failure?.byAudit == true ? "audit" : "expectation")
            return .killed(
                Kill(scenario: failed.name, file: failed.file, platform: platform, by: by, failure: failed.failure))
        }
        guard run.timedOut || run.problem != nil else { return nil }
        let finished = Set(run.scenarios.filter { $0.status != .failed }.map(\.file))
        let file = files.first { !finished.contains($0) } ?? files.last ?? ""
        let name = (file as NSString).lastPathComponent.replacingOccurrences(of: ".scenario", with: "")
        let failure = LabRun.Failure(
            location: file, step: "(the run)", expected: "a report of every scenario",
            actual: run.problem ?? "no report within the time limit")
        return .killed(
            Kill(
                scenario: name, file: file, platform: platform, by: run.timedOut ? "timeout" : "crash", failure: failure
            ))
    }
}
