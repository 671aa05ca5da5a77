import Foundation

/// The campaign's figures: every mutant's outcome, the counts per group, module and operator, and
/// how long it took. Printed as a table, Markdown (Docs/mutation.md) or JSON; `MutationPages` draws
/// the HTML.
public struct CampaignReport: Encodable, Sendable {
    public struct Counts: Encodable, Sendable, Equatable {
        public var mutants = 0
        public var killed = 0
        public var survived = 0
        public var equivalent = 0
        public var didNotBuild = 0

        /// Killed among the mutants that built and are not equivalent; nil when there are none.
        public var score: Double? {
            killed + survived == 0 ? nil : Double(killed) / Double(killed + survived)
        }

        mutating func add(_ outcome: MutantOutcome?) {
            mutants += 1
            switch outcome {
            case .killed: killed += 1
            case .survived, nil: survived += 1
            case .equivalent: equivalent += 1
            case .didNotBuild: didNotBuild += 1
            }
        }

        enum CodingKeys: String, CodingKey { case mutants, killed, survived, equivalent, didNotBuild, score }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mutants, forKey: .mutants)
            try container.encode(killed, forKey: .killed)
            try container.encode(survived, forKey: .survived)
            try container.encode(equivalent, forKey: .equivalent)
            try container.encode(didNotBuild, forKey: .didNotBuild)
            try container.encodeIfPresent(score.map { ($0 * 1000).rounded() / 1000 }, forKey: .score)
        }
    }

    public struct Row: Encodable, Sendable {
        public var name: String
        public var group: String?
        public var counts: Counts
    }

    public struct Mutant: Encodable, Sendable {
        public var id: String
        public var op: MutationOperator
        public var file: String
        public var module: String
        public var group: String
        public var declaration: String
        public var line: Int
        public var original: String
        public var mutated: String
        public var status: String
        /// The scenario run that killed it, its platform and what failed (`expectation`, `audit`, `timeout`, `crash`).
        public var killedBy: String?
        public var platform: String?
        public var by: String?
        public var failure: LabRun.Failure?
        /// The equivalent mutant's reason, or the compiler's message.
        public var reason: String?
        /// Scenario files × platforms that reach the point, and the lab runs the mutant took.
        public var reachedBy: Int?
        public var runs: Int?
        public var seconds: Double?
    }

    public struct Timing: Encodable, Sendable {
        public var wallSeconds: Double
        public var buildSeconds: Double
        public var coverageSeconds: Double
        public var evaluationSeconds: Double
        /// Mutants evaluated (killed or survived) per minute of the whole campaign's wall time.
        public var mutantsPerMinute: Double
        public var jobs: Int
        public var platforms: [String]
        public var files: Int

        public init(
            wallSeconds: Double, buildSeconds: Double, coverageSeconds: Double, evaluationSeconds: Double,
            mutantsPerMinute: Double, jobs: Int, platforms: [String], files: Int
        ) {
            self.wallSeconds = wallSeconds
            self.buildSeconds = buildSeconds
            self.coverageSeconds = coverageSeconds
            self.evaluationSeconds = evaluationSeconds
            self.mutantsPerMinute = mutantsPerMinute
            self.jobs = jobs
            self.platforms = platforms
            self.files = files
        }
    }

    public var timing: Timing
    public var total: Counts
    public var groups: [Row]
    public var modules: [Row]
    public var operators: [Row]
    public var mutants: [Mutant]
    /// Files that fail without any mutant (they can kill nothing), per platform.
    public var baselineFailures: [String]
    /// What the reader should know: unmatched scope lines, unreadable files, stale equivalents.
    public var notes: [String]

    public init(
        points: [MutationPoint], result: Campaign.Result, timing: Timing, notes: [String]
    ) {
        var total = Counts()
        var groups: [String: Counts] = [:]
        var modules: [String: (String, Counts)] = [:]
        var operators: [MutationOperator: Counts] = [:]
        var mutants: [Mutant] = []
        for point in points {
            let outcome = result.outcomes[point.id]
            total.add(outcome)
            groups[point.group, default: Counts()].add(outcome)
            modules[point.module, default: (point.group, Counts())].1.add(outcome)
            operators[point.op, default: Counts()].add(outcome)
            var mutant = Mutant(
                id: point.id, op: point.op, file: point.file, module: point.module, group: point.group,
                declaration: point.declaration, line: point.line, original: point.original, mutated: point.mutated,
                status: outcome?.status ?? "survived", reachedBy: result.reachedBy[point.id],
                runs: result.runs[point.id],
                seconds: result.seconds[point.id].map { ($0 * 100).rounded() / 100 })
            switch outcome {
            case .killed(let kill):
                mutant.killedBy = kill.scenario
                mutant.platform = kill.platform
                mutant.by = kill.by
                mutant.failure = kill.failure
            case .equivalent(let reason), .didNotBuild(let reason): mutant.reason = reason
            case .survived, nil: break
            }
            mutants.append(mutant)
        }
        self.timing = timing
        self.total = total
        self.groups = groups.keys.sorted().map { Row(name: $0, counts: groups[$0] ?? Counts()) }
        self.modules = modules.keys.sorted().map {
            Row(name: $0, group: modules[$0]?.0, counts: modules[$0]?.1 ?? Counts())
        }
        self.operators = operators.keys.sorted().map { Row(name: $0.rawValue, counts: operators[$0] ?? Counts()) }
        self.mutants = mutants
        self.baselineFailures = result.baselines.filter { !$0.passed }.map {
            "\($0.file) (\($0.platform)): \($0.failure ?? "failed")"
        }
        self.notes = notes
    }

    public var survivors: [Mutant] { mutants.filter { $0.status == "survived" } }

    static func percent(_ score: Double?) -> String {
        score.map { String(format: "%.1f %%", $0 * 100) } ?? "–"
    }

    /// The table a terminal shows: per module, per group, the total, then each survivor.
    public func text() -> String {
        var lines: [String] = []
        let header = ["module", "group", "mutants", "killed", "survived", "equivalent", "did not build", "score"]
        var rows = modules.map { [$0.name, $0.group ?? ""] + Self.cells($0.counts) }
        rows += groups.map { ["all \($0.name)", ""] + Self.cells($0.counts) }
        rows.append(["total", ""] + Self.cells(total))
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        lines.append(line(header))
        lines += rows.map(line)
        lines.append("")
        for survivor in survivors {
            let reach =
                (survivor.reachedBy ?? 0) == 0 ? "no scenario reaches it" : "\(survivor.reachedBy ?? 0) run(s) reach it"
            lines.append(
                "SURVIVED \(survivor.id)  \(survivor.file):\(survivor.line)  \(survivor.declaration)  (\(reach))")
            lines.append("         \(survivor.original)")
            lines.append("      →  \(survivor.mutated.isEmpty ? "(deleted)" : survivor.mutated)")
        }
        for failure in baselineFailures { lines.append("FAILS WITHOUT A MUTANT \(failure)") }
        for note in notes { lines.append("note: \(note)") }
        lines.append(summaryLine)
        return lines.joined(separator: "\n")
    }

    public var summaryLine: String {
        "\(total.mutants) mutant(s): \(total.killed) killed, \(total.survived) survived, \(total.equivalent) equivalent, "
            + "\(total.didNotBuild) did not build; score \(Self.percent(total.score)) "
            + String(format: "(%.0f s, %.1f mutants/min)", timing.wallSeconds, timing.mutantsPerMinute)
    }

    static func cells(_ counts: Counts) -> [String] {
        [counts.mutants, counts.killed, counts.survived, counts.equivalent, counts.didNotBuild].map(String.init)
            + [percent(counts.score)]
    }

    /// The per-module table of Docs/mutation.md.
    public func markdown() -> String {
        var lines = [
            "| module | group | mutants | killed | survived | equivalent | did not build | score |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for row in modules {
            lines.append(
                "| `\(row.name)` | \(row.group ?? "") | " + Self.cells(row.counts).joined(separator: " | ") + " |")
        }
        for row in groups {
            lines.append("| all \(row.name) | | " + Self.cells(row.counts).joined(separator: " | ") + " |")
        }
        lines.append("| **total** | | " + Self.cells(total).map { "**\($0)**" }.joined(separator: " | ") + " |")
        lines.append("")
        lines.append(
            "| operator | mutants | killed | survived | equivalent | did not build | score |")
        lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for row in operators {
            lines.append("| \(row.name) | " + Self.cells(row.counts).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
