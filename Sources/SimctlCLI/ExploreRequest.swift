import ContractNames
import Exploration
import Foundation
import Harnesses
import Scenarios
import SimCLI

/// What `simctl explore` was asked, read once from the command line: the lanes, the setup, the
/// checks and the limits. It also writes the command lines that replay one schedule.
struct ExploreRequest: Sendable {
    var lanes: [String]
    var setupText: String?
    var setupFile: String?
    var outcomes: [String]
    var expectations: [String]
    var bound: Int?
    var reduction = true
    var deduplication = true
    var maxSchedules: Int?
    var maxSeconds: Double?
    var jobs: Int?
    var scratch: String?
    var processPerAction = false
    /// The platform of every world the exploration makes (`--platform`; Docs/android.md).
    var platform: Platform = .default

    /// Reads the options shared by an exploration, a replay and (without lanes) a matrix.
    static func parse(_ args: inout Arguments, lanesRequired: Bool) throws -> ExploreRequest {
        let setupText = try args.option("--setup")
        let setupFile = try args.option("--setup-file")
        if setupText != nil, setupFile != nil {
            throw CLIError.usage("Give --setup or --setup-file, not both.")
        }
        let a = try args.option("--a")
        let b = try args.option("--b")
        let c = try args.option("--c")
        var lanes: [String] = []
        if let a, let b {
            lanes = [a, b] + (c.map { [$0] } ?? [])
        } else if lanesRequired || a != nil || b != nil || c != nil {
            throw CLIError.usage("Give the lanes: --a STEPS --b STEPS, and --c STEPS for a third.")
        }
        let boundText = try args.option("--bound")
        var bound: Int? = 2
        if let boundText {
            if boundText == "all" {
                bound = nil
            } else if let value = Int(boundText), value >= 0 {
                bound = value
            } else {
                throw CLIError.usage("--bound takes a whole number of preemptions or `all`, not '\(boundText)'.")
            }
        }
        var request = ExploreRequest(
            lanes: lanes, setupText: setupText, setupFile: setupFile, outcomes: try args.options("--outcome"),
            expectations: try args.options("--expect"), bound: bound)
        request.reduction = !args.flag("--no-reduction")
        request.deduplication = !args.flag("--no-dedup")
        request.maxSchedules = try args.option("--max-schedules", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        request.maxSeconds = try args.option("--max-seconds", expecting: "a positive number of seconds") {
            Double($0).flatMap { $0 > 0 ? $0 : nil }
        }
        request.jobs = try args.option("--jobs", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        request.scratch = try args.option("--scratch")
        request.processPerAction = args.flag("--process-per-action")
        request.platform = try args.platform()
        return request
    }

    var options: ExplorationOptions {
        ExplorationOptions(
            bound: bound, reduction: reduction, deduplication: deduplication, maxSchedules: maxSchedules,
            maxSeconds: maxSeconds, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The runner of the setup, the lanes and the checks: it makes worlds of the request's platform.
    var runner: ScenarioRunner {
        var runner = ScenarioRunner()
        runner.platform = platform
        return runner
    }

    /// `, on Android worlds` after a report's first line; nothing on iOS, whose reports predate platforms.
    var platformSuffix: String { platform.isDefault ? "" : ", on \(platform.displayName) worlds" }

    /// The platform as the JSON documents name it: absent on iOS, so iOS documents stay as they were.
    var platformName: String? { platform.isDefault ? nil : platform.rawValue }

    /// The setup script: the file as written, then `--setup` (`;` separating lines).
    func setup() throws -> String {
        var setup = (setupText ?? "").replacingOccurrences(of: ";", with: "\n")
        if let setupFile {
            setup =
                String(
                    decoding: try UserFile.read(setupFile, what: "--setup-file", limit: .scenarioFile), as: UTF8.self)
                + "\n" + setup
        }
        return setup
    }

    func configuration(backendDigest: (@Sendable (URL) -> String)? = nil) throws -> ExploreHarness.Configuration {
        var configuration = ExploreHarness.Configuration(
            setup: try setup(), lanes: lanes, outcomes: outcomes, invariants: expectations.joined(separator: "\n"),
            options: options)
        if let setupFile { configuration.setupPath = setupFile }
        configuration.processPerAction = processPerAction
        configuration.backendDigest = backendDigest
        if let scratch {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: scratch, isDirectory: &isFolder), isFolder.boolValue else {
                throw CLIError.usage("--scratch \(scratch) is not a folder.")
            }
            configuration.scratchRoot = URL(fileURLWithPath: scratch)
        }
        return configuration
    }

    /// The command that runs exactly `schedule` again (`--replay`), or the exploration itself.
    func command(replay schedule: Schedule? = nil) -> String {
        let quote = RaceCommands.quote
        var words = ["simctl", "explore"]
        if let setupFile { words += ["--setup-file", quote(setupFile)] }
        if let setupText { words += ["--setup", quote(setupText)] }
        // Without it the replay would run on an iOS world: a different phone, not the same schedule.
        words += platform.optionWords
        for (index, lane) in lanes.enumerated() { words += ["--\(Schedule.name(ofLane: index))", quote(lane)] }
        words += expectations.flatMap { ["--expect", quote($0)] } + outcomes.flatMap { ["--outcome", quote($0)] }
        if let schedule {
            words += ["--replay", schedule.description]
        } else {
            if let bound, bound != 2 { words += ["--bound", String(bound)] }
            if bound == nil { words += ["--bound", "all"] }
            if !reduction { words.append("--no-reduction") }
            if !deduplication { words.append("--no-dedup") }
        }
        if processPerAction { words.append("--process-per-action") }
        return words.joined(separator: " ")
    }

    /// `2` or `all`.
    var boundText: String { bound.map(String.init) ?? "all" }

    /// The request that explores one pair of a matrix on its own (for its replay commands).
    func forPair(_ pair: RaceMatrix.Pair) -> ExploreRequest {
        var request = self
        request.lanes = [pair.ring.steps, pair.bitkit.steps]
        request.setupFile = pair.world.setupFile
        request.setupText = nil
        request.expectations = []
        return request
    }
}
