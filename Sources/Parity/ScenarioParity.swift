import ContractNames
import Foundation
import Scenarios

/// One scenario run (one examples row) compared between the two platforms: each expectation's result on
/// each, and its verdict.
public struct ScenarioParity: Codable, Sendable {
    public var file: String
    /// `NAME` or `NAME[ROW]` for an examples row, as `simctl scenario run` names the run.
    public var name: String
    public var title: String
    /// The whole run on each platform: passed, failed or skipped.
    public var ios: PlatformResult
    public var android: PlatformResult
    public var entries: [ParityEntry]

    /// The run's verdict: its worst row's.
    public var verdict: ParityVerdict { entries.map(\.verdict).max() ?? .same }

    /// `24 same, 4 by design`: how many rows have each verdict that occurs.
    public var countsText: String {
        ParityVerdict.allCases.compactMap { verdict in
            let count = count(verdict)
            return count > 0 ? "\(count) \(verdict.shortName)" : nil
        }.joined(separator: ", ")
    }

    /// How many rows have `verdict`.
    public func count(_ verdict: ParityVerdict) -> Int { entries.filter { $0.verdict == verdict }.count }

    /// A file that cannot be parsed: the same problem on both platforms.
    public init(malformed file: String, message: String) {
        self.file = file
        name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        title = "(malformed)"
        ios = PlatformResult(.failed, detail: message)
        android = ios
        entries = [
            ParityEntry(
                location: file, source: "(the scenario file)", ios: ios, android: android, verdict: .failsOnBoth,
                why: message)
        ]
    }

    /// Compares `scenario`'s two runs: `ios` and `android` are the results of the same file (and examples
    /// row) on each platform, run with `--keep-going` so that every expectation has a result.
    public init(_ scenario: Scenario, ios: ScenarioResult, android: ScenarioResult) {
        file = scenario.file
        name = ios.skipped ? android.name : ios.name
        title = ios.skipped ? android.title : ios.title
        self.ios = Self.whole(ios)
        self.android = Self.whole(android)
        if ios.skipped || android.skipped {
            entries = [Self.onePlatform(scenario, ios: self.ios, android: self.android)]
            return
        }
        var checks = (ios: Checks(ios), android: Checks(android))
        var entries: [ParityEntry] = []
        var seen = Set<String>()
        for step in scenario.steps {
            guard case .expect = step.kind else { continue }
            let location = "\(step.file):\(step.line)"
            let results = (
                ios: checks.ios.next(location, runs: step.runs(on: .ios), stopped: ios),
                android: checks.android.next(location, runs: step.runs(on: .android), stopped: android)
            )
            seen.insert(location)
            entries.append(Self.entry(step, location: location, ios: results.ios, android: results.android))
        }
        // What else was checked: a step that failed on its own, background steps, the audit.
        let others = Self.merge(
            ios.checks.filter { !seen.contains($0.location) }, android.checks.filter { !seen.contains($0.location) })
        for (location, source, iosCheck, androidCheck) in others {
            let step = scenario.steps.first { "\($0.file):\($0.line)" == location }
            let results = (
                ios: Self.result(iosCheck, runs: step?.runs(on: .ios) ?? true, stopped: ios),
                android: Self.result(androidCheck, runs: step?.runs(on: .android) ?? true, stopped: android)
            )
            if let step {
                entries.append(Self.entry(step, location: location, ios: results.ios, android: results.android))
            } else {
                entries.append(
                    Self.common(location: location, source: source, ios: results.ios, android: results.android))
            }
        }
        self.entries = entries
    }

    /// A run's checks by location, taken in order (an included file's line can be checked more than once).
    private struct Checks {
        var remaining: [String: [ScenarioResult.Check]] = [:]

        init(_ result: ScenarioResult) {
            for check in result.checks { remaining[check.location, default: []].append(check) }
        }

        mutating func next(_ location: String, runs: Bool, stopped result: ScenarioResult) -> PlatformResult {
            guard runs else { return PlatformResult(.notOnPlatform) }
            guard var queue = remaining[location], !queue.isEmpty else {
                return ScenarioParity.result(nil, runs: true, stopped: result)
            }
            let check = queue.removeFirst()
            remaining[location] = queue
            return ScenarioParity.result(check, runs: true, stopped: result)
        }
    }

    static func result(_ check: ScenarioResult.Check?, runs: Bool, stopped result: ScenarioResult) -> PlatformResult {
        guard runs else { return PlatformResult(.notOnPlatform) }
        guard let check else {
            let at = result.failures.last.map { " at \($0.location)" } ?? ""
            return PlatformResult(.notReached, detail: "the run stopped before this line\(at)")
        }
        guard let failure = check.failure else { return PlatformResult(.passed) }
        return PlatformResult(.failed, detail: "expected \(failure.expected); found \(failure.actual)")
    }

    /// The other checks of both runs, by location, in the order they first appear.
    private static func merge(
        _ ios: [ScenarioResult.Check], _ android: [ScenarioResult.Check]
    ) -> [(String, String, ScenarioResult.Check?, ScenarioResult.Check?)] {
        var order: [String] = []
        var sources: [String: String] = [:]
        for check in ios + android where sources[check.location] == nil {
            order.append(check.location)
            sources[check.location] = check.source
        }
        // The audit closes the table whatever ran before it.
        order.sort { ($0 == "audit" ? 1 : 0) < ($1 == "audit" ? 1 : 0) }
        return order.map { location in
            (
                location, sources[location] ?? location, ios.first { $0.location == location },
                android.first { $0.location == location }
            )
        }
    }

    static func whole(_ result: ScenarioResult) -> PlatformResult {
        if let reason = result.skipReason { return PlatformResult(.skipped, detail: reason) }
        guard let failure = result.failure else { return PlatformResult(.passed) }
        return PlatformResult(.failed, detail: "\(failure.location): \(failure.step)")
    }

    /// The row of a line: of both platforms, or of one (with its `parity:` note).
    static func entry(_ step: Step, location: String, ios: PlatformResult, android: PlatformResult) -> ParityEntry {
        guard let platform = step.platform else {
            return common(location: location, source: step.source, ios: ios, android: android)
        }
        let result = platform == .ios ? ios : android
        var entry = ParityEntry(
            location: location, source: step.source, platform: platform, ios: ios, android: android,
            verdict: .same, row: step.parity?.row?.number, citation: step.parity?.citation)
        if !result.passed {
            entry.verdict = .differsUnexpectedly
            entry.why = "this \(platform.displayName) line does not hold on \(platform.displayName)"
        } else if let note = step.parity {
            entry.verdict = note.verdict
        } else {
            entry.verdict = .differsUnexpectedly
            entry.why =
                "a line for \(platform.displayName) only, and no `parity:` line says why (a spec/07 §10 row, or `same: REASON`)"
        }
        return entry
    }

    /// The row of a line both platforms check.
    static func common(location: String, source: String, ios: PlatformResult, android: PlatformResult) -> ParityEntry {
        var entry = ParityEntry(location: location, source: source, ios: ios, android: android, verdict: .same)
        switch (ios.passed, android.passed) {
        case (true, true): break
        case (false, false):
            entry.verdict = .failsOnBoth
            entry.why = "it fails on both platforms"
        case (true, false):
            entry.verdict = .differsUnexpectedly
            entry.why = "it holds on iOS and not on Android"
        case (false, true):
            entry.verdict = .differsUnexpectedly
            entry.why = "it holds on Android and not on iOS"
        }
        return entry
    }

    /// The one row of a scenario that runs on one platform only.
    static func onePlatform(_ scenario: Scenario, ios: PlatformResult, android: PlatformResult) -> ParityEntry {
        let note = scenario.parity
        var entry = ParityEntry(
            location: scenario.file, source: "(the whole scenario)", ios: ios, android: android, verdict: .same,
            row: note?.row?.number, citation: note?.citation)
        let ran = [(Platform.ios, ios), (.android, android)].filter { $0.1.status != .skipped }
        if ran.isEmpty {
            entry.why = "it runs on neither platform"
        } else if let failed = ran.first(where: { !$0.1.passed }) {
            entry.verdict = .differsUnexpectedly
            entry.why = "it runs on \(failed.0.displayName) only, and fails there"
        } else if let note {
            entry.verdict = note.verdict
        } else {
            entry.verdict = .differsUnexpectedly
            entry.why =
                "it runs on \(ran[0].0.displayName) only, and no `parity:` line before its `skip on` or `platforms:` line says why"
        }
        return entry
    }
}

extension ParityNote {
    /// The verdict of the lines it explains, when they hold on their platform.
    var verdict: ParityVerdict { differsByDesign ? .differsByDesign : assumed ? .differsByAssumption : .same }

    /// The §10 row the note cites, if it cites one.
    var row: ParityRow? {
        if case .row(let row) = reason { return row }
        return nil
    }
}
