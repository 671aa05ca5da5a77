import Foundation
import RunReport

/// The outcome of one scenario run.
public struct ScenarioResult: Sendable, Codable {
    public var file: String
    public var name: String
    public var title: String
    public var passed: Bool
    /// How long the run took; absent when the run was asked to leave timings out (`--no-timings`).
    public var seconds: Double?
    public var steps: Int
    public var seed: UInt64
    /// The readable transcript: each step and what it produced.
    public var transcript: String
    /// The scenario's `tags:`.
    public var tags: [String] = []
    /// The examples row this run used (1-based), for a scenario with an `examples:` table.
    public var example: Int?
    /// For a failure: where and why (the first one).
    public var failure: Failure?
    /// Every failed expectation, in order (more than one only with `--keep-going`); empty when passed.
    public var failures: [Failure] = []
    /// The world folder, when kept.
    public var keptWorld: String?
    /// Why the scenario did not run on the run's platform (`skip on …:` or `platforms:`); nil when it ran.
    public var skipReason: String?
    /// Every check of the run, in order: each `expect` line that ran, a step that failed on its own,
    /// the closing audit. `simctl parity` compares two platforms' checks. Not part of the JSON output.
    public var checks: [Check] = []
    /// What the run report draws, when one was asked for (`ScenarioRunner.recordReport`). Not part of
    /// the JSON output.
    public var record: ScenarioRecord?

    package enum CodingKeys: String, CodingKey {
        case file, name, title, tags, example, passed, skipReason, seconds, steps, seed, transcript, failure, failures,
            keptWorld
    }

    /// One thing a run checked and whether it held.
    public struct Check: Sendable {
        /// `file:line` of the step; `audit` for the closing audit; the scenario's file for a failure
        /// outside its steps (world creation, background steps).
        public var location: String
        /// The line as written, or what the run checked (`(audit at the end of the scenario)`).
        public var source: String
        /// Why it failed; nil when it held.
        public var failure: Failure?

        public var passed: Bool { failure == nil }

        public init(location: String, source: String, failure: Failure? = nil) {
            self.location = location
            self.source = source
            self.failure = failure
        }
    }

    public struct Failure: Sendable, Codable {
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
}

extension ScenarioResult {
    /// A scenario that does not run on the run's platform: no world, no steps, only why.
    package init(skipped scenario: Scenario, reason: String) {
        self.init(
            file: scenario.file, name: URL(fileURLWithPath: scenario.file).deletingPathExtension().lastPathComponent,
            title: scenario.title, passed: false, steps: 0, seed: scenario.seed, transcript: "")
        tags = scenario.tags
        skipReason = reason
    }

    /// Whether the scenario was skipped rather than run.
    public var skipped: Bool { skipReason != nil }

    /// The seed the run used (printed in replay commands).
    public var seedUsed: UInt64 { seed }
}
