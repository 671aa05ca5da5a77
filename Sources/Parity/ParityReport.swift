import ContractNames
import Foundation

/// The parity table of a set of scenario files: every run compared between iOS and Android
/// (`simctl parity`, Docs/parity.md).
public struct ParityReport: Codable, Sendable {
    public var scenarios: [ScenarioParity]
    public var counts: Counts

    public struct Counts: Codable, Sendable, Equatable {
        public var same = 0
        public var differsByDesign = 0
        public var differsByAssumption = 0
        public var differsUnexpectedly = 0
        public var failsOnBoth = 0
    }

    public init(scenarios: [ScenarioParity]) {
        self.scenarios = scenarios
        var counts = Counts()
        for entry in scenarios.flatMap(\.entries) {
            switch entry.verdict {
            case .same: counts.same += 1
            case .differsByDesign: counts.differsByDesign += 1
            case .differsByAssumption: counts.differsByAssumption += 1
            case .differsUnexpectedly: counts.differsUnexpectedly += 1
            case .failsOnBoth: counts.failsOnBoth += 1
            }
        }
        self.counts = counts
    }

    /// Whether `simctl parity` exits 1: a row differs unexpectedly or fails on both platforms.
    public var hasProblems: Bool { counts.differsUnexpectedly + counts.failsOnBoth > 0 }

    /// The runs with a row that differs unexpectedly or fails on both.
    public var problemScenarios: [ScenarioParity] { scenarios.filter { $0.verdict.isProblem } }

    /// `758 same, 96 differ by design, 0 differ unexpectedly`: the last line of the text output.
    public var summary: String {
        var text = "\(counts.same) same, \(counts.differsByDesign) differ by design"
        if counts.differsByAssumption > 0 { text += ", \(counts.differsByAssumption) differ by assumption" }
        text += ", \(counts.differsUnexpectedly) differ unexpectedly"
        if counts.failsOnBoth > 0 { text += ", \(counts.failsOnBoth) fail on both" }
        return text
    }

    // MARK: Text

    /// One block per scenario run: its result on each platform, then every row that is not plainly the
    /// same (every row with `all`), each with its verdict and why.
    public func text(all: Bool = false) -> String {
        var lines: [String] = []
        for scenario in scenarios {
            lines.append(Self.heading(scenario))
            for entry in scenario.entries where all || entry.verdict != .same {
                lines += Self.textLines(entry, in: scenario)
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// `── 01-ring-pubkys-listed  iOS ✓  Android ✓  · 24 same, 4 by design`.
    static func heading(_ scenario: ScenarioParity) -> String {
        "── \(scenario.name)  iOS \(scenario.ios.mark)  Android \(scenario.android.mark)  · \(scenario.countsText)"
    }

    static func textLines(_ entry: ParityEntry, in scenario: ScenarioParity) -> [String] {
        let symbol: String
        switch entry.verdict {
        case .same: symbol = "="
        case .differsByDesign: symbol = "≠"
        case .differsByAssumption: symbol = "?"
        case .differsUnexpectedly, .failsOnBoth: symbol = "✗"
        }
        var lines = [
            "  \(symbol) \(place(entry, in: scenario))  iOS \(entry.ios.mark) Android \(entry.android.mark)  \(entry.source)"
        ]
        var because: [String] = []
        if entry.verdict != .same || entry.citation != nil {
            because.append(entry.verdict == .same ? "same" : entry.verdict.rawValue)
        }
        if let citation = entry.citation { because[because.count - 1] += ": \(citation)" }
        if let why = entry.why { because.append(why) }
        if !because.isEmpty { lines.append("      " + because.joined(separator: " — ")) }
        for platform in Platform.allCases {
            let result = entry.result(on: platform)
            guard let detail = result.detail, result.status != .skipped else { continue }
            lines.append("      \(platform.displayName): \(detail.prefix(400))")
        }
        return lines
    }

    /// `line 14`, `line 14 (Android only)`, `setup.steps:3`.
    static func place(_ entry: ParityEntry, in scenario: ScenarioParity) -> String {
        var place: String
        if entry.location == "audit" {
            place = "audit"
        } else if entry.location == scenario.file {
            place = "scenario"
        } else if entry.location.hasPrefix(scenario.file + ":"), let line = entry.line {
            place = "line \(line)"
        } else {
            place = (entry.location as NSString).lastPathComponent
        }
        if let platform = entry.platform { place += " (\(platform.displayName) only)" }
        return place
    }

    // MARK: Markdown

    /// The tables of Docs/parity.md: one row per scenario run, then every row that differs by design
    /// (with its §10 row), every row that is the same by a `parity: same:` note, and every problem.
    public func markdown() -> String {
        var lines = [
            "| Scenario | iOS | Android | Same | By design | By assumption | Unexpected | spec/07 §10 rows |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for scenario in scenarios {
            let rows = Set(scenario.entries.compactMap(\.row)).sorted().map(String.init).joined(separator: ", ")
            let unexpected = scenario.count(.differsUnexpectedly) + scenario.count(.failsOnBoth)
            lines.append(
                "| \(scenario.name) | \(scenario.ios.mark) | \(scenario.android.mark) | \(scenario.count(.same)) | \(scenario.count(.differsByDesign)) | \(scenario.count(.differsByAssumption)) | \(unexpected) | \(rows) |"
            )
        }
        lines.append("")
        lines.append("**\(summary)** over \(scenarios.count) scenario runs.")
        let sections: [(String, (ParityEntry) -> Bool)] = [
            ("Differences by design", { $0.verdict == .differsByDesign }),
            (
                "Differences that rest on an assumption of spec/07 §11 (to confirm on a device)",
                { $0.verdict == .differsByAssumption }
            ),
            (
                "The same behaviour, observed through each platform's own names",
                { $0.verdict == .same && $0.platform != nil }
            ),
            ("Differences to look into", { $0.verdict.isProblem }),
        ]
        for (title, include) in sections {
            let rows = scenarios.flatMap { scenario in scenario.entries.filter(include).map { (scenario, $0) } }
            guard !rows.isEmpty else { continue }
            lines += [
                "", "### \(title)", "", "| Scenario | Where | Runs on | Expectation | Why |",
                "| --- | --- | --- | --- | --- |",
            ]
            for (scenario, entry) in rows {
                let where_ = Self.place(entry, in: scenario).replacingOccurrences(
                    of: " (\(entry.platform?.displayName ?? "") only)", with: "")
                lines.append(
                    "| \(scenario.name) | \(where_) | \(entry.runsOn) | `\(Self.cell(entry.source))` | \(Self.cell(entry.explanation)) |"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Text made safe inside a Markdown table cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
