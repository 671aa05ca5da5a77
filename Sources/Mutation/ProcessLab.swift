import Foundation

/// The campaign's lab: the schema build's `simctl scenario run` in a process of its own per
/// request, with `SIM_MUTANT` naming the mutant (read once by every tool at start-up) and, for the
/// baseline, `SIM_MUTANT_TRACE` naming a folder where each process lists the points it reaches.
public struct ProcessLab: MutantLab {
    /// The schema build's tools.
    public var bin: URL
    /// Where the scenario files' paths are relative to (the repository).
    public var directory: URL
    /// A step running longer than this fails its scenario (a mutant that loops forever).
    public var stepTimeout: Int

    public init(bin: URL, directory: URL, stepTimeout: Int = 30) {
        self.bin = bin
        self.directory = directory
        self.stepTimeout = stepTimeout
    }

    public func run(_ request: LabRequest) -> LabRun {
        var environment = ["SIM_MUTANT": request.mutant ?? ""]
        var traceFolder: URL?
        if request.trace {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "mutant-trace-\(UUID().uuidString)", isDirectory: true)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            environment["SIM_MUTANT_TRACE"] = folder.path
            traceFolder = folder
        }
        defer { if let traceFolder { try? FileManager.default.removeItem(at: traceFolder) } }
        var arguments =
            ["scenario", "run"] + request.files + [
                "--platform", request.platform, "--json", "--no-timings", "--jobs", "1", "--step-timeout",
                String(stepTimeout),
            ]
        if request.failFast { arguments.append("--fail-fast") }
        if request.keep { arguments.append("--keep") }
        let limit = TimeInterval(120 + stepTimeout * 2 * request.files.count)
        let result = Shell.run(
            bin.appendingPathComponent("simctl", isDirectory: false).path, arguments, environment: environment,
            directory: directory,
            timeout: limit)
        var run = Self.parse(result.stdout)
        run.seconds = result.seconds
        run.timedOut = result.timedOut
        if run.problem == nil, run.scenarios.isEmpty, !result.timedOut {
            run.problem = "simctl ended with status \(result.status) and no report: \(result.stderr.suffix(400))"
        }
        if let traceFolder { run.reached = Self.reached(in: traceFolder) }
        return run
    }

    /// The scenarios of `simctl scenario run --json`; a report that cannot be read is a problem.
    static func parse(_ output: String) -> LabRun {
        struct Suite: Decodable {
            struct Entry: Decodable {
                struct Result: Decodable {
                    var name: String
                    var seconds: Double?
                    var failure: LabRun.Failure?
                    var keptWorld: String?
                }
                var file: String
                var status: String
                var result: Result?
                var error: String?
            }
            var scenarios: [Entry]
        }
        guard let start = output.firstIndex(of: "{"),
            let suite = try? JSONDecoder().decode(Suite.self, from: Data(output[start...].utf8))
        else {
            return LabRun(scenarios: [], problem: output.isEmpty ? nil : "unreadable report: \(output.prefix(300))")
        }
        return LabRun(
            scenarios: suite.scenarios.map { entry in
                let name =
                    entry.result?.name
                    ?? URL(fileURLWithPath: entry.file).deletingPathExtension().lastPathComponent
                let status = LabRun.Scenario.Status(rawValue: entry.status) ?? .failed
                let failure =
                    entry.result?.failure
                    ?? entry.error.map {
                        LabRun.Failure(location: entry.file, step: "parse", expected: "a scenario", actual: $0)
                    }
                return LabRun.Scenario(
                    file: entry.file, name: name, status: status, seconds: entry.result?.seconds ?? 0, failure: failure,
                    world: entry.result?.keptWorld)
            })
    }

    /// The schema's audit over kept worlds with the mutant on: `simctl mutate audit` audits them all in
    /// one process; a schema without that command gets one `simctl audit` per world.
    public func audit(worlds: [String], platform: String, mutant: String) -> (world: Int, failure: LabRun.Failure)? {
        let simctl = bin.appendingPathComponent("simctl", isDirectory: false).path
        let batch = Shell.run(
            simctl, ["mutate", "audit"] + worlds, environment: ["SIM_MUTANT": mutant], directory: directory,
            timeout: TimeInterval(stepTimeout * 2 + worlds.count))
        struct Verdicts: Decodable {
            struct Verdict: Decodable {
                var violations: [String]
                var error: String?
            }
            var worlds: [Verdict]
        }
        if batch.status == 0, let start = batch.stdout.firstIndex(of: "{"),
            let verdicts = try? JSONDecoder().decode(Verdicts.self, from: Data(batch.stdout[start...].utf8)),
            verdicts.worlds.count == worlds.count
        {
            guard let index = verdicts.worlds.firstIndex(where: { !$0.violations.isEmpty || $0.error != nil }) else {
                return nil
            }
            let verdict = verdicts.worlds[index]
            return (index, Self.auditFailure(verdict.error ?? verdict.violations.joined(separator: "; ")))
        }
        if batch.status != 2 {
            // The batch itself broke (the mutant crashed the audit): the first world's run would have too.
            let actual =
                batch.timedOut ? "no answer within the time limit" : "exit \(batch.status): \(batch.stderr.suffix(300))"
            return (0, Self.auditFailure(actual))
        }
        for (index, world) in worlds.enumerated() {
            let result = Shell.run(
                simctl, ["audit", "--world", world, "--json"], environment: ["SIM_MUTANT": mutant],
                directory: directory, timeout: TimeInterval(stepTimeout * 2))
            if result.status == 0 { continue }
            return (
                index, Self.auditFailure(result.timedOut ? "no answer within the time limit" : Self.violations(result))
            )
        }
        return nil
    }

    static func auditFailure(_ actual: String) -> LabRun.Failure {
        LabRun.Failure(
            location: "audit", step: "(audit at the end of the scenario)", expected: "no violation", actual: actual)
    }

    /// `simctl audit --json`'s violations, or how it ended.
    static func violations(_ result: Shell.Result) -> String {
        struct Report: Decodable {
            struct Violation: Decodable {
                var invariant: String
                var message: String
            }
            var violations: [Violation]?
        }
        let violations =
            result.stdout.firstIndex(of: "{").flatMap {
                try? JSONDecoder().decode(Report.self, from: Data(result.stdout[$0...].utf8))
            }?.violations ?? []
        return violations.isEmpty
            ? "exit \(result.status): \(result.stderr.suffix(300))"
            : violations.map { "\($0.invariant): \($0.message)" }.joined(separator: "; ")
    }

    /// The ids every process of a traced run listed.
    static func reached(in folder: URL) -> Set<String> {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        var ids: Set<String> = []
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            ids.formUnion(text.split(separator: "\n").map(String.init))
        }
        return ids
    }
}
